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
        defer { dr_set_wide_sweep(-1) }
        dr_set_wide_sweep(0)
        let narrow = Rasterizer().render(Self.frame()).image.pixels
        dr_set_wide_sweep(1)
        let wide = Rasterizer().render(Self.frame()).image.pixels
        #expect(narrow.count == wide.count)
        let differing = zip(narrow, wide).filter { $0 != $1 }.count
        #expect(differing == 0, "\(differing) bytes differ")
        // The frame draws something: words, the star and its outline.
        #expect(Set(narrow).count > 50)
    }
}
