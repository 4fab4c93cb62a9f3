import CGIF

/// A giflib encoder whose output goes to memory: the only place dynrender calls giflib's writer.
///
/// Each image block giflib writes (graphics control extension, image descriptor, local colour
/// table, LZW data) depends on nothing but the block and the screen size, so blocks compressed
/// by separate streams — on separate threads — join in order into exactly the file one stream
/// would write. `GIFWriter` uses one stream for the header, its own blocks and the trailer; a
/// renderer may compress blocks on another thread with a second stream.
public final class GIFBlockCompressor {
    private var gif: UnsafeMutablePointer<GifFileType>?
    /// Bytes giflib has written since the last `takeOutput()`.
    fileprivate var output: [UInt8] = []
    /// Ordered dithering for frames with more colours than a palette.
    public let dithers: Bool

    /// A stream for a `width`×`height` GIF. The header and, when `loop` is given, the loop
    /// extension are written first (see `takeOutput`); a stream that only compresses blocks for
    /// another passes nil and discards them.
    public init(width: Int, height: Int, loop: GIFLoop? = nil, dithers: Bool = false) throws {
        self.dithers = dithers
        var status: Int32 = 0
        gif = EGifOpen(Unmanaged.passUnretained(self).toOpaque(), gifWriteToMemory, &status)
        guard gif != nil else { throw CodecError("giflib: \(Self.message(status))") }
        EGifSetGifVersion(gif, true)
        try check(EGifPutScreenDesc(gif, Int32(width), Int32(height), 8, 0, nil))
        if let loop { try putLoopExtension(loop) } else { output.removeAll() }
    }

    deinit {
        if let gif {
            var status: Int32 = 0
            EGifCloseFile(gif, &status)
        }
    }

    /// The bytes written so far, handed over.
    public func takeOutput() -> [UInt8] {
        defer { output = [] }
        return output
    }

    /// One block's bytes: its graphics control extension (delay, transparency, disposal), its
    /// local colour table and its LZW-compressed indices.
    public func compress(_ block: AnimationBlock) throws -> [UInt8] {
        output.removeAll(keepingCapacity: true)
        var frame = block.encodedForGIF(dithers: dithers)
        let delay = block.delay
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
        return takeOutput()
    }

    /// Closes the stream; returns the trailer.
    public func close() throws -> [UInt8] {
        var status: Int32 = 0
        let closed = EGifCloseFile(gif, &status)
        gif = nil
        guard closed == GIF_OK else { throw CodecError("giflib: \(Self.message(status))") }
        return takeOutput()
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
        guard status == GIF_OK else {
            throw CodecError("giflib: \(Self.message(gif?.pointee.Error ?? 0))")
        }
    }

    static func message(_ code: Int32) -> String {
        GifErrorString(code).map { String(cString: $0) } ?? "error \(code)"
    }
}

/// giflib's output callback: appends the bytes to the stream's buffer.
private func gifWriteToMemory(_ gif: UnsafeMutablePointer<GifFileType>?, _ bytes: UnsafePointer<GifByteType>?,
                              _ count: Int32) -> Int32 {
    guard let gif, let bytes, let user = gif.pointee.UserData else { return 0 }
    let stream = Unmanaged<GIFBlockCompressor>.fromOpaque(user).takeUnretainedValue()
    stream.output.append(contentsOf: UnsafeBufferPointer(start: bytes, count: Int(count)))
    return count
}
