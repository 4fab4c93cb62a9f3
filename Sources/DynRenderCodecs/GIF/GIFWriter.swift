import DynRenderPixels

/// Writes a GIF file from image blocks: giflib (through `GIFBlockCompressor`) writes the file's
/// structure and dynrender's LZW its image data, and the file appears only when complete
/// (`AtomicFile`). What to write is decided by `FrameSequencer`.
///
/// ```swift
/// let encoder = try AnimationEncoder(sink: GIFWriter(path: "out.gif", width: 390, height: 844))
/// ```
package final class GIFWriter: AnimationSink {
    /// Canvas width, pixels.
    package let width: Int
    /// Canvas height, pixels.
    package let height: Int
    /// Dithering and lossiness.
    package let quality: GIFQuality
    /// The one palette every block is written in, if any (`GIFGlobalPalette`).
    package let globalPalette: GIFGlobalPalette?
    private let file: AtomicFile
    private var stream: GIFBlockCompressor?
    package static var timing: AnimationTiming { GIFTiming.clock }
    /// With a global palette, a changed pixel that maps to the entry on screen is left as shown;
    /// else every changed pixel is redrawn.
    package var settling: PixelSettling? { globalPalette.map { .sameEntry($0) } }
    /// Image blocks written so far.
    package private(set) var frameCount = 0

    /// GIF stores sizes in 16 bits.
    package static let maximumSide = 65_535

    /// Starts a GIF of `width`×`height` pixels at `path`; with `globalPalette`, every block is
    /// written in that one palette (see `GIFGlobalPalette`), and dithering is refused.
    package init(path: String, width: Int, height: Int, loop: GIFLoop = .forever, quality: GIFQuality = GIFQuality(),
                 globalPalette: GIFGlobalPalette? = nil) throws {
        if globalPalette != nil, quality.dithers {
            throw CodecError("a GIF with one global palette is not dithered: its same-entry rule leaves pixels as shown, which a dither pattern would not survive")
        }
        guard (1...Self.maximumSide).contains(width), (1...Self.maximumSide).contains(height) else {
            throw CodecError("a GIF is 1...\(Self.maximumSide) pixels on each side, not \(width)x\(height)")
        }
        if case .times(let count) = loop, count < 1 {
            throw CodecError("a GIF plays at least once, not \(count) times")
        }
        self.width = width
        self.height = height
        self.quality = quality
        self.globalPalette = globalPalette
        self.file = try AtomicFile(path: path)
        do {
            let stream = try GIFBlockCompressor(width: width, height: height, loop: loop, quality: quality,
                                                globalPalette: globalPalette)
            try file.write(stream.takeOutput())
            self.stream = stream
        } catch {
            file.discard()
            throw error
        }
    }

    deinit {
        cancel()
    }

    /// A giflib stream of this GIF's size and quality, for compressing blocks on one thread.
    package func makeCompressor() throws -> GIFBlockCompressor {
        try GIFBlockCompressor(width: width, height: height, quality: quality, globalPalette: globalPalette)
    }

    /// Quantises and LZW-compresses `block` into a GIF image block; any thread may call it.
    package func compress(_ block: AnimationBlock, with compressor: GIFBlockCompressor) throws -> [UInt8] {
        try compressor.compress(block)
    }

    /// Writes a block compressed by a `GIFBlockCompressor` of the same size.
    package func append(_ bytes: [UInt8]) throws {
        guard stream != nil else { throw CodecError("the GIF is already closed") }
        try file.write(bytes)
        frameCount += 1
    }

    /// Closes the GIF and moves the file into place.
    package func finish() throws {
        do {
            guard let stream else { throw CodecError("the GIF is already closed") }
            self.stream = nil
            try file.write(stream.close())
            try file.commit()
        } catch {
            cancel()
            throw error
        }
    }

    /// Abandons the GIF: nothing appears at the path, and a file already there is untouched.
    package func cancel() {
        stream = nil
        file.discard()
    }
}
