// swift-tools-version:5.9
// dynrender: UIKit-Dynamics-style physics, rendered headlessly to GIF and PNG.
//
// The targets below are listed in the order the data flows, and each depends only on targets
// above it: geometry and colours → dynamics → the display list that scenes produce → scenes
// (collection views, views, timeline) → rasteriser → codecs → the pipeline that writes files;
// comparison (Diff) hangs off the side. `DynRender` re-exports the user-facing modules; the
// demos, gallery, goldens and CLI sit on top. Every module name starts with `DynRender`, so none
// can collide with SwiftUI's `Scene` and `View` or with a user's own `Layout` module.
import PackageDescription

let package = Package(
    name: "dynrender",
    platforms: [.macOS(.v13)],
    products: [
        // The command-line tool; its target is `DynRenderCLI`, its binary `dynrender`.
        .executable(name: "dynrender", targets: ["DynRenderCLI"]),
        .executable(name: "dynrender-physics-bench", targets: ["PhysicsBenchmark"]),
        .executable(name: "dynrender-raster-bench", targets: ["RasterBenchmark"]),
        .executable(name: "dynrender-layout-bench", targets: ["LayoutBenchmark"]),
        .executable(name: "dynrender-diff-bench", targets: ["DiffBenchmark"]),
        // Everything a user needs to define, render and compare their own scenes: `import DynRender`.
        .library(name: "DynRender", targets: ["DynRender"]),
        // Golden-frame assertions for users' test targets (and dynrender's own golden tests).
        .library(name: "DynRenderTesting", targets: ["DynRenderTesting"]),
        // UIKit's names over the same objects, for code ported from an app: `import DynRenderUIKit`.
        .library(name: "DynRenderUIKit", targets: ["DynRenderUIKit"]),
        // Xcode playground pages ported with DynRenderUIKit: `PlaygroundPage.current.liveView`.
        .library(name: "PlaygroundSupport", targets: ["PlaygroundSupport"]),
        // Core Motion's accelerometer and device motion, reading a scripted device tilt.
        .library(name: "CoreMotion", targets: ["CoreMotion"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.3.0"),
        // `swift package generate-documentation`: the DocC catalogs in Sources/*/*.docc.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        // Scene files' YAML (and JSON, read as YAML's flow style), with line and column marks.
        .package(url: "https://github.com/jpsim/Yams.git", from: "6.0.0"),
    ],
    targets: [
        // The rasteriser's innermost loops in C (vector extensions): path accumulation, sweep, fills.
        .target(name: "CRasterKernels"),
        // The command-line tool's allocator settings (glibc's mallopt), in C as malloc.h is not
        // part of Swift's Glibc module.
        .target(name: "CProcessTuning"),
        // Memory hints the solver gives the processor (prefetching the app's items before they
        // are written), as inline C: Swift has no prefetch of its own.
        .target(name: "CMemoryHints"),
        // The contact solver's lanes in C (vector extensions), compiled for SSE2 and for AVX2
        // and chosen at run time; the same bits either way.
        .target(name: "CContactKernels"),
        // The solver's worker threads (pthreads and C11 atomics: they spin between a step's
        // stages, which Swift's standard library cannot express on Swift 5.9).
        .target(name: "CSolverThreads"),
        // The real C libraries, reached through system library targets.
        .systemLibrary(
            name: "CPNG", pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"]), .brew(["libpng"])]),
        .systemLibrary(
            name: "CGIF", pkgConfig: "libgif",
            providers: [.apt(["libgif-dev"]), .brew(["giflib"])]),
        .systemLibrary(
            name: "CWebP", pkgConfig: "libwebpdemux",
            providers: [.apt(["libwebp-dev"]), .brew(["webp"])]),
        .systemLibrary(
            name: "CFreeType", pkgConfig: "freetype2",
            providers: [.apt(["libfreetype-dev"]), .brew(["freetype"])]),
        .systemLibrary(
            name: "CHarfBuzz", pkgConfig: "harfbuzz",
            providers: [.apt(["libharfbuzz-dev"]), .brew(["harfbuzz"])]),
        .systemLibrary(
            name: "CFontconfig", pkgConfig: "fontconfig",
            providers: [.apt(["libfontconfig-dev"]), .brew(["fontconfig"])]),

        // 1. Vectors, affine transforms, rotations and libm-free maths shared by physics and pixels.
        .target(name: "DynRenderGeometry"),
        // 2. Colours (RGBA8, iOS system colours, OKLab) and RGBA images: values every later stage passes on.
        .target(name: "DynRenderPixels"),
        // 3. The UIKit Dynamics model and its rigid-body solver; knows nothing about pixels.
        .target(name: "DynRenderDynamics", dependencies: ["DynRenderGeometry", "CMemoryHints", "CContactKernels", "CSolverThreads"]),
        // 4. The display list: one frame's drawing as value types, and its JSON Lines form.
        .target(name: "DynRenderDisplayList", dependencies: ["DynRenderGeometry", "DynRenderPixels"]),
        // 5. Text: fonts found by fontconfig, shaped by HarfBuzz, outlines and metrics from FreeType.
        .target(name: "DynRenderText",
                dependencies: ["CFreeType", "CHarfBuzz", "CFontconfig", "DynRenderGeometry", "DynRenderDisplayList"]),
        // 6. Images: PNGs of any colour type read by libpng, premultiplied and mip-mapped, cached per file.
        .target(name: "DynRenderImages", dependencies: ["CPNG", "DynRenderPixels", "DynRenderDisplayList"]),
        // 7. Scenes: views driven by dynamics, a timeline of touches and animations, drawn as display lists.
        .target(name: "DynRenderScene",
                dependencies: ["DynRenderGeometry", "DynRenderPixels", "DynRenderDynamics", "DynRenderDisplayList",
                               "DynRenderText", "DynRenderImages"]),
        // 8. Collection views (a view with a data source or item counts), the flow layout and the
        //    springy, draggable and Newtonian layouts.
        .target(name: "DynRenderCollectionViews",
                dependencies: ["DynRenderGeometry", "DynRenderPixels", "DynRenderDynamics", "DynRenderDisplayList",
                               "DynRenderScene"]),
        // 9. Display lists to anti-aliased, exact-coverage RGBA canvases.
        .target(name: "DynRenderRaster",
                dependencies: ["DynRenderGeometry", "DynRenderPixels", "DynRenderDisplayList", "DynRenderText",
                               "DynRenderImages", "CRasterKernels"]),
        // 10. PNG, APNG and GIF through libpng and giflib, plus atomic file output.
        .target(name: "DynRenderCodecs", dependencies: ["CPNG", "CGIF", "CWebP", "DynRenderGeometry", "DynRenderPixels", "DynRenderImages"]),
        // 11. The streaming pipeline: sample a scene or a trace, rasterise, encode, write atomically.
        .target(name: "DynRenderPipeline",
                dependencies: ["DynRenderGeometry", "DynRenderPixels", "DynRenderDisplayList", "DynRenderText",
                               "DynRenderImages", "DynRenderScene", "DynRenderRaster", "DynRenderCodecs"]),
        // 11a. Scene files: a scene, its timeline and outputs described in YAML or JSON.
        .target(name: "DynRenderSceneFiles",
                dependencies: ["DynRenderGeometry", "DynRenderPixels", "DynRenderDynamics", "DynRenderDisplayList",
                               "DynRenderImages", "DynRenderScene", "DynRenderCollectionViews", "DynRenderCodecs",
                               "DynRenderPipeline", .product(name: "Yams", package: "Yams")]),
        // 12. Image and sequence comparison on pixels alone: counts, perceptual threshold, anti-aliasing, diff images.
        .target(name: "DynRenderDiff", dependencies: ["DynRenderPixels"]),
        // 13. Reading PNGs, PNG directories and GIFs for comparison.
        .target(name: "DynRenderDiffFiles", dependencies: ["DynRenderDiff", "DynRenderCodecs", "DynRenderPixels"]),
        // The front door: re-exports 1–13.
        .target(name: "DynRender",
                dependencies: ["DynRenderGeometry", "DynRenderPixels", "DynRenderDynamics", "DynRenderDisplayList",
                               "DynRenderText", "DynRenderImages", "DynRenderCollectionViews", "DynRenderScene",
                               "DynRenderRaster", "DynRenderCodecs", "DynRenderPipeline", "DynRenderSceneFiles",
                               "DynRenderDiff", "DynRenderDiffFiles"]),

        // The UIKit-spelled front door: re-exports DynRender and adds UIKit's names for its types.
        .target(name: "DynRenderUIKit", dependencies: ["DynRender"]),
        // Playground pages: `import PlaygroundSupport` as in Xcode, its live view a scene to render.
        // (Named as Xcode's module, so a page's import line stays as written.)
        .target(name: "PlaygroundSupport", dependencies: ["DynRenderUIKit"]),
        // Device motion: `import CoreMotion` as in an app; the device's tilt is scripted per scene.
        // (Named as Apple's module, so an app's import line stays as written.)
        .target(name: "CoreMotion", dependencies: ["DynRenderUIKit"]),

        // Golden directories: compare stills with PNGs on disk, record them (no test framework);
        // scene files' checks run as tests.
        .target(name: "DynRenderGoldens",
                dependencies: ["DynRenderPixels", "DynRenderCodecs", "DynRenderPipeline", "DynRenderSceneFiles", "DynRenderDiff",
                               "DynRenderDiffFiles"]),
        // Golden-frame assertions for test targets: record mode, failure artefacts, attachments.
        .target(name: "DynRenderTesting", dependencies: ["DynRender", "DynRenderGoldens"]),
        // The registry of dynrender's own demos, one file per demo, rendered through the pipeline.
        .target(name: "DynRenderDemos",
                dependencies: ["DynRenderGeometry", "DynRenderPixels", "DynRenderDynamics", "DynRenderDisplayList",
                               "DynRenderImages", "DynRenderCollectionViews", "DynRenderScene", "DynRenderRaster",
                               "DynRenderCodecs", "DynRenderPipeline"]),
        // Every demo's GIF, poster, contact sheet and Markdown index (`dynrender gallery`).
        .target(name: "DynRenderGallery",
                dependencies: ["DynRenderGeometry", "DynRenderPixels", "DynRenderDisplayList", "DynRenderText",
                               "DynRenderRaster", "DynRenderCodecs", "DynRenderPipeline", "DynRenderDemos",
                               "DynRenderScene", "DynRenderSceneFiles"]),
        // The command-line tool: argument parsing only, composing the modules above.
        .executableTarget(
            name: "DynRenderCLI",
            dependencies: [
                "DynRender", "DynRenderDemos", "DynRenderGallery", "DynRenderGoldens", "CProcessTuning",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),

        // The shared physics workloads W1–W3 (shared/bench/physics/WORKLOADS.md), defined once for
        // the benchmark and the tests.
        .target(name: "DynRenderPhysicsWorkloads", dependencies: ["DynRenderGeometry", "DynRenderDynamics"]),
        // Times the shared physics workloads (release build; see README, Benchmarks).
        .executableTarget(name: "PhysicsBenchmark",
                          dependencies: ["DynRenderGeometry", "DynRenderDynamics", "DynRenderPhysicsWorkloads"]),
        // Times rasterisation of display-list workloads (release build; see README, Benchmarks).
        .executableTarget(name: "RasterBenchmark", dependencies: ["DynRender"]),
        // Times the springy layout while scrolling at 120, 10 000 and 1 000 000 items (release build).
        .executableTarget(name: "LayoutBenchmark", dependencies: ["DynRender"]),
        // Times image comparison of 780x1688 frames (release build).
        .executableTarget(name: "DiffBenchmark", dependencies: ["DynRender"]),

        // One test target per module, named after it; PackageTests checks the package itself
        // (the module graph, the public surface, the documentation's copied code, file names).
        .testTarget(name: "GeometryTests", dependencies: ["DynRenderGeometry"]),
        .testTarget(name: "DynamicsTests",
                    dependencies: ["DynRenderDynamics", "DynRenderGeometry", "DynRenderPhysicsWorkloads", "CContactKernels"]),
        .testTarget(name: "CollectionViewsTests", dependencies: ["DynRender"]),
        .testTarget(name: "SceneTests", dependencies: ["DynRender"]),
        .testTarget(name: "RasterTests", dependencies: ["DynRender", "CFreeType", "CPNG", "CRasterKernels"], exclude: ["References"]),
        .testTarget(name: "CodecsTests", dependencies: ["DynRenderCodecs", "DynRenderPixels", "DynRenderGeometry", "CGIF", "CWebP"]),
        .testTarget(name: "PipelineTests", dependencies: ["DynRender"]),
        .testTarget(name: "SceneFilesTests", dependencies: ["DynRender", "DynRenderGoldens", "DynRenderDemos"]),
        .testTarget(name: "DiffTests", dependencies: ["DynRender"]),
        .testTarget(name: "GoldensTests", dependencies: ["DynRenderTesting", "DynRenderDemos"]),
        .testTarget(name: "UIKitSnippetTests", dependencies: ["DynRenderUIKit", "PlaygroundSupport", "CoreMotion"]),
        .testTarget(name: "DemosTests", dependencies: ["DynRender", "DynRenderDemos"]),
        .testTarget(name: "CLITests", dependencies: ["DynRenderCLI", "DynRender"], exclude: ["Help"]),
        .testTarget(name: "PackageTests", exclude: ["PublicAPI"]),
    ]
)
