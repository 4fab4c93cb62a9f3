// swift-tools-version:5.9
// A first dynrender program: a scene of your own, rendered to a GIF.
import PackageDescription

let package = Package(
    name: "FallingSquares",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "dynrender", path: "../..")],
    targets: [
        .executableTarget(
            name: "FallingSquares",
            dependencies: [.product(name: "DynRender", package: "dynrender")]),
    ]
)
