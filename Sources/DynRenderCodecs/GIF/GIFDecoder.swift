import CGIF
import DynRenderPixels

/// An animated GIF decoded and composited: each frame as a viewer would show it.
///
/// ```swift
/// let gif = try GIFDecoder().read("out.gif")
/// print(gif.width, gif.height, gif.frames.count)
/// ```
package struct DecodedGIF: Sendable {
    /// Screen size, pixels.
    package var width: Int
    /// Logical screen height, pixels.
    package var height: Int
    /// Every image block composited onto the screen (RGBA; pixels never drawn stay transparent).
    package var frames: [RGBAImage]
    /// Each frame's delay, centiseconds.
    package var delays: [Int]
    /// The NETSCAPE2.0 loop count (0 = for ever), or nil when the file has no loop extension.
    package var loopCount: Int?

    /// Sum of the delays, seconds.
    package var duration: Double { Double(delays.reduce(0, +)) / 100 }
}

/// Decodes GIF files through giflib and composites their frames, honouring each frame's
/// transparency and disposal method. Used by tests and by image comparison.
///
/// The file is read record by record (not with `DGifSlurp`, which allocates every image the
/// header asks for before anything can be checked): the screen and each image's size are held to
/// `maximumScreenPixels` before a pixel is decoded, and all composited frames together to
/// `maximumDecodedPixels`, so a hostile header or an LZW stream that claims a vast image is one
/// error, never gigabytes.
///
/// ```swift
/// let gif = try GIFDecoder().read("out.gif")
/// print(gif.frames.count, gif.delays)   // frames as shown, delays in centiseconds
/// ```
package struct GIFDecoder: Sendable {
    /// Largest screen or image, pixels (as `PNGDecoder.maximumPixelCount`).
    package static let maximumScreenPixels = PNGDecoder.maximumPixelCount
    /// Most pixels in all composited frames together (2 GiB of RGBA): a 780×1688 animation of
    /// 400 frames fits.
    package static let maximumDecodedPixels = 512 * 1024 * 1024

    /// A decoder; it holds no state.
    package init() {}

    /// Reads and decodes the GIF file at `path`.
    package func read(_ path: String) throws -> DecodedGIF {
        try decode(FileReader.read(path))
    }

    /// Every frame of the GIF in `data` as a viewer shows it, with its delay, or a `CodecError`
    /// naming the problem or the limit the file passes.
    package func decode(_ data: [UInt8]) throws -> DecodedGIF {
        let source = ByteSource(data)
        var status: Int32 = 0
        guard let gif = DGifOpen(Unmanaged.passUnretained(source).toOpaque(), gifRead, &status) else {
            throw CodecError("not a readable GIF: \(GIFBlockCompressor.message(status))")
        }
        defer {
            var closeStatus: Int32 = 0
            DGifCloseFile(gif, &closeStatus)
        }
        func failure() -> CodecError { CodecError("not a readable GIF: \(GIFBlockCompressor.message(gif.pointee.Error))") }
        let width = Int(gif.pointee.SWidth), height = Int(gif.pointee.SHeight)
        guard width > 0, height > 0 else { throw CodecError("GIF has an empty screen") }
        guard width * height <= Self.maximumScreenPixels else {
            throw CodecError("GIF screen of \(width)x\(height) pixels is larger than the \(Self.maximumScreenPixels)-pixel limit")
        }

        var result = DecodedGIF(width: width, height: height, frames: [], delays: [], loopCount: nil)
        // Made at the first image: a header alone claiming a 15 420² screen (a fuzzer's 16 bytes)
        // took 10 s to clear 950 MB it never used. (Rejected: a `lazy var`, whose setter copies
        // the whole screen for every pixel written — another fuzzer find.) Each image takes the
        // screen out of the optional and puts it back, so it stays uniquely held.
        var kept: RGBAImage?
        var control = Self.noControl
        var line: [GifPixelType] = []
        while true {
            var record = UNDEFINED_RECORD_TYPE
            guard DGifGetRecordType(gif, &record) == GIF_OK else { throw failure() }
            switch record {
            case EXTENSION_RECORD_TYPE:
                try readExtension(gif, control: &control, loopCount: &result.loopCount, failure: failure)
            case IMAGE_DESC_RECORD_TYPE:
                guard DGifGetImageDesc(gif) == GIF_OK else { throw failure() }
                let descriptor = gif.pointee.Image
                let frameWidth = Int(descriptor.Width), frameHeight = Int(descriptor.Height)
                let index = result.frames.count
                guard frameWidth * frameHeight <= Self.maximumScreenPixels else {
                    throw CodecError("GIF frame \(index) of \(frameWidth)x\(frameHeight) pixels is larger than the \(Self.maximumScreenPixels)-pixel limit")
                }
                guard (index + 1) * width * height <= Self.maximumDecodedPixels else {
                    throw CodecError("GIF decodes to more than \(Self.maximumDecodedPixels) pixels in all (the limit) by frame \(index)")
                }
                guard let colorMap = descriptor.ColorMap ?? gif.pointee.SColorMap else {
                    throw CodecError("GIF frame \(index) has no colour table")
                }
                let colors = Array(UnsafeBufferPointer(start: colorMap.pointee.Colors, count: Int(colorMap.pointee.ColorCount)))
                var screen = kept ?? RGBAImage(width: width, height: height)
                kept = nil
                let before = control.DisposalMode == DISPOSE_PREVIOUS ? screen : nil
                let left = Int(descriptor.Left), top = Int(descriptor.Top)
                let transparent = Int(control.TransparentColor)
                if line.count < frameWidth { line = [GifPixelType](repeating: 0, count: frameWidth) }
                for row in Self.rowOrder(height: frameHeight, interlaced: descriptor.Interlace) {
                    let read = line.withUnsafeMutableBufferPointer { DGifGetLine(gif, $0.baseAddress, Int32(frameWidth)) }
                    guard read == GIF_OK else { throw failure() }
                    guard top + row < height else { continue }
                    for column in 0..<min(frameWidth, max(0, width - left)) {
                        let colorIndex = Int(line[column])
                        if colorIndex == transparent || colorIndex >= colors.count { continue }
                        let color = colors[colorIndex]
                        screen[left + column, top + row] = RGBA8(color.Red, color.Green, color.Blue, 255)
                    }
                }
                result.frames.append(screen)
                result.delays.append(Int(control.DelayTime))
                switch control.DisposalMode {
                case DISPOSE_BACKGROUND:
                    // The part of the frame on the screen; a frame placed past the screen's edge
                    // (a fuzzer's) covers none of it, and its empty range must not invert.
                    let rows = min(top, height)..<min(height, top + frameHeight)
                    let columns = min(left, width)..<min(width, left + frameWidth)
                    for row in rows {
                        for column in columns { screen[column, row] = RGBA8(0, 0, 0, 0) }
                    }
                case DISPOSE_PREVIOUS:
                    if let before { screen = before }
                default:
                    break
                }
                kept = screen
                control = Self.noControl
            case TERMINATE_RECORD_TYPE:
                return result
            default:
                throw CodecError("not a readable GIF: an unknown record")
            }
        }
    }

    /// What applies to an image with no graphic control extension.
    private static let noControl = GraphicsControlBlock(DisposalMode: DISPOSAL_UNSPECIFIED, UserInputFlag: false,
                                                        DelayTime: 0, TransparentColor: NO_TRANSPARENT_COLOR)

    /// The order an image's rows arrive in: top to bottom, or GIF's four interlace passes
    /// (every 8th row from 0, every 8th from 4, every 4th from 2, every 2nd from 1).
    static func rowOrder(height: Int, interlaced: Bool) -> [Int] {
        guard interlaced else { return Array(0..<height) }
        return [(0, 8), (4, 8), (2, 4), (1, 2)].flatMap { start, step in Array(stride(from: start, to: height, by: step)) }
    }

    /// Reads one extension and its sub-blocks: a graphic control extension sets `control` for the
    /// next image; the first NETSCAPE2.0 (or ANIMEXTS1.0) block sets the loop count.
    private func readExtension(_ gif: UnsafeMutablePointer<GifFileType>, control: inout GraphicsControlBlock,
                               loopCount: inout Int?, failure: () -> CodecError) throws {
        var code: Int32 = 0
        var block: UnsafeMutablePointer<GifByteType>?
        guard DGifGetExtension(gif, &code, &block) == GIF_OK else { throw failure() }
        var isLoopExtension = false
        var first = true
        while let current = block {
            let length = Int(current[0])
            let bytes = UnsafeBufferPointer(start: current + 1, count: length)
            if code == GRAPHICS_EXT_FUNC_CODE && first && length >= 4 {
                DGifExtensionToGCB(length, current + 1, &control)
            } else if code == APPLICATION_EXT_FUNC_CODE && first {
                let name = String(decoding: bytes, as: UTF8.self)
                isLoopExtension = name == "NETSCAPE2.0" || name == "ANIMEXTS1.0"
            } else if isLoopExtension && length >= 3 && bytes[0] == 1 && loopCount == nil {
                loopCount = Int(bytes[1]) | Int(bytes[2]) << 8
            }
            first = false
            guard DGifGetExtensionNext(gif, &block) == GIF_OK else { throw failure() }
        }
    }
}

/// Feeds an in-memory file to giflib's input callback.
private final class ByteSource {
    let bytes: [UInt8]
    var offset = 0
    init(_ bytes: [UInt8]) { self.bytes = bytes }
}

private func gifRead(_ gif: UnsafeMutablePointer<GifFileType>?, _ buffer: UnsafeMutablePointer<GifByteType>?,
                     _ count: Int32) -> Int32 {
    guard let gif, let buffer, let user = gif.pointee.UserData else { return 0 }
    let source = Unmanaged<ByteSource>.fromOpaque(user).takeUnretainedValue()
    let available = min(Int(count), source.bytes.count - source.offset)
    guard available > 0 else { return 0 }
    source.bytes.withUnsafeBufferPointer { bytes in
        buffer.update(from: bytes.baseAddress! + source.offset, count: available)
    }
    source.offset += available
    return Int32(available)
}
