import DynRenderPixels

/// What the caller of an encoder already knows about how a frame differs from the frame added
/// before it, so the encoder need not compare them again (a renderer on another thread can).
///
/// ```swift
/// try encoder.addFrame(frame, at: t, change: .region(PixelRect(x: 10, y: 10, width: 40, height: 40)))
/// ```
package enum FrameChange: Equatable, Sendable {
    /// Not known: the encoder compares the frames itself.
    case unknown
    /// Every pixel is the same as in the previous frame.
    case identical
    /// Exactly the bounding box of the changed pixels, as `RGBAImage.changedRegion(from:)` gives.
    case region(PixelRect)
}

/// The clock of an animation format: delays are whole ticks, and shorter than `minimumDelay`
/// ticks is not shown as written (browsers slow such frames to 100 ms).
///
/// ```swift
/// let centiseconds = AnimationTiming(ticksPerSecond: 100, minimumDelay: 2)
/// print(centiseconds.ticks(at: 0.333))   // 33
/// ```
package struct AnimationTiming: Equatable, Sendable {
    /// Ticks in a second: 100 for GIF (centiseconds), 1000 for APNG (milliseconds).
    package let ticksPerSecond: Int
    /// The shortest delay, ticks, that players show as written.
    package let minimumDelay: Int

    /// A clock of `ticksPerSecond` whose delays are at least `minimumDelay` ticks.
    package init(ticksPerSecond: Int, minimumDelay: Int) {
        self.ticksPerSecond = ticksPerSecond
        self.minimumDelay = minimumDelay
    }

    /// The timeline position `seconds` in whole ticks (floor, tolerant of rounding in frame/fps
    /// arithmetic). Delays are differences of these, so they never drift from the timeline.
    package func ticks(at seconds: Double) -> Int {
        Int((seconds * Double(ticksPerSecond) + 1e-6).rounded(.down))
    }

    /// The highest frame rate the format can show: one frame per `minimumDelay`.
    package var maximumFrameRate: Double { Double(ticksPerSecond) / Double(minimumDelay) }
}

/// One block of an animation as the sequencer decided it: which image, against which
/// predecessor, over which region, for how long. The pixels' encoding (a GIF palette, APNG
/// scanlines) is a pure function of the block, so it can run on whichever thread compresses it.
///
/// ```swift
/// var sequencer = FrameSequencer(width: 100, height: 100, timing: GIFTiming.clock)
/// let blocks = try sequencer.add(frame, at: 0) + sequencer.finish(endTime: 1)
/// ```
package struct AnimationBlock {
    let image: RGBAImage
    /// The image shown before; nil for the first block, which covers the whole canvas.
    let previous: RGBAImage?
    /// Where `image` differs from `previous`; nil when nothing does (a delay-only block).
    let region: PixelRect?
    /// Ticks of the format's clock the block stays up.
    let delay: Int
}

