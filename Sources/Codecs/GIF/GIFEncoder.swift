import CGIF
import Pixels

/// How many times a GIF plays.
public enum GIFLoop: Equatable, Sendable {
    /// Repeat for ever (NETSCAPE2.0 loop count 0). The default.
    case forever
    /// Play this many times in total (≥ 1). Once means no NETSCAPE2.0 extension at all; n > 1 is
    /// written as n − 1 repeats, which is how browsers count.
    case times(Int)
}

/// Writes an animated GIF through giflib, one frame at a time, to a file that appears only when
/// complete (`AtomicFile`).
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
/// Memory is constant in the number of frames: the last frame written and at most two queued.
public final class GIFEncoder {
    public let width: Int
    public let height: Int
    private let file: AtomicFile
    private var gif: UnsafeMutablePointer<GifFileType>?
    /// The last image written, which the next frame is diffed against.
    private var lastWritten: RGBAImage?
    /// Frames whose delay is not known yet: each waits for its successor's start time.
    private var queued: [(image: RGBAImage, start: Int)] = []
    private var lastTime = -Double.infinity
    /// An I/O error raised inside giflib's write callback, rethrown after the call returns.
    fileprivate var writeError: Error?
    /// Frames written to the file so far.
    public private(set) var frameCount = 0

    /// GIF stores sizes in 16 bits.
    public static let maximumSide = 65_535

    /// Starts a GIF of `width`×`height` pixels at `path`.
    public init(path: String, width: Int, height: Int, loop: GIFLoop = .forever) throws {
        guard (1...Self.maximumSide).contains(width), (1...Self.maximumSide).contains(height) else {
            throw CodecError("a GIF is 1...\(Self.maximumSide) pixels on each side, not \(width)x\(height)")
        }
        if case .times(let count) = loop, count < 1 {
            throw CodecError("a GIF plays at least once, not \(count) times")
        }
        self.width = width
        self.height = height
        self.file = try AtomicFile(path: path)
        var status: Int32 = 0
        gif = EGifOpen(Unmanaged.passUnretained(self).toOpaque(), gifWrite, &status)
        guard gif != nil else {
            file.discard()
            throw CodecError("giflib: \(Self.message(status))")
        }
        EGifSetGifVersion(gif, true)
        try check(EGifPutScreenDesc(gif, Int32(width), Int32(height), 8, 0, nil))
        try putLoopExtension(loop)
    }

    deinit {
        cancel()
    }

    /// Adds a frame shown from `time` (seconds) until the next frame's time.
    public func addFrame(_ image: RGBAImage, at time: Double) throws {
        guard image.width == width, image.height == height else {
            throw CodecError("frame is \(image.width)x\(image.height), the GIF is \(width)x\(height)")
        }
        guard time > lastTime else { throw CodecError("frame times must increase") }
        lastTime = time
        let start = GIFTiming.centiseconds(at: time)
        if let last = queued.last {
            if start - last.start < GIFTiming.minimumDelay {
                queued[queued.count - 1].image = image  // the earlier frame would be too short
                return
            }
            if last.image == image { return }  // identical: the last frame stays up longer
        }
        queued.append((image, start))
        while queued.count > 2 {
            try writeFirstQueued(until: queued[1].start)
        }
    }

    /// Writes the queued frames, the last shown until `endTime` (seconds), and moves the file into place.
    public func finish(endTime: Double) throws {
        do {
            let end = GIFTiming.centiseconds(at: endTime)
            if queued.count >= 2, end - queued[queued.count - 1].start < GIFTiming.minimumDelay {
                let last = queued.removeLast()
                queued[queued.count - 1].image = last.image
            }
            while queued.count > 1 {
                try writeFirstQueued(until: queued[1].start)
            }
            if let only = queued.first {
                try writeFirstQueued(until: max(end, only.start + GIFTiming.minimumDelay))
            }
            var status: Int32 = 0
            let closed = EGifCloseFile(gif, &status)
            gif = nil
            if let writeError { throw writeError }
            guard closed == GIF_OK else { throw CodecError("giflib: \(Self.message(status))") }
            try file.commit()
        } catch {
            cancel()
            throw error
        }
    }

