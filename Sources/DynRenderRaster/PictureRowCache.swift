import Foundation
import DynRenderDisplayList

/// The samples of pictures drawn unturned at the same place frame after frame — a screenshot
/// behind a scene, resampled because it was made at another scale — kept row by row, so that a
/// redrawn row composites its kept samples (`dr_put_samples`) instead of sampling the picture
/// again. A row's samples are a function of the picture's entry and the scale alone (the same
/// spans, the same stepped coordinates), so a kept row gives the bytes sampling gives.
///
/// A picture is kept from the second frame that draws it at the same place (the entry equal, its
/// opacity aside), so a picture that moves every frame costs nothing but the comparison. Rows
/// whose samples are the picture's own texels are not kept: those are copied from the picture.
/// At most `capacitySamples` samples are kept (64 MB); the picture used longest ago goes first.
/// (Rejected: keeping the canvas as it stands after the frame's unchanging first entries — it
/// would serve text and shadows too, but costs a canvas for every render, where this costs only
/// the rows of a picture that is resampled; and at scale 3, where the photos demo's memory is
/// near its goal, its screenshot is copied and nothing is kept.)
package final class PictureRowCache: @unchecked Sendable {
    /// One picture at one place, and its rows.
    final class Entry {
        let shape: ImageShape
        let scale: Double
        let canvasWidth: Int
        /// Where each canvas row's samples start in `samples`; -1 for a row not kept yet.
        var starts: [Int]
        /// Each kept row's u after its last sample (the stepping's sum, which the row's partly
        /// covered pixels on the right carry on from).
        var uAfter: [Double]
        var samples: [UInt32] = []
        var lastUse = 0

        init(shape: ImageShape, scale: Double, canvasWidth: Int, canvasHeight: Int) {
            self.shape = shape
            self.scale = scale
            self.canvasWidth = canvasWidth
            starts = [Int](repeating: -1, count: canvasHeight)
            uAfter = [Double](repeating: 0, count: canvasHeight)
        }
    }

    /// 16 M samples, 64 MB.
    static let capacitySamples = 16 << 20
    /// Pictures remembered, kept or not.
    static let capacityEntries = 64

    private let lock = NSLock()
    private var entries: [Entry] = []
    private var clock = 0
    private var keptSamples = 0
    private var rowsReused = 0

    /// How many rows were composited from kept samples so far (for the tests).
    package var reusedRowCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return rowsReused
    }

    /// Runs `body` with the entry for `shape` (its opacity aside) drawn at `scale` on a canvas of
    /// `width` × `height`, holding the cache's lock: nil the first time the picture is drawn at
    /// this place, when nothing is kept yet. Draws of one rasteriser from two threads take turns
    /// here.
    func withEntry<R>(for shape: ImageShape, scale: Double, width: Int, height: Int, _ body: (Entry?) -> R) -> R {
        var key = shape
        key.alpha = 1
        lock.lock()
        defer { lock.unlock() }
        clock += 1
        if let entry = entries.first(where: {
            $0.canvasWidth == width && $0.starts.count == height && $0.scale == scale && $0.shape == key
        }) {
            entry.lastUse = clock
            return body(entry)
        }
        if entries.count >= Self.capacityEntries { drop(oldestOf: entries) }
        let entry = Entry(shape: key, scale: scale, canvasWidth: width, canvasHeight: height)
        entry.lastUse = clock
        entries.append(entry)
        return body(nil)
    }

    /// Room for `count` more samples, made by dropping the pictures used longest ago (never
    /// `entry`'s own); false when there is none. Called with the lock held (from `withEntry`).
    func makeRoom(for count: Int, in entry: Entry) -> Bool {
        guard count <= Self.capacitySamples else { return false }
        while keptSamples + count > Self.capacitySamples {
            let others = entries.filter { $0 !== entry && !$0.samples.isEmpty }
            guard !others.isEmpty else { return false }
            drop(oldestOf: others)
        }
        keptSamples += count
        return true
    }

    /// Counts a row composited from kept samples (with the lock held).
    func noteReuse() { rowsReused += 1 }

    private func drop(oldestOf candidates: [Entry]) {
        guard let oldest = candidates.min(by: { $0.lastUse < $1.lastUse }),
              let index = entries.firstIndex(where: { $0 === oldest }) else { return }
        keptSamples -= oldest.samples.count
        entries.remove(at: index)
    }
}
