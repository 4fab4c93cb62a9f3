// swift-tools-version:5.9
// libFuzzer targets for dynrender's inputs: display-list lines, rasterised frames, PNG, GIF and
// WebP files, scene files. Built and run by ../scripts/fuzz.sh (coverage instrumentation and AddressSanitizer on
// every module, so a trap, an overflow or an out-of-bounds access anywhere is a finding).
// A package of its own so that the fuzzer's flags never reach the main build.
import PackageDescription

let fuzzTarget: (String, [Target.Dependency]) -> Target = { name, dependencies in
    .executableTarget(name: name, dependencies: dependencies + ["FuzzSupport"], path: "Sources/\(name)")
}

let package = Package(
    name: "dynrender-fuzz",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "dynrender", path: "..")],
    targets: [
        // Starts libFuzzer from a target's own entry point.
        .target(name: "FuzzSupport"),
        // Any bytes as a display-list file: each line decoded (and held to the limits) or refused.
        fuzzTarget("FuzzDisplayList", [.product(name: "DynRender", package: "dynrender")]),
        // Bytes read as a frame's numbers (within the limits): drawn, every pixel opaque.
        fuzzTarget("FuzzRaster", [.product(name: "DynRender", package: "dynrender")]),
        // Any bytes as a PNG: decoded within the pixel limit, or refused.
        fuzzTarget("FuzzPNG", [.product(name: "DynRender", package: "dynrender")]),
        // Any bytes as a GIF: decoded and composited within the pixel limit, or refused.
        fuzzTarget("FuzzGIF", [.product(name: "DynRender", package: "dynrender")]),
        // Any bytes as a WebP, still or animated: decoded within the pixel limits, or refused.
        fuzzTarget("FuzzWebP", [.product(name: "DynRender", package: "dynrender")]),
        // Any bytes as a scene file: refused with a located error, or built, run briefly and drawn.
        fuzzTarget("FuzzSceneFile", [.product(name: "DynRender", package: "dynrender")]),
    ]
)