    /// Abandons the GIF: nothing appears at the path, and a file already there is untouched.
    public func cancel() {
        if let gif {
            var status: Int32 = 0
            EGifCloseFile(gif, &status)
            self.gif = nil
        }
        file.discard()
    }

    // MARK: - Writing

    /// Encodes the first queued frame against the last one written and writes it, shown until
    /// `end` (centiseconds on the timeline).
    private func writeFirstQueued(until end: Int) throws {
        let (image, start) = queued.removeFirst()
        var frame = EncodedFrame(image: image, changedFrom: lastWritten)
        lastWritten = image
        let delay = end - start
        var control = GraphicsControlBlock(
            DisposalMode: DISPOSE_DO_NOT, UserInputFlag: false, DelayTime: Int32(delay),
            TransparentColor: frame.transparentIndex.map(Int32.init) ?? NO_TRANSPARENT_COLOR)
        var extensionBytes = [GifByteType](repeating: 0, count: 4)
        let length = EGifGCBToExtension(&control, &extensionBytes)
        try check(EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, Int32(length), extensionBytes))

        var colors = frame.palette.map { GifColorType(Red: GifByteType($0 & 0xFF), Green: GifByteType($0 >> 8 & 0xFF),
                                                      Blue: GifByteType($0 >> 16 & 0xFF)) }
        var bits = 1
        while 1 << bits < colors.count { bits += 1 }
        colors += Array(repeating: GifColorType(Red: 0, Green: 0, Blue: 0), count: (1 << bits) - colors.count)
        guard let colorMap = GifMakeMapObject(Int32(colors.count), &colors) else {
            throw CodecError("giflib could not allocate a colour map")
        }
        defer { GifFreeMapObject(colorMap) }
        let rect = frame.rect
        try check(EGifPutImageDesc(gif, Int32(rect.x), Int32(rect.y), Int32(rect.width), Int32(rect.height),
                                   false, colorMap))
        let pixelCount = Int32(rect.width * rect.height)
        try frame.indices.withUnsafeMutableBufferPointer { indices in
            try check(EGifPutLine(gif, indices.baseAddress, pixelCount))
        }
        frameCount += 1
    }

    /// Writes the NETSCAPE2.0 application extension that sets the loop count.
    private func putLoopExtension(_ loop: GIFLoop) throws {
        let repeats: Int
        switch loop {
        case .forever: repeats = 0
        case .times(1): return
        case .times(let count): repeats = min(count - 1, 65_535)
        }
        try check(EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE))
        try check(EGifPutExtensionBlock(gif, 11, Array("NETSCAPE2.0".utf8)))
        try check(EGifPutExtensionBlock(gif, 3, [1, UInt8(repeats & 0xFF), UInt8(repeats >> 8)]))
        try check(EGifPutExtensionTrailer(gif))
    }

    private func check(_ status: Int32) throws {
        if let writeError { throw writeError }
        guard status == GIF_OK else {
            throw CodecError("giflib: \(Self.message(gif?.pointee.Error ?? 0))")
        }
    }

    static func message(_ code: Int32) -> String {
        GifErrorString(code).map { String(cString: $0) } ?? "error \(code)"
    }
}

/// giflib's output callback: hands the bytes to the encoder's atomic file.
private func gifWrite(_ gif: UnsafeMutablePointer<GifFileType>?, _ bytes: UnsafePointer<GifByteType>?,
                      _ count: Int32) -> Int32 {
    guard let gif, let bytes, let user = gif.pointee.UserData else { return 0 }
    let encoder = Unmanaged<GIFEncoder>.fromOpaque(user).takeUnretainedValue()
    if encoder.writeError != nil { return 0 }
    do {
        try encoder.writeBytes(UnsafeRawBufferPointer(start: bytes, count: Int(count)))
        return count
    } catch {
        encoder.writeError = error
        return 0
    }
}

extension GIFEncoder {
    fileprivate func writeBytes(_ bytes: UnsafeRawBufferPointer) throws {
        try file.write(bytes)
    }
}
