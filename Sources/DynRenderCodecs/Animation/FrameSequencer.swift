#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import DynRenderPixels

/// What the caller of an encoder already knows about how a frame differs from the frame added
/// before it, so the encoder compares only where they can differ (a renderer knows where its
/// display list changed).
///
/// ```swift
/// try encoder.addFrame(frame, at: t, change: .region(PixelRect(x: 0, y: 10, width: 390, height: 40)))
/// ```
package enum FrameChange: Equatable, Sendable {
    /// Not known: the encoder compares the frames itself.
    case unknown
    /// Every pixel is the same as in the previous frame.
    case identical
    /// Pixels differ only within this box (a frame whose display list changed only there).
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

/// The part of animation encoding that decides what to write, shared by GIF, APNG and WebP:
/// frame timing from timestamps, merging of identical frames, the changed region against what is
/// on screen.
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
/// Memory is the screen, packed row by row (`ScreenRows`), and the packed blocks of the frames
/// waiting for their delays: at most two, or one when the end time is known before the first
/// frame (`endTime`).
/// A frame is kept as its block as it arrives, so the caller may draw the next frame into the
/// same pixels at once.
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
    /// For a lossy format: when a changed pixel is left as it is on screen — within a tolerance
    /// given the frame and its changed box, or when it maps to the same palette entry. Each
    /// block's image is then the frame as shown (`RGBAImage.keepingShown`), and the next frame
    /// is compared with that. Nil (lossless formats): blocks are the frames themselves.
    package var settling: PixelSettling?
    /// The screen once every queued block but the last is shown, and the last too once it is
    /// `applied` (nil before the first frame is applied). Losslessly, the frame before the one
    /// being added.
    private var screen: ScreenRows?
    /// A frame whose delay is not known yet, as its block: it waits for its successor's start.
    private struct Queued {
        var window: PixelRect
        var region: PixelRect?
        var pixels: PackedPixels
        /// A lossy format's frame as drawn over the window it changed in, where that differs from
        /// `pixels` (pixels left as shown): the next frame is compared with it to find identical
        /// frames.
        var drawn: (window: PixelRect, pixels: PackedPixels)?
        /// Its place on the clock, ticks.
        var start: Int
        /// Whether `pixels` are on `screen`. The last queued frame is written there only when a
        /// different frame follows it, so replacing it never needs the screen restored.
        var applied = false
        /// What `pixels` covered on the screen, kept when an applied frame may still be replaced
        /// (without a planned end, by the last frame at `finish`).
        var covered: PackedPixels?
    }
    private var queued: [Queued] = []
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
        // Where `image` may differ from the previous call's image (nil: nowhere).
        let whole = PixelRect(x: 0, y: 0, width: width, height: height)
        let changed: PixelRect?
        switch change {
        case .unknown: changed = whole
        case .identical: changed = nil
        case .region(let box): changed = whole.intersection(box)
        }
        // The earlier frame would be too short, or this one would be and is the last (no later
        // frame can start a minimum delay after it and before the end): it takes the earlier
        // frame's place, as `finish` does with a last frame when the end is not known before.
        let tooCloseToEnd = knownEnd.map { $0 - start < timing.minimumDelay } ?? false
        if let last = queued.last, start - last.start < timing.minimumDelay || tooCloseToEnd {
            queued.removeLast()
            if last.applied { takeBack(last) }
            // The previous call's image is the screen with the replaced frame over it: its block,
            // or as drawn where a lossy format left pixels as they were.
            let replaced = Self.covering(last.window, last.drawn?.window)
            queued.append(block(of: image, within: Self.covering(changed, replaced), start: last.start))
            return []
        }
        if let last = queued.last, isSame(image, as: last, within: changed) { return [] }  // the last frame stays up longer
        applyLast()
        // The screen now shows the last frame — as drawn, but for the pixels a lossy format left
        // as they were (`drawn`): there too this frame may differ from the screen.
        queued.append(block(of: image, within: Self.covering(changed, queued.last?.drawn?.window), start: start))
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
            // The last frame takes the place of the one before, compared with what lies beneath both.
            applyLast()
            let frame = screen!.image()
            let last = queued.removeLast(), before = queued.removeLast()
            takeBack(last)
            takeBack(before)
            let compared = settling != nil ? PixelRect(x: 0, y: 0, width: width, height: height) : before.window.union(last.window)
            queued.append(block(of: frame, within: compared, start: before.start))
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

    /// The smallest box holding both (nil: neither).
    private static func covering(_ a: PixelRect?, _ b: PixelRect?) -> PixelRect? {
        guard let a else { return b }
        guard let b else { return a }
        return a.union(b)
    }

    /// Whether `image` is the frame `last` was made from, given that they can differ only
    /// `within` a box (nil: nowhere): outside its window that frame is the screen, inside it its
    /// pixels as drawn (the same whether or not they are on the screen yet).
    private func isSame(_ image: RGBAImage, as last: Queued, within box: PixelRect?) -> Bool {
        guard let box else { return true }
        let (window, drawn) = last.drawn ?? (last.window, last.pixels)
        var shown = [UInt32](repeating: 0, count: width)
        return image.pixels.withUnsafePixelWords { now in
            shown.withUnsafeMutableBufferPointer { shown in
                let b = shown.baseAddress!
                /// Whether columns `from..<to` of the box's row, at `a` and `b`, are equal.
                @inline(__always) func equal(_ a: UnsafePointer<UInt32>, _ b: UnsafePointer<UInt32>, _ from: Int, _ to: Int) -> Bool {
                    let (from, to) = (max(from, box.x), min(to, box.maxX))
                    return from >= to || memcmp(a + from, b + from, (to - from) * 4) == 0
                }
                for y in box.y..<box.maxY {
                    let a = now.baseAddress! + y * width
                    let inside = y >= window.y && y < window.maxY
                    // (A first frame's window is the canvas: there is no screen yet, nor need.)
                    if !inside || window.x > box.x || window.maxX < box.maxX { screen!.read(row: y, into: b) }
                    guard inside else {
                        if !equal(a, b, 0, width) { return false }
                        continue
                    }
                    // The window's part whole (the block holds it as runs), the rest inside the box.
                    if !equal(a, b, 0, window.x) || !equal(a, b, window.maxX, width)
                        || !drawn.matches(row: y - window.y, a + window.x, width: window.width) {
                        return false
                    }
                }
                return true
            }
        }
    }

    /// The box of the pixels `within` a box (nil: none) where `image` differs from the screen.
    private func changedRegion(of image: RGBAImage, on screen: ScreenRows, within compared: PixelRect?) -> PixelRect? {
        guard let compared else { return nil }
        var box = ChangedBox(width: compared.width)
        var shown = [UInt32](repeating: 0, count: width)
        image.pixels.withUnsafePixelWords { now in
            shown.withUnsafeMutableBufferPointer { shown in
                for y in compared.y..<compared.maxY {
                    screen.withRow(y, scratch: shown.baseAddress!) {
                        box.compare(row: y, now.baseAddress! + y * width + compared.x, $0 + compared.x)
                    }
                }
            }
        }
        return box.rect.map { PixelRect(x: $0.x + compared.x, y: $0.y, width: $0.width, height: $0.height) }
    }

    /// `image` (a whole frame) as the block that would show it over the screen, compared
    /// `within` a box (the only pixels where they can differ; nil: none); settled first when the
    /// format is lossy.
    private func block(of image: RGBAImage, within compared: PixelRect?, start: Int) -> Queued {
        guard let screen else {
            // The first frame: the whole canvas, nothing beneath.
            let whole = PixelRect(x: 0, y: 0, width: width, height: height)
            return Queued(window: whole, region: whole, pixels: PackedPixels(first: image), start: start)
        }
        var region = changedRegion(of: image, on: screen, within: compared)
        var window = AnimationBlock.window(around: region, width: width, height: height)
        if let settling, let box = region {
            // The frame's crop as shown over what is beneath, within the changed box. On screen
            // may be pixels left as they were: compare with those, not with the frame before.
            let beneath = screen.cropped(to: window), crop = image.cropped(to: window)
            let local = PixelRect(x: box.x - window.x, y: box.y - window.y, width: box.width, height: box.height)
            let settle: ((RGBAImage, RGBAImage, PixelRect) -> (image: RGBAImage, region: PixelRect?))?
            switch settling {
            case .tolerance(let levels):
                let tolerance = levels(crop, beneath, local)
                settle = tolerance > 0 ? { $0.keepingShown($1, within: $2, tolerance: tolerance) } : nil
            case .sameEntry(let palette):
                settle = { $0.keepingShown($1, within: $2, sameEntryIn: palette) }
            }
            if let settle {
                let (settled, kept) = settle(crop, beneath, local)
                region = kept.map { PixelRect(x: $0.x + window.x, y: $0.y + window.y, width: $0.width, height: $0.height) }
                let changedWindow = window
                let pixels = beneath.pixels.withUnsafePixelWords { before in
                    settled.pixels.withUnsafePixelWords { now in
                        PackedPixels(window: changedWindow, frame: { now.baseAddress! + $0 * crop.width },
                                     beneath: { before.baseAddress! + $0 * crop.width })
                    }
                }
                let drawn = settled == crop ? nil : (changedWindow, PackedPixels(pixels: crop))
                guard region == nil else {
                    return Queued(window: window, region: region, pixels: pixels, drawn: drawn, start: start)
                }
                // Nothing left to draw: a delay-only block, its one pixel what is on screen.
                window = AnimationBlock.window(around: nil, width: width, height: height)
                let corner = screen.cropped(to: window)
                let shown = corner.pixels.withUnsafePixelWords { words in
                    PackedPixels(window: window, frame: { _ in words.baseAddress! }, beneath: { _ in words.baseAddress! })
                }
                return Queued(window: window, region: nil, pixels: shown, drawn: drawn ?? (changedWindow, pixels), start: start)
            }
        }
        var shown = [UInt32](repeating: 0, count: width)
        let pixels = image.pixels.withUnsafePixelWords { now in
            shown.withUnsafeMutableBufferPointer { shown in
                let row = shown.baseAddress!
                return PackedPixels(window: window, frame: { now.baseAddress! + ($0 + window.y) * width + window.x },
                                    beneath: { y in
                                        screen.read(row: y + window.y, into: row)
                                        return UnsafePointer(row + window.x)
                                    })
            }
        }
        return Queued(window: window, region: region, pixels: pixels, start: start)
    }

    /// Writes the last queued frame's pixels onto the screen, unless they are there already.
    private mutating func applyLast() {
        guard var block = queued.last, !block.applied else { return }
        defer { queued[queued.count - 1] = block }
        block.applied = true
        let window = block.window
        guard screen != nil else {
            // The first frame.
            screen = ScreenRows(width: width, height: height)
            screen!.write(block.pixels, over: window)
            return
        }
        if knownEnd == nil {
            let shown = screen!.cropped(to: window)
            block.covered = shown.pixels.withUnsafePixelWords { words in
                let rows = { (y: Int) in words.baseAddress! + y * window.width }
                return PackedPixels(window: window, frame: rows, beneath: rows)
            }
        }
        screen!.write(block.pixels, over: window)
    }

    /// Restores what an applied block covered.
    private mutating func takeBack(_ block: Queued) {
        guard block.applied else { return }
        guard let covered = block.covered else {
            screen = nil  // the first frame
            return
        }
        screen!.write(covered, over: block.window)
    }

    /// The first queued frame's block, shown until `end` (ticks on the timeline).
    private mutating func emitFirstQueued(until end: Int) -> AnimationBlock {
        let first = queued.removeFirst()
        return AnimationBlock(window: first.window, region: first.region, delay: end - first.start, pixels: first.pixels)
    }
}
