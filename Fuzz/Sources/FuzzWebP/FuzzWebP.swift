import DynRender
@testable import DynRenderCodecs
import FuzzSupport

@main enum Main {
    static func main() { runFuzzer(fuzzWebP) }
}

/// libFuzzer's entry: the bytes as a WebP file, read as `diff` and goldens read one
/// (`WebPDecoder`: libwebp's demuxer and animation decoder behind dynrender's limits). It gives
/// frames of the canvas's size within the decoded-pixel limit, a delay each when animated, or
/// throws; a crash or an unbounded allocation is a finding (run with -rss_limit_mb).
/// One input; libFuzzer calls it through `runFuzzer`.
func fuzzWebP(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = Array(inputBytes(data, count))
    if let webp = try? WebPDecoder().decode(bytes), let first = webp.frames.first {
        precondition(webp.delays.map { $0.count == webp.frames.count && $0.allSatisfy { $0 >= 0 } } ?? (webp.frames.count == 1))
        precondition(webp.frames.allSatisfy { $0.width == first.width && $0.height == first.height })
        precondition(webp.frames.count * first.width * first.height <= WebPDecoder.maximumDecodedPixels)
    }
    return 0
}