/// The part of animation encoding that decides what to write, shared by GIF and APNG: frame
/// timing from timestamps, merging of identical frames, the changed region against the frame
/// before.
///
/// Separate from compression so a renderer can run the two on different threads: blocks come
/// out in order and the writer only copies them to the file.
///
/// - After the first frame only the bounding box of the pixels that changed is stored, so a still
///   background costs nothing. A frame identical to the previous one is merged into its delay.
/// - Delays come from the frames' timestamps (`AnimationTiming`), so their sum equals the
///   duration. A frame that would show for less than the minimum delay takes the place of the
///   frame before it instead, so the timeline is kept exactly.
///
/// Memory is constant in the number of frames: the last frame emitted and at most two queued, or
/// one queued when the end time is known before the first frame (`endTime`).
///
/// ```swift
/// var sequencer = FrameSequencer(width: 390, height: 844, timing: APNGTiming.clock)
/// var blocks = try sequencer.add(first, at: 0)
/// blocks += try sequencer.add(second, at: 1.0 / 60)
/// blocks += sequencer.finish(endTime: 2.0 / 60)
/// ```
package struct FrameSequencer {
    /// Canvas width, pixels.
    package let width: Int
    /// Canvas height, pixels.
    package let height: Int
    /// The format's clock, which delays are rounded to.
    package let timing: AnimationTiming
    /// For a lossy format: given a frame and its changed box, the levels by which a pixel there
    /// may differ from the pixel on screen and be left as it is (0: redraw every changed pixel).
    /// Each block's image is then the frame as shown (`RGBAImage.keepingShown`), and the next
    /// frame is compared with that. Nil (lossless formats): blocks are the frames themselves.
    package var settling: ((RGBAImage, PixelRect) -> Int)?
    /// The last image emitted, which the next block is diffed against.
    private var lastEmitted: RGBAImage?
    /// Frames whose delay is not known yet: each waits for its successor's start time. Each is
    /// compared with its predecessor as it arrives (which also finds identical frames); `region`
    /// is nil when its image was replaced and must be compared again.
    private var queued: [(image: RGBAImage, start: Int, region: PixelRect??)] = []
    private var lastTime = -Double.infinity
    /// Frames waiting for their delays: at most two, or one with a planned end.
    var waitingFrames: Int { queued.count }
    /// The end on the clock, ticks, when known before the first frame.
    private let knownEnd: Int?

    /// A sequencer for frames of `width` × `height` pixels on `timing`'s clock. `endTime`
    /// (seconds), when the animation's end is known before its first frame, must be what
    /// `finish(endTime:)` is given: a last frame too close to the end is then merged into the
    /// frame before as it arrives rather than at the end, so only one frame waits for its delay
    /// instead of two, and the blocks are the same.
    package init(width: Int, height: Int, timing: AnimationTiming, endTime: Double? = nil) {
        self.width = width
        self.height = height
        self.timing = timing
        knownEnd = endTime.map(timing.ticks(at:))
    }

    /// Takes a frame shown from `time` (seconds) until the next frame's time, and returns the
    /// blocks whose delays are now known. `change` says how it differs from the image passed in
    /// the previous call, when the caller already knows.
    package mutating func add(_ image: RGBAImage, at time: Double, change: FrameChange = .unknown) throws -> [AnimationBlock] {
        guard image.width == width, image.height == height else {
            throw CodecError("frame is \(image.width)x\(image.height), the animation is \(width)x\(height)")
        }
        guard time > lastTime else { throw CodecError("frame times must increase") }
        lastTime = time
        let start = timing.ticks(at: time)
        // The earlier frame would be too short, or this one would be and is the last (no later
        // frame can start a minimum delay after it and before the end): it takes the earlier
        // frame's place, as `finish` does with a last frame when the end is not known before.
        let tooCloseToEnd = knownEnd.map { $0 - start < timing.minimumDelay } ?? false
        if let last = queued.last, start - last.start < timing.minimumDelay || tooCloseToEnd {
            queued[queued.count - 1].image = image
            queued[queued.count - 1].region = nil
            return []
        }
        // The predecessor is the previous call's image (or one with the same pixels, when that
        // call was merged), so a known change applies.
        var region: PixelRect?? = nil
        if let previous = queued.last?.image ?? lastEmitted {
            switch change {
            case .unknown: region = .some(image.changedRegion(from: previous))
            case .identical: region = .some(nil)
            case .region(let known): region = .some(known)
            }
            if region == .some(nil) && !queued.isEmpty { return [] }  // identical: the last frame stays up longer
        }
        queued.append((image, start, region))
        var blocks: [AnimationBlock] = []
        while queued.count > (knownEnd == nil ? 2 : 1) {
            blocks.append(emitFirstQueued(until: queued[1].start))
        }
        return blocks
    }

    /// The remaining blocks, the last shown until `endTime` (seconds; the sequencer's own when
    /// it was made with one).
    package mutating func finish(endTime: Double) -> [AnimationBlock] {
        let end = knownEnd ?? timing.ticks(at: endTime)
        if queued.count >= 2, end - queued[queued.count - 1].start < timing.minimumDelay {
            let last = queued.removeLast()
            queued[queued.count - 1].image = last.image
            queued[queued.count - 1].region = nil
        }
        var blocks: [AnimationBlock] = []
        while queued.count > 1 {
            blocks.append(emitFirstQueued(until: queued[1].start))
        }
        if let only = queued.first {
            blocks.append(emitFirstQueued(until: max(end, only.start + timing.minimumDelay)))
        }
        return blocks
    }

    /// The first queued frame as a block against the last one emitted, shown until `end`
    /// (ticks on the timeline).
    private mutating func emitFirstQueued(until end: Int) -> AnimationBlock {
        var (image, start, known) = queued.removeFirst()
        let previous = lastEmitted
        var region: PixelRect? = PixelRect(x: 0, y: 0, width: width, height: height)
        if let previous {
            if let settling {
                // On screen is the last block's image, which may hold pixels left as they were:
                // compare with that, not with the frame before.
                region = image.changedRegion(from: previous)
                if let changed = region {
                    let tolerance = settling(image, changed)
                    if tolerance > 0 { (image, region) = image.keepingShown(previous, within: changed, tolerance: tolerance) }
                }
            } else {
                region = known ?? image.changedRegion(from: previous)
            }
        }
        lastEmitted = image
        return AnimationBlock(image: image, previous: previous, region: region, delay: end - start)
    }
}
