// swift-tools-version:5.9
// The seed's drag example ("UIKit Dynamics with UICollectionView") run unchanged but for two lines,
// through dynrender's UIKit names, and rendered to a GIF.
import PackageDescription

let package = Package(
    name: "SeedDrag",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "dynrender", path: "../..")],
    targets: [
        // The seed's three Swift pieces (SeedDrag.swift) and the timeline that plays them.
        .target(
            name: "SeedDragApp",
            dependencies: [.product(name: "DynRenderUIKit", package: "dynrender")]),
        // `swift run SeedDrag out.gif` renders the story.
        .executableTarget(
            name: "SeedDrag",
            dependencies: ["SeedDragApp", .product(name: "DynRenderUIKit", package: "dynrender")]),
        // `swift test` checks the code is the seed's and that the story happens.
        .testTarget(
            name: "SeedDragTests",
            dependencies: ["SeedDragApp", .product(name: "DynRenderUIKit", package: "dynrender")]),
    ]
)
