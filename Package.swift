// swift-tools-version:5.9
// dynrender: UIKit-Dynamics-style physics, rendered headlessly to GIF and PNG.
import PackageDescription

let package = Package(
    name: "dynrender",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "dynrender", targets: ["dynrender"]),
        .executable(name: "dynrender-physics-bench", targets: ["PhysicsBenchmark"]),
        .executable(name: "dynrender-raster-bench", targets: ["RasterBenchmark"]),
        .executable(name: "dynrender-layout-bench", targets: ["LayoutBenchmark"]),
        .executable(name: "dynrender-diff-bench", targets: ["DiffBenchmark"]),
        // Everything a user needs to define and render their own scenes.
        .library(name: "DynRender",
                 targets: ["Geometry", "Pixels", "Dynamics", "Layout", "Raster", "Codecs", "Scene", "Demos", "Rendering", "Diff"]),
        // Golden-frame assertions for users' test targets (and dynrender's own golden tests).
        .library(name: "DynRenderTesting", targets: ["DynRenderTesting"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.3.0"),
    ],
    targets: [
        // The real C libraries, reached through system library targets.
        .systemLibrary(
            name: "CPNG", pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"]), .brew(["libpng"])]),
        .systemLibrary(
            name: "CGIF", pkgConfig: "libgif",
            providers: [.apt(["libgif-dev"]), .brew(["giflib"])]),

        // Vectors, affine transforms and rotations shared by physics and pixels.
        .target(name: "Geometry"),
        // RGBA images and colours: the value handed from the rasteriser to the codecs.
        .target(name: "Pixels"),
        // The UIKit Dynamics model and its rigid-body solver; knows nothing about pixels.
        .target(name: "Dynamics", dependencies: ["Geometry"]),
        // Display list (value types) to an anti-aliased RGBA canvas.
        .target(name: "Raster", dependencies: ["Geometry", "Pixels"]),
        // PNG and GIF through libpng and giflib, plus atomic file output.
        .target(name: "Codecs", dependencies: ["CPNG", "CGIF", "Pixels"]),
        // A headless collection view, the flow layout and the springy, draggable and Newtonian layouts.
        .target(name: "Layout", dependencies: ["Geometry", "Dynamics", "Raster"]),
        // What a demo is: views driven by dynamics, turned into display lists.
        .target(name: "Scene", dependencies: ["Geometry", "Dynamics", "Layout", "Raster"]),
        // The registry of demos and one file per demo.
        .target(name: "Demos", dependencies: ["Scene", "Layout", "Dynamics", "Geometry", "Pixels"]),
        // The streaming frame pipeline: sample a scene, rasterise, encode, write atomically.
        .target(name: "Rendering", dependencies: ["Demos", "Scene", "Raster", "Codecs", "Pixels", "Diff"]),
        // Image and sequence comparison: counts, perceptual threshold, anti-aliasing, diff images.
        .target(name: "Diff", dependencies: ["Pixels", "Codecs"]),
        // Golden frames: assertions with record mode and failure artefacts.
        .target(name: "DynRenderTesting", dependencies: ["Diff", "Rendering", "Scene", "Raster", "Codecs", "Pixels"]),
        // The command-line tool: argument parsing only, composing the modules above.
        .executableTarget(
            name: "dynrender",
            dependencies: [
                "Rendering", "Demos", "Codecs", "Diff",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),

        // Times the shared physics workloads (release build; see README, Benchmarks).
        .executableTarget(name: "PhysicsBenchmark", dependencies: ["Dynamics"]),
        // Times rasterisation of display-list workloads (release build; see README, Benchmarks).
        .executableTarget(name: "RasterBenchmark", dependencies: ["Raster", "Rendering"]),
        // Times the springy layout while scrolling at 120, 10 000 and 1 000 000 items (release build).
        .executableTarget(name: "LayoutBenchmark", dependencies: ["Layout"]),
        // Times image comparison of 780x1688 frames (release build).
        .executableTarget(name: "DiffBenchmark", dependencies: ["Diff", "Raster", "Rendering", "Codecs"]),

        .testTarget(name: "GeometryTests", dependencies: ["Geometry"]),
        .testTarget(name: "DynamicsTests", dependencies: ["Dynamics", "Geometry"]),
        .testTarget(name: "LayoutTests", dependencies: ["Layout", "Dynamics", "Geometry"]),
        .testTarget(name: "RasterTests", dependencies: ["Raster", "Pixels", "Geometry"]),
        .testTarget(name: "CodecsTests", dependencies: ["Codecs", "Pixels"]),
        .testTarget(name: "RenderingTests", dependencies: ["Rendering", "Demos", "Scene", "Layout", "Codecs", "Pixels"]),
        .testTarget(name: "DiffTests", dependencies: ["Diff", "Codecs", "Pixels"]),
        .testTarget(name: "GoldenTests", dependencies: ["DynRenderTesting", "Diff", "Demos", "Rendering", "Scene", "Layout", "Pixels"]),
        .testTarget(name: "CLITests", dependencies: ["dynrender", "Codecs", "Pixels"]),
    ]
)
