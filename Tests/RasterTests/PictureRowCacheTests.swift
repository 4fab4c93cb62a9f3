import Foundation
import Testing
import DynRender

/// A rasteriser keeps the rows of a picture drawn unturned at the same place frame after frame
/// and composites them again instead of resampling (`PictureRowCache`). Every frame must come
/// out as a fresh rasteriser, which keeps nothing, draws it.
@Suite struct PictureRowCacheTests {
    /// A noisy, partly translucent picture, 57 × 41 px.
    static let noisy = EmbeddedPNG(TestPNG.make(width: 57, height: 41, depth: 8, type: .rgba) { x, y, channel in
        channel == 3 ? (x * 3 + y) % 11 == 0 ? 140 : 255 : (x * 73 + y * 151 + channel * 89) * 2_654_435_761 >> 9 & 255
    })

    /// Frame `n`: the picture shrunk 1.5× at a fractional place with rounded corners (its
    /// opacity changing from frame to frame), enlarged 1.3× behind it at another, cropped, and a
    /// third copy that moves and turns a little every frame, at scale 2.
    static func frame(_ n: Int) -> DisplayList {
        func picture(_ center: CGPoint, _ size: CGSize, radius: Double = 0, alpha: Double = 1, turn: Double = 0,
                     crop: CGRect = ImageShape.wholePicture) -> DisplayItem {
            .image(ImageShape(source: .embedded(noisy), center: center, size: size, cornerRadius: radius,
                              transform: CGAffineTransform(rotationAngle: turn), alpha: alpha, crop: crop))
        }
        return DisplayList(size: CGSize(width: 90, height: 70), scale: 2, background: RGBA8(242, 242, 247), shapes: [
            picture(CGPoint(x: 60.3, y: 40.7), CGSize(width: 37.05, height: 26.65), crop: CGRect(x: 0.1, y: 0, width: 0.9, height: 1)),
            picture(CGPoint(x: 30.17, y: 25.4), CGSize(width: 19, height: 13.67), radius: 4, alpha: [1, 0.6, 0.85, 1][n % 4]),
            picture(CGPoint(x: 20 + Double(n) * 3.1, y: 50), CGSize(width: 19, height: 13.67), turn: 0.05 * Double(n)),
        ])
    }

    @Test func keptRowsDrawWhatSamplingDraws() {
        let kept = Rasterizer()
        for n in 0..<6 {
            let list = Self.frame(n)
            let fresh = Rasterizer().render(list).image
            let drawn = kept.render(list).image
            let differing = zip(fresh.pixels, drawn.pixels).filter { $0 != $1 }.count
            #expect(differing == 0, "frame \(n): \(differing) bytes differ")
        }
        #expect(kept.pictureRows.reusedRowCount > 100, "rows were reused: \(kept.pictureRows.reusedRowCount)")
    }

    /// A frame redrawn in a band over the last one, as the renderer does, with rows kept from
    /// frames drawn whole and in other bands.
    @Test func keptRowsDrawWhatSamplingDrawsInBands() {
        let kept = Rasterizer()
        var canvas = Canvas(width: 180, height: 140)
        kept.render(Self.frame(0), into: &canvas)
        for (n, band) in [(1, 20..<90), (2, 0..<140), (3, 50..<120), (4, 10..<60)] {
            let list = Self.frame(n)
            var expected = canvas
            Rasterizer().render(list, into: &expected, rows: band)
            kept.render(list, into: &canvas, rows: band)
            let differing = zip(expected.pixels, canvas.pixels).filter { $0 != $1 }.count
            #expect(differing == 0, "frame \(n) in rows \(band): \(differing) bytes differ")
        }
        #expect(kept.pictureRows.reusedRowCount > 50)
    }
}
