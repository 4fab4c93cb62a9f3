import Foundation
import Testing
import CRasterKernels
import DynRender

/// The sweep composites eight pixels at a time where the processor has AVX2 and four elsewhere;
/// the same frame must come out byte for byte the same either way, or output would depend on the
/// machine it was rendered on.
@Suite struct SweepWidthTests {
    /// Text in three sizes and weights (one translucent), an even-odd path and a stroked one, on
    /// a canvas 397 px wide (not a multiple of four or eight, so rows end in partial quads) with
    /// words running off its right edge, at a fractional scale.
    static func frame() -> DisplayList {
        var items: [DisplayItem] = []
        let inter = FontDescriptor.Source.family("Inter", weight: 400)
        let bold = FontDescriptor.Source.family("Inter", weight: 700)
        for line in 0..<9 {
            let y = 18.0 + Double(line) * 21.3
            items.append(.text(TextRun(text: "Sweep width \(line): Wi-Fi & Bluetooth 0123456789", font: FontDescriptor(source: line % 3 == 0 ? bold : inter, size: 11 + Double(line) * 1.7),
                                       origin: CGPoint(x: 3.37 + Double(line) * 7.1, y: y), fill: RGBA8(UInt8(20 * line), 40, 200),
                                       alpha: line == 4 ? 0.55 : 1)))
        }
        var star = VectorPath()
        for i in 0..<5 {
            let angle = Double(i) * 4 * Double.pi / 5 - Double.pi / 2
            let point = Vector2(60 + 50 * cos(angle), 60 + 50 * sin(angle))
            if i == 0 { star.move(to: point) } else { star.line(to: point) }
        }
        star.close()
        items.append(.path(PathShape(path: star, fillRule: .evenOdd, origin: CGPoint(x: 150, y: 40), fill: RGBA8(250, 120, 0, 200))))
        items.append(.path(PathShape(path: star, origin: CGPoint(x: 190.5, y: 70.25),
                                     fill: RGBA8(0, 0, 0, 0), stroke: PathStroke(width: 3.5, color: RGBA8(10, 160, 90)))))
        return DisplayList(size: CGSize(width: 397 / 1.37, height: 160), scale: 1.37, background: RGBA8(242, 242, 247), shapes: items)
    }

    @Test(.enabled(if: dr_wide_sweep_available() != 0, "this processor composites four pixels at a time only"))
    func eightAndFourAtATimeDrawTheSameBytes() {
        let narrow = Self.expectSameBytesEightAndFourAtATime(Self.frame())
        // The frame draws something: words, the star and its outline.
        #expect(Set(narrow).count > 50)
    }

    /// Draws `list` four pixels at a time and eight, expects the same bytes, and returns them.
    static func expectSameBytesEightAndFourAtATime(_ list: DisplayList) -> [UInt8] {
        defer { dr_set_wide_sweep(-1) }
        dr_set_wide_sweep(0)
        let narrow = Rasterizer().render(list).image.pixels
        dr_set_wide_sweep(1)
        let wide = Rasterizer().render(list).image.pixels
        #expect(narrow.count == wide.count)
        let differing = zip(narrow, wide).filter { $0 != $1 }.count
        #expect(differing == 0, "\(differing) bytes differ")
        return narrow
    }

    /// Pictures: a noisy, partly transparent picture drawn turned and enlarged (edge texels
    /// clamped), turned and shrunk 3.3× (a mip level), translucent, cropped, and with rounded
    /// corners, each row's fully covered pixels sampled eight at a time or four
    /// (`dr_sample_bilinear`).
    static func pictureFrame() -> DisplayList {
        let png = EmbeddedPNG(TestPNG.make(width: 37, height: 23, depth: 8, type: .rgba) { x, y, channel in
            channel == 3 ? (x + y) % 5 == 0 ? 0 : 120 + (x * 7 + y) % 136 : (x * 73 + y * 151 + channel * 89) * 2_654_435_761 >> 9 & 255
        })
        func picture(_ center: CGPoint, _ size: CGSize, turn: Double, alpha: Double = 1, radius: Double = 0,
                     crop: CGRect = ImageShape.wholePicture) -> DisplayItem {
            .image(ImageShape(source: .embedded(png), center: center, size: size, cornerRadius: radius,
                              transform: CGAffineTransform(rotationAngle: turn), alpha: alpha, crop: crop))
        }
        return DisplayList(size: CGSize(width: 397 / 1.37, height: 160), scale: 1.37, background: RGBA8(242, 242, 247), shapes: [
            picture(CGPoint(x: 70, y: 60), CGSize(width: 120, height: 90), turn: 0.3),
            picture(CGPoint(x: 170, y: 40), CGSize(width: 11.2, height: 7), turn: -1.1),
            picture(CGPoint(x: 200, y: 100), CGSize(width: 80, height: 50), turn: 2.2, alpha: 0.55, radius: 12),
            picture(CGPoint(x: 260, y: 70), CGSize(width: 60, height: 90), turn: 0, crop: CGRect(x: 0.5, y: 0.25, width: 0.5, height: 0.75)),
        ])
    }

    @Test(.enabled(if: dr_wide_sweep_available() != 0, "this processor samples four pixels at a time only"))
    func picturesSampledEightOrFourAtATimeDrawTheSameBytes() {
        let narrow = Self.expectSameBytesEightAndFourAtATime(Self.pictureFrame())
        #expect(Set(stride(from: 0, to: narrow.count, by: 4).map { narrow[$0] }).count > 200, "the pictures were drawn")
    }
}
