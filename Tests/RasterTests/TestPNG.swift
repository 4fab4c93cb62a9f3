import CPNG
import Foundation

/// PNG files of any colour type, bit depth and interlacing, written by libpng itself from rows
/// packed as the format stores them: the inputs of the image-reading tests.
enum TestPNG {
    final class Sink { var bytes: [UInt8] = [] }

    enum ColorType: Int32 {
        case gray = 0, rgb = 2, palette = 3, grayAlpha = 4, rgba = 6

        var channels: Int { [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][Int(rawValue)]! }
    }

    /// A PNG of `width` × `height` whose sample (x, y, channel) is `sample(x, y, c)` (at most
    /// 2^depth − 1), packed MSB first (16-bit big-endian) as PNG stores it.
    static func make(width: Int, height: Int, depth: Int, type: ColorType, interlaced: Bool = false,
                     palette: [UInt8] = [], transparency: [UInt8] = [],
                     sample: (_ x: Int, _ y: Int, _ channel: Int) -> Int) -> [UInt8] {
        let bitsPerPixel = depth * type.channels
        let stride = (width * bitsPerPixel + 7) / 8
        var rows = [UInt8](repeating: 0, count: stride * height)
        for y in 0..<height {
            for x in 0..<width {
                for c in 0..<type.channels {
                    let value = sample(x, y, c)
                    let bit = (x * type.channels + c) * depth
                    if depth == 16 {
                        rows[y * stride + bit / 8] = UInt8(value >> 8)
                        rows[y * stride + bit / 8 + 1] = UInt8(value & 0xFF)
                    } else {
                        let shift = 8 - depth - bit % 8
                        rows[y * stride + bit / 8] |= UInt8(value << shift)
                    }
                }
            }
        }
        let sink = Sink()
        var error = dynrender_png_error()
        let status = rows.withUnsafeBufferPointer { pixels in
            palette.withUnsafeBufferPointer { palette in
                transparency.withUnsafeBufferPointer { trans in
                    dynrender_png_encode_packed(
                        { png, data, length in
                            guard let png, let data, let io = png_get_io_ptr(png) else { return }
                            Unmanaged<Sink>.fromOpaque(io).takeUnretainedValue().bytes
                                .append(contentsOf: UnsafeBufferPointer(start: data, count: length))
                        },
                        Unmanaged.passUnretained(sink).toOpaque(), pixels.baseAddress, stride, UInt32(width), UInt32(height),
                        Int32(depth), type.rawValue, interlaced ? 1 : 0, palette.baseAddress, Int32(palette.count / 3),
                        trans.baseAddress, Int32(transparency.count), &error)
                }
            }
        }
        precondition(status == 0, "libpng could not write the test file")
        return sink.bytes
    }

    /// `png` with its IHDR's width and height replaced (and the chunk's CRC recomputed): a valid
    /// header for a picture of any size, without its pixels.
    static func withHeaderSize(_ png: [UInt8], width: UInt32, height: UInt32) -> [UInt8] {
        var bytes = png
        func put(_ value: UInt32, at offset: Int) {
            for i in 0..<4 { bytes[offset + i] = UInt8(truncatingIfNeeded: value >> (24 - 8 * UInt32(i))) }
        }
        put(width, at: 16)
        put(height, at: 20)
        // The CRC covers the chunk type and data: bytes 12..<29.
        let crc = bytes[12..<29].withContiguousStorageIfAvailable { crc32(0, $0.baseAddress, 17) } ?? 0
        put(UInt32(crc), at: 29)
        return bytes
    }
}
