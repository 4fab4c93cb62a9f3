import DynRender
@testable import DynRenderImages
@testable import DynRenderCodecs
import FuzzSupport

@main enum Main {
    static func main() { runFuzzer(fuzzPNG) }
}

/// libFuzzer's entry: the bytes as a PNG file, read as image views read them (`PNGReader`, within
/// `ImageLimits`) and as comparisons do (`PNGDecoder`). Each decodes to an image of the header's
/// size within its limit, or throws; a crash, a `longjmp` over Swift frames or an unbounded
/// allocation is a finding (run with -rss_limit_mb). A decoded picture is also premultiplied and
/// mip-mapped, down to one pixel. As an animated PNG (`APNGDecoder`, as `diff` reads one), it
/// gives frames of the canvas's size within the decoded-pixel limit, one delay each, or throws.
/// One input; libFuzzer calls it through `runFuzzer`.
func fuzzPNG(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = Array(inputBytes(data, count))
    if let decoded = try? PNGReader.decode(bytes) {
        let image = decoded.image
        precondition(image.width > 0 && image.height > 0 && image.width <= ImageLimits.maximumSide
                     && image.height <= ImageLimits.maximumSide && image.width * image.height <= ImageLimits.maximumPixels)
        precondition(image.pixels.count == image.width * image.height * 4)
        let pyramid = MipmappedImage(image)
        let coarsest = pyramid.level(pyramid.levelCount - 1)
        precondition(coarsest.width == 1 && coarsest.height == 1)
    }
    if let decoded = try? PNGDecoder().decode(bytes) {
        let image = decoded.image
        precondition(image.width > 0 && image.height > 0 && image.width * image.height <= PNGDecoder.maximumPixelCount)
        precondition(image.pixels.count == image.width * image.height * 4)
    }
    if let apng = try? APNGDecoder().decode(bytes), let first = apng.frames.first {
        precondition(apng.frames.count == apng.delays.count && apng.delays.allSatisfy { $0 >= 0 })
        precondition(apng.frames.allSatisfy { $0.width == first.width && $0.height == first.height })
        precondition(apng.frames.count * first.width * first.height <= APNGDecoder.maximumDecodedPixels)
    }
    return 0
}
