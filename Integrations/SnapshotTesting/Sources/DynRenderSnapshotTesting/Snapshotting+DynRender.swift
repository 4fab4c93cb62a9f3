// swift-snapshot-testing's strategies for dynrender scenes: a thin bridge to DynRenderTesting's
// own strategies (`SnapshotStrategy`), whose snapshots and comparisons it reuses; only the
// storage and the record modes are swift-snapshot-testing's.
@_exported import DynRenderTesting
import Foundation
import SnapshotTesting

extension Snapshotting where Value == Scene, Format == Snapshot {
    /// The scene drawn at `time` seconds from its start, at `scale` pixels per point, as a PNG,
    /// compared pixel by pixel within `options` (exact by default).
    public static func png(at time: Double, scale: Double = 1, options: DiffOptions = .exact) -> Snapshotting {
        .dynrender(.frames(at: [time], scale: scale, options: options), pathExtension: "png")
    }

    /// The scene's first `duration` seconds as an animated GIF, compared frame by frame as shown,
    /// delays included.
    public static func gif(duration: Double, fps: Double = 30, scale: Double = 1, options: DiffOptions = .exact) -> Snapshotting {
        .dynrender(.gif(duration: duration, fps: fps, scale: scale, options: options), pathExtension: "gif")
    }

    /// The scene's first `duration` seconds as an animated PNG, compared as the GIF is.
    public static func apng(duration: Double, fps: Double = 30, scale: Double = 1, options: DiffOptions = .exact) -> Snapshotting {
        .dynrender(.apng(duration: duration, fps: fps, scale: scale, options: options), pathExtension: "png")
    }

    /// The scene's first `duration` seconds as an animated WebP (lossless unless `quality` is
    /// given), compared as the GIF is.
    public static func webp(duration: Double, fps: Double = 30, scale: Double = 1, quality: Double? = nil,
                            options: DiffOptions = .exact) -> Snapshotting {
        .dynrender(.webp(duration: duration, fps: fps, scale: scale, quality: quality, options: options), pathExtension: "webp")
    }

    /// The scene's display lists as text, `fps` a second: a `t=` line per frame and one line of
    /// display-list JSON per entry; a failure names the entries that moved.
    public static func trace(duration: Double, fps: Double = 10) -> Snapshotting {
        .dynrender(.trace(duration: duration, fps: fps), pathExtension: "txt")
    }
}

extension Snapshotting where Format == Snapshot {
    /// Any dynrender strategy that keeps one file (a single still, a GIF, an APNG, a WebP or text), for any
    /// value: pull a scene strategy back to your own type first, or use `pullback` here.
    ///
    /// A render error (an impossible option, such as a frame rate of 0), or a strategy that makes
    /// several stills (kept as a directory, not one file), stops the test run with its message:
    /// swift-snapshot-testing's strategies cannot throw, and recording a failure or an empty file
    /// as a reference would be worse.
    public static func dynrender(_ strategy: SnapshotStrategy<Value>, pathExtension: String) -> Snapshotting {
        let options = strategy.options
        return Snapshotting(pathExtension: pathExtension, diffing: .dynrender(options: options)) { value in
            let snapshot: Snapshot
            do {
                snapshot = try strategy.snapshot(value)
            } catch {
                fatalError("dynrender could not render the snapshot: \(error)")
            }
            // Several stills are a directory, not one reference file: refuse rather than record
            // an empty reference.
            guard snapshot.pathExtension != nil else {
                fatalError("dynrender: this strategy makes several stills; use .png(at:) once per time")
            }
            return snapshot
        }
    }
}

extension Diffing where Value == Snapshot {
    /// Snapshots kept as their files' bytes and compared by dynrender: images decoded and compared
    /// frame by frame within `options` (a report with expected, actual and diff side by side is
    /// written to `$DYNRENDER_ARTIFACTS`, or the temporary directory, and named in the message),
    /// text line by line.
    public static func dynrender(options: DiffOptions) -> Diffing {
        .diff(
            // Every snapshot here keeps one file (checked when it is made).
            toData: { snapshot in Data((try? snapshot.fileBytes()) ?? []) },
            fromData: { data in (try? Snapshot.fromGolden(Array(data))) ?? .text(String(decoding: data, as: UTF8.self)) },
            diffV2: { reference, new in
                guard let expected = try? reference.fileBytes() else { return ("the reference could not be read", []) }
                let artifacts = Goldens.artifactsDirectory(for: "snapshot-testing-" + UUID().uuidString)
                do {
                    guard let message = try new.difference(fromGolden: expected, path: "the reference", options: options,
                                                           artifacts: artifacts) else { return nil }
                    return (message, [])
                } catch {
                    return ("the reference could not be compared: \(error)", [])
                }
            })
    }
}
