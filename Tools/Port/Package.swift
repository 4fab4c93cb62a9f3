// swift-tools-version:5.9
// dynrender-port: rewrites what Swift on Linux cannot compile in an app's UIKit code (target-action
// with #selector, @objc and Interface Builder attributes, `import UIKit`, KVC's debug switch) into
// what DynRenderUIKit offers, and reports what it cannot rewrite. A package of its own, beside the
// main one, so users who never port code never build swift-syntax.
import PackageDescription

let package = Package(
    name: "dynrender-port",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "dynrender-port", targets: ["dynrender-port"]),
        .library(name: "DynRenderPort", targets: ["DynRenderPort"]),
    ],
    dependencies: [
        // The swift-syntax release made for the toolchain (Swift 6.3).
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.3.0"),
        // The round-trip tests compile rewritten code against DynRenderUIKit and run it.
        .package(name: "dynrender", path: "../.."),
    ],
    targets: [
        // The rewriter: parse, rewrite, report, diff; no I/O beyond what the caller hands it.
        .target(name: "DynRenderPort", dependencies: [
            .product(name: "SwiftSyntax", package: "swift-syntax"),
            .product(name: "SwiftParser", package: "swift-syntax"),
            .product(name: "SwiftDiagnostics", package: "swift-syntax"),
            .product(name: "SwiftParserDiagnostics", package: "swift-syntax"),
        ]),
        // The command: files and directories in, a unified diff or in-place rewrites out.
        .executableTarget(name: "dynrender-port", dependencies: [
            "DynRenderPort", .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .testTarget(name: "DynRenderPortTests", dependencies: [
            "DynRenderPort", .product(name: "DynRenderUIKit", package: "dynrender"),
        ], exclude: ["Fixtures"]),
    ]
)
