// swift-tools-version:6.0
// DynRenderSnapshotTesting: dynrender's snapshot strategies as swift-snapshot-testing
// `Snapshotting` values, so `assertSnapshot(of: scene, as: .gif(duration: 2))` records, passes and
// fails as that library's users expect, on Linux too. A package of its own, so dynrender's users
// who do not use swift-snapshot-testing never fetch it (nor the swift-syntax it resolves).
import PackageDescription

let package = Package(
    name: "DynRenderSnapshotTesting",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "DynRenderSnapshotTesting", targets: ["DynRenderSnapshotTesting"]),
    ],
    dependencies: [
        .package(name: "dynrender", path: "../.."),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
    ],
    targets: [
        .target(name: "DynRenderSnapshotTesting", dependencies: [
            .product(name: "DynRenderTesting", package: "dynrender"),
            .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
        ]),
        .testTarget(name: "DynRenderSnapshotTestingTests", dependencies: ["DynRenderSnapshotTesting"],
                    exclude: ["__Snapshots__"]),
    ],
    swiftLanguageModes: [.v5]
)
