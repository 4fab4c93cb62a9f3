import DynRender
import FuzzSupport

@main enum Main {
    static func main() { runFuzzer(fuzzPNG) }
}

/// libFuzzer's entry: the bytes as a PNG file. It decodes to an image within the pixel limit, or
/// throws a `CodecError`; a crash, a `longjmp` over Swift frames or an unbounded allocation is a
/// finding (run with -rss_limit_mb).
/// One input; libFuzzer calls it through `runFuzzer`.
func fuzzPNG(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = Array(inputBytes(data, count))
    if let decoded = try? PNGDecoder().decode(bytes) {
        let image = decoded.image
        precondition(image.width > 0 && image.height > 0 && image.width * image.height <= PNGDecoder.maximumPixelCount)
        precondition(image.pixels.count == image.width * image.height * 4)
    }
    return 0
}
