import Pixels

/// One GIF image block as the sequencer decided it: which image, against which predecessor, over
/// which region, for how long. Palette and indices are computed by `encoded()` — a pure function
/// of the block, so it can run on whichever thread compresses the block.
public struct GIFImageBlock {
    let image: RGBAImage
    /// The image shown before; nil for the first block, which covers the whole canvas.
    let previous: RGBAImage?
    /// Where `image` differs from `previous`; nil when nothing does (a delay-only block).
    let region: PixelRect?
    /// Centiseconds the block stays up.
    let delay: Int

    /// Palette, transparency and indices.
    func encoded() -> EncodedFrame {
        EncodedFrame(image: image, previous: previous, region: region)
    }
}

/// The part of GIF encoding that decides what to write: frame timing from timestamps, merging of
/// identical frames, the changed region against the frame before, palette and indices.
///
/// Separate from `GIFWriter` (giflib's compression) so a renderer can run the two on different
/// threads: blocks come out in order and the writer only copies them to the file.
///
/// - Each frame gets its own exact palette when its changed pixels hold ≤ 255 colours (the usual
///   case for flat UI colours and their anti-aliased edges), else a median-cut palette.
/// - After the first frame only the bounding box of the pixels that changed is stored, with the
///   unchanged pixels inside it as the transparent index (disposal "do not dispose"), so a still
///   background costs nothing. A frame identical to the previous one is merged into its delay.
/// - Delays come from the frames' timestamps (`GIFTiming`), so their sum equals the duration. A
///   frame that would show for less than 2 cs (which browsers slow to 10 cs) takes the place of
///   the frame before it instead, so the timeline is kept exactly.
///
/// Memory is constant in the number of frames: the last frame emitted and at most two queued.
public struct GIFFrameSequencer {
    public let width: Int
    public let height: Int
    /// The last image emitted, which the next block is diffed against.
    private var lastEmitted: RGBAImage?
    /// Frames whose delay is not known yet: each waits for its successor's start time. Each is
    /// compared with its predecessor as it arrives (which also finds identical frames); `region`
    /// is nil when its image was replaced and must be compared again.
    private var queued: [(image: RGBAImage, start: Int, region: PixelRect??)] = []
    private var lastTime = -Double.infinity

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// Takes a frame shown from `time` (seconds) until the next frame's time, and returns the
    /// blocks whose delays are now known. `change` says how it differs from the image passed in
    /// the previous call, when the caller already knows.
    public mutating func add(_ image: RGBAImage, at time: Double, change: FrameChange = .unknown) throws -> [GIFImageBlock] {
        guard image.width == width, image.height == height else {
            throw CodecError("frame is \(image.width)x\(image.height), the GIF is \(width)x\(height)")
        }
        guard time > lastTime else { throw CodecError("frame times must increase") }
        lastTime = time
        let start = GIFTiming.centiseconds(at: time)
        if let last = queued.last, start - last.start < GIFTiming.minimumDelay {
            queued[queued.count - 1].image = image  // the earlier frame would be too short
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
        var blocks: [GIFImageBlock] = []
        while queued.count > 2 {
            blocks.append(emitFirstQueued(until: queued[1].start))
        }
        return blocks
    }

    /// The remaining blocks, the last shown until `endTime` (seconds).
    public mutating func finish(endTime: Double) -> [GIFImageBlock] {
        let end = GIFTiming.centiseconds(at: endTime)
        if queued.count >= 2, end - queued[queued.count - 1].start < GIFTiming.minimumDelay {
            let last = queued.removeLast()
            queued[queued.count - 1].image = last.image
            queued[queued.count - 1].region = nil
        }
        var blocks: [GIFImageBlock] = []
        while queued.count > 1 {
            blocks.append(emitFirstQueued(until: queued[1].start))
        }
        if let only = queued.first {
            blocks.append(emitFirstQueued(until: max(end, only.start + GIFTiming.minimumDelay)))
        }
        return blocks
    }

    /// The first queued frame as a block against the last one emitted, shown until `end`
    /// (centiseconds on the timeline).
    private mutating func emitFirstQueued(until end: Int) -> GIFImageBlock {
        let (image, start, known) = queued.removeFirst()
        let previous = lastEmitted
        var region: PixelRect? = PixelRect(x: 0, y: 0, width: width, height: height)
        if let previous { region = known ?? image.changedRegion(from: previous) }
        lastEmitted = image
        return GIFImageBlock(image: image, previous: previous, region: region, delay: end - start)
    }
}
