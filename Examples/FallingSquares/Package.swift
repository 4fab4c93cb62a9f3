// swift-tools-version:5.9
// A first dynrender program: a scene of your own, rendered to a GIF and guarded by golden frames.
import PackageDescription

let package = Package(
    name: "FallingSquares",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "dynrender", path: "../..")],
    targets: [
        // The scene: views, behaviours and a timeline, written with the public API.
        .target(
            name: "FallingSquaresScene",
            dependencies: [.product(name: "DynRender", package: "dynrender")]),
        // `swift run FallingSquares out.gif` renders it.
        .executableTarget(
            name: "FallingSquares",
            dependencies: ["FallingSquaresScene", .product(name: "DynRender", package: "dynrender")]),
        // `swift test` compares its key frames with the PNGs in Tests/FallingSquaresTests/Goldens.
        .testTarget(
            name: "FallingSquaresTests",
            dependencies: ["FallingSquaresScene", .product(name: "DynRenderTesting", package: "dynrender")],
            exclude: ["Goldens"]),
    ]
)
