import Foundation
import Testing
import CRasterKernels
import DynRender

/// A picture drawn at its own size on whole pixels (a screenshot behind a scene) has texels for
/// samples, and `dr_sample_bilinear` copies such rows instead of mixing four texels a pixel. The
/// copy must give the bytes sampling gives, and must not be taken where the samples fall
/// between texels.
@Suite(.serialized) struct TexelCopyTests {
    /// Channel `channel` (straight alpha) of texel (x, y) of a noisy picture with transparent and
    /// translucent texels.
    static func texel(_ x: Int, _ y: Int, _ channel: Int) -> Int {
        if channel < 3 { return (x * 73 + y * 151 + channel * 89) * 2_654_435_761 >> 9 & 255 }
        if (x + 2 * y) % 7 == 0 { return 0 }
        return (x + y) % 3 == 0 ? 90 + (x * 11 + y) % 100 : 255
    }

    /// The picture, 38 × 24 px.
    static let noisy = EmbeddedPNG(TestPNG.make(width: 38, height: 24, depth: 8, type: .rgba, sample: texel))

    /// At scale 2, so 19 × 12 pt is the picture's own size: on whole pixels at full and partial
    /// opacity, with rounded corners (rows still fully covered between them), cropped to its
    /// right half at that half's own size, against its right edge of the canvas; then half a
    /// pixel off in x, in y, and enlarged by one pixel, none of which has texels for samples.
    static func frame(offAxis: Bool) -> DisplayList {
        func picture(_ center: CGPoint, size: CGSize = CGSize(width: 19, height: 12), alpha: Double = 1, radius: Double = 0,
                     crop: CGRect = ImageShape.wholePicture) -> DisplayItem {
            .image(ImageShape(source: .embedded(noisy), center: center, size: size, cornerRadius: radius,
                              transform: .identity, alpha: alpha, crop: crop))
        }
        var shapes = [
            picture(CGPoint(x: 30, y: 20)),
            picture(CGPoint(x: 60, y: 20.5), alpha: 0.6),
            picture(CGPoint(x: 90, y: 21), radius: 4),
            picture(CGPoint(x: 115.75, y: 40), size: CGSize(width: 9.5, height: 12), crop: CGRect(x: 0.5, y: 0, width: 0.5, height: 1)),
            picture(CGPoint(x: 111, y: 60)),
        ]
        if offAxis {
            shapes += [
                picture(CGPoint(x: 30.25, y: 45)),
                picture(CGPoint(x: 60, y: 45.25), alpha: 0.8),
                picture(CGPoint(x: 90, y: 45), size: CGSize(width: 19.5, height: 12)),
            ]
        }
        return DisplayList(size: CGSize(width: 120.5, height: 70), scale: 2, background: RGBA8(242, 242, 247), shapes: shapes)
    }

    static func drawn(_ list: DisplayList, copying: Bool) -> RGBAImage {
        dr_set_texel_copy(copying ? 1 : 0)
        defer { dr_set_texel_copy(1) }
        return Rasterizer().render(list).image
    }

    @Test func copiedRowsAreTheSampledBytes() {
        for offAxis in [false, true] {
            let list = Self.frame(offAxis: offAxis)
            let sampled = Self.drawn(list, copying: false), copied = Self.drawn(list, copying: true)
            let differing = zip(sampled.pixels, copied.pixels).filter { $0 != $1 }.count
            #expect(differing == 0, "\(differing) bytes differ (off-axis pictures drawn: \(offAxis))")
        }
    }

    /// The first picture's opaque texels appear exactly, the translucent ones over the
    /// background: what a copy must give, worked out here without sampling.
    @Test func aPictureOnWholePixelsShowsItsTexels() {
        let image = Self.drawn(Self.frame(offAxis: false), copying: true)
        let background = [242, 242, 247]
        var opaque = 0
        for y in 0..<24 {
            for x in 0..<38 {
                let alpha = Self.texel(x, y, 3)
                let pixel = ((y + 28) * image.width + x + 41) * 4
                for channel in 0..<3 {
                    let covered = Self.texel(x, y, channel) * alpha, shown = background[channel] * (255 - alpha)
                    let expected = (covered + shown + 127) / 255
                    #expect(abs(Int(image.pixels[pixel + channel]) - expected) <= 1, "(\(x), \(y)) channel \(channel)")
                }
                if alpha == 255 { opaque += 1 }
            }
        }
        #expect(opaque > 300)
    }
}
