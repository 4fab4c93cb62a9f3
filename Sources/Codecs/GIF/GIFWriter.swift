/// Writes a GIF file from image blocks: giflib (through `GIFBlockCompressor`) writes every byte,
/// and the file appears only when complete (`AtomicFile`). What to write is decided by
/// `FrameSequencer`.
public final class GIFWriter {
    public let width: Int
    public let height: Int
    private let file: AtomicFile
    private var stream: GIFBlockCompressor?
    /// Image blocks written so far.
    public private(set) var frameCount = 0

    /// GIF stores sizes in 16 bits.
    public static let maximumSide = 65_535

    /// Starts a GIF of `width`×`height` pixels at `path`; `dithers` as `GIFBlockCompressor`'s.
    public init(path: String, width: Int, height: Int, loop: GIFLoop = .forever, dithers: Bool = false) throws {
        guard (1...Self.maximumSide).contains(width), (1...Self.maximumSide).contains(height) else {
            throw CodecError("a GIF is 1...\(Self.maximumSide) pixels on each side, not \(width)x\(height)")
        }
        if case .times(let count) = loop, count < 1 {
            throw CodecError("a GIF plays at least once, not \(count) times")
        }
        self.width = width
        self.height = height
        self.file = try AtomicFile(path: path)
        do {
            let stream = try GIFBlockCompressor(width: width, height: height, loop: loop, dithers: dithers)
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

    /// Compresses and writes one block.
    public func write(_ block: AnimationBlock) throws {
        guard let stream else { throw CodecError("the GIF is already closed") }
        try append(compressedBlock: stream.compress(block))
    }

    /// Writes a block compressed by another `GIFBlockCompressor` of the same size.
    public func append(compressedBlock bytes: [UInt8]) throws {
        try file.write(bytes)
        frameCount += 1
    }

    /// Closes the GIF and moves the file into place.
    public func finish() throws {
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
    public func cancel() {
        stream = nil
        file.discard()
    }
}
