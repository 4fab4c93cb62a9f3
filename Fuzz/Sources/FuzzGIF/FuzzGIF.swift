import DynRender
@testable import DynRenderCodecs
import FuzzSupport

@main enum Main {
    static func main() { runFuzzer(fuzzGIF) }
}

/// libFuzzer's entry: the bytes as a GIF file. It decodes to frames within the decoder's limits,
/// or throws a `CodecError`; a crash or an unbounded allocation is a finding (run with
/// -rss_limit_mb).
/// One input; libFuzzer calls it through `runFuzzer`.
func fuzzGIF(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = Array(inputBytes(data, count))
    if let gif = try? GIFDecoder().decode(bytes) {
        precondition(gif.frames.count == gif.delays.count)
        for frame in gif.frames { precondition(frame.width == gif.width && frame.height == gif.height) }
    }
    return 0
}
