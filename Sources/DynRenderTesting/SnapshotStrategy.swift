import Foundation

/// What a strategy makes of a value: the thing kept as a golden and compared with it.
///
/// ```swift
/// let snapshot = try SnapshotStrategy<Scene>.trace(duration: 1).snapshot(MyScene())
/// if case .text(let text) = snapshot { print(text.prefix(200)) }
/// ```
public enum Snapshot {
    /// Frames at key times, kept as `<t>.png` files in a directory and compared pixel by pixel.
    case stills([Still])
    /// An animated GIF's bytes, kept as `<name>.gif` and compared frame by frame as shown, delays
    /// included.
    case gif([UInt8])
    /// An animated PNG's bytes, kept as `<name>.png` and compared as a GIF is.
    case apng([UInt8])
    /// An animated WebP's bytes, kept as `<name>.webp` and compared as a GIF is.
    case webp([UInt8])
    /// Text, kept as `<name>.txt` and compared line by line (a display-list trace, say).
    case text(String)
}

/// A way to snapshot values of one type, in the manner of swift-snapshot-testing's
/// `Snapshotting`: how to make the snapshot and how much difference passes. dynrender gives
/// scenes five (`frames(at:)`, `gif(duration:)`, `apng(duration:)`, `webp(duration:)`,
/// `trace(duration:)`); a type of
/// your own gets them by `pullback`, mapping it to a scene:
///
/// ```swift
/// extension SnapshotStrategy where Value == CardStack {
///     static func frames(at times: [Double]) -> Self {
///         SnapshotStrategy<Scene>.frames(at: times).pullback { stack in CardStackScene(stack) }
///     }
/// }
/// ```
public struct SnapshotStrategy<Value> {
    /// How much difference passes when images are compared (text must match exactly).
    public var options: DiffOptions
    /// Makes the snapshot of a value.
    public var snapshot: (Value) throws -> Snapshot

    /// A strategy that makes its snapshot with `snapshot` and compares images within `options`.
    public init(options: DiffOptions = .exact, snapshot: @escaping (Value) throws -> Snapshot) {
        self.options = options
        self.snapshot = snapshot
    }

    /// The same strategy for another type, through `transform`.
    public func pullback<NewValue>(_ transform: @escaping (NewValue) throws -> Value) -> SnapshotStrategy<NewValue> {
        let snapshot = self.snapshot
        return SnapshotStrategy<NewValue>(options: options) { try snapshot(transform($0)) }
    }
}

extension SnapshotStrategy where Value == Scene {
    /// The scene drawn at each of `times` (seconds from its start), at `scale` pixels per point:
    /// one PNG golden per time, `<t>.png`, named with two decimals.
    public static func frames(at times: [Double], scale: Double = 1, options: DiffOptions = .exact) -> Self {
        SnapshotStrategy(options: options) { scene in .stills(Still.render(scene, at: times, scale: scale)) }
    }

    /// The scene's first `duration` seconds as an animated GIF at `fps` (dynrender's GIF encoder,
    /// which is deterministic), compared frame by frame after decoding.
    public static func gif(duration: Double, fps: Double = 30, scale: Double = 1, options: DiffOptions = .exact) -> Self {
        SnapshotStrategy(options: options) { scene in
            .gif(try renderedFile(scene, duration: duration, fps: fps, scale: scale, destination: RenderDestination.gif))
        }
    }

    /// The scene's first `duration` seconds as an animated PNG at `fps`: lossless, full alpha.
    public static func apng(duration: Double, fps: Double = 30, scale: Double = 1, options: DiffOptions = .exact) -> Self {
        SnapshotStrategy(options: options) { scene in
            .apng(try renderedFile(scene, duration: duration, fps: fps, scale: scale, destination: RenderDestination.apng))
        }
    }

    /// The scene's first `duration` seconds as an animated WebP at `fps`: lossless unless
    /// `quality` (0…100) asks for lossy frames where they are smaller — then compare with
    /// `options` that allow lossy differences.
    public static func webp(duration: Double, fps: Double = 30, scale: Double = 1, quality: Double? = nil,
                            options: DiffOptions = .exact) -> Self {
        SnapshotStrategy(options: options) { scene in
            .webp(try renderedFile(scene, duration: duration, fps: fps, scale: scale) { .webp($0, quality: quality) })
        }
    }

    /// The scene's display lists, `fps` frames a second for `duration` seconds, as text: a line
    /// `t=0.100` opens each frame, then one line of display-list JSON per entry, in drawing order.
    /// A geometry golden with no pixels in it: when it fails, the differing lines say which entry
    /// of which frame moved, and by how much.
    public static func trace(duration: Double, fps: Double = 10) -> Self {
        SnapshotStrategy { scene in
            let count = Int((duration * fps).rounded(.down)) + 1
            var text = ""
            for index in 0..<count {
                let time = Double(index) / fps
                scene.advance(to: time)
                text += String(format: "t=%.3f\n", time)
                for entry in try DisplayListJSON.encodeEntries(scene.displayList(scale: 1).shapes, imageSource: traceImageName) {
                    text += "  " + entry + "\n"
                }
            }
            return .text(text)
        }
    }

    /// A picture as the trace names it: a file by its name (not its folder, which differs from
    /// machine to machine), an embedded one by its size.
    private static func traceImageName(_ source: ImageSource) -> String {
        switch source {
        case .file(let path): return (path as NSString).lastPathComponent
        case .embedded(let png): return "embedded PNG of \(png.bytes.count) bytes"
        }
    }

    /// Renders through a file in a fresh temporary folder (the encoders write files atomically)
    /// and returns its bytes.
    private static func renderedFile(_ scene: Scene, duration: Double, fps: Double, scale: Double,
                                     destination: (String) -> RenderDestination) throws -> [UInt8] {
        let folder = (NSTemporaryDirectory() as NSString).appendingPathComponent("dynrender-snapshot-" + UUID().uuidString)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = (folder as NSString).appendingPathComponent("snapshot")
        try scene.render(duration: duration, to: destination(path), fps: fps, scale: scale)
        return try FileReader.read(path)
    }
}
