import CGIF
import DynRenderPixels

/// An animated GIF decoded and composited: each frame as a viewer would show it.
public struct DecodedGIF: Sendable {
    /// Screen size, pixels.
    public var width: Int
    public var height: Int
    /// Every image block composited onto the screen (RGBA; pixels never drawn stay transparent).
    public var frames: [RGBAImage]
    /// Each frame's delay, centiseconds.
    public var delays: [Int]
    /// The NETSCAPE2.0 loop count (0 = for ever), or nil when the file has no loop extension.
    public var loopCount: Int?

    /// Sum of the delays, seconds.
    public var duration: Double { Double(delays.reduce(0, +)) / 100 }
}

/// Decodes GIF files through giflib and composites their frames, honouring each frame's
/// transparency and disposal method. Used by tests and by image comparison.
public struct GIFDecoder: Sendable {
    public init() {}

    public func read(_ path: String) throws -> DecodedGIF {
        try decode(FileReader.read(path))
    }

    public func decode(_ data: [UInt8]) throws -> DecodedGIF {
        let source = ByteSource(data)
        var status: Int32 = 0
        guard let gif = DGifOpen(Unmanaged.passUnretained(source).toOpaque(), gifRead, &status) else {
            throw CodecError("not a readable GIF: \(GIFBlockCompressor.message(status))")
        }
        defer {
            var closeStatus: Int32 = 0
            DGifCloseFile(gif, &closeStatus)
        }
        guard DGifSlurp(gif) == GIF_OK else {
            throw CodecError("not a readable GIF: \(GIFBlockCompressor.message(gif.pointee.Error))")
        }
        let width = Int(gif.pointee.SWidth), height = Int(gif.pointee.SHeight)
        guard width > 0, height > 0 else { throw CodecError("GIF has an empty screen") }

        var result = DecodedGIF(width: width, height: height, frames: [], delays: [], loopCount: nil)
        var screen = RGBAImage(width: width, height: height)
        let imageCount = Int(gif.pointee.ImageCount)
        for index in 0..<imageCount {
            let saved = gif.pointee.SavedImages[index]
            if result.loopCount == nil { result.loopCount = Self.loopCount(in: saved) }
            var control = GraphicsControlBlock(DisposalMode: DISPOSAL_UNSPECIFIED, UserInputFlag: false,
                                               DelayTime: 0, TransparentColor: NO_TRANSPARENT_COLOR)
            DGifSavedExtensionToGCB(gif, Int32(index), &control)
            let descriptor = saved.ImageDesc
            guard let colorMap = descriptor.ColorMap ?? gif.pointee.SColorMap else {
                throw CodecError("GIF frame \(index) has no colour table")
            }
            let colors = UnsafeBufferPointer(start: colorMap.pointee.Colors, count: Int(colorMap.pointee.ColorCount))
            let before = control.DisposalMode == DISPOSE_PREVIOUS ? screen : nil
            let left = Int(descriptor.Left), top = Int(descriptor.Top)
            let frameWidth = Int(descriptor.Width), frameHeight = Int(descriptor.Height)
            let transparent = Int(control.TransparentColor)
            for row in 0..<frameHeight where top + row < height {
                for column in 0..<frameWidth where left + column < width {
                    let index = Int(saved.RasterBits[row * frameWidth + column])
                    if index == transparent || index >= colors.count { continue }
                    let color = colors[index]
                    screen[left + column, top + row] = RGBA8(color.Red, color.Green, color.Blue, 255)
                }
            }
            result.frames.append(screen)
            result.delays.append(Int(control.DelayTime))
            switch control.DisposalMode {
            case DISPOSE_BACKGROUND:
                for row in top..<min(height, top + frameHeight) {
                    for column in left..<min(width, left + frameWidth) {
                        screen[column, row] = RGBA8(0, 0, 0, 0)
                    }
                }
            case DISPOSE_PREVIOUS:
                if let before { screen = before }
            default:
                break
            }
        }
        return result
    }

    /// The repeat count of a NETSCAPE2.0 (or ANIMEXTS1.0) extension among an image's extension blocks.
    private static func loopCount(in saved: SavedImage) -> Int? {
        let count = Int(saved.ExtensionBlockCount)
        guard count > 0, let blocks = saved.ExtensionBlocks else { return nil }
        for i in 0..<count where blocks[i].Function == APPLICATION_EXT_FUNC_CODE && i + 1 < count {
            let name = String(decoding: UnsafeBufferPointer(start: blocks[i].Bytes, count: Int(blocks[i].ByteCount)),
                              as: UTF8.self)
            let data = blocks[i + 1]
            guard name == "NETSCAPE2.0" || name == "ANIMEXTS1.0", data.ByteCount >= 3, data.Bytes[0] == 1 else {
                continue
            }
            return Int(data.Bytes[1]) | Int(data.Bytes[2]) << 8
        }
        return nil
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
