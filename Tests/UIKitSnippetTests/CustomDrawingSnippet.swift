import DynRenderUIKit
import Testing

// A view that draws itself, written as apps write one: a badge, a filled oval with a progress
// arc round it, in `draw(_:)` with UIBezierPath and UIColor.setFill()/setStroke().
final class ProgressBadgeView: UIView {
    var progress: CGFloat = 0.75

    override func draw(_ rect: CGRect) {
        UIColor.systemRed.setFill()
        UIBezierPath(ovalIn: rect.insetBy(dx: 12, dy: 12)).fill()
        UIColor.systemBlue.setStroke()
        let arc = UIBezierPath(arcCenter: CGPoint(x: rect.midX, y: rect.midY), radius: rect.width / 2 - 5,
                               startAngle: -.pi / 2, endAngle: -.pi / 2 + 2 * .pi * progress, clockwise: true)
        arc.lineWidth = 6
        arc.stroke()
        if let context = UIGraphicsGetCurrentContext() {
            context.setFillColor(UIColor.white)
            context.fillEllipse(in: CGRect(x: rect.midX - 4, y: rect.midY - 4, width: 8, height: 8))
        }
    }
}

@Suite struct CustomDrawingSnippet {
    @Test func aBadgeDrawsItselfWithUIKitsCalls() throws {
        let host = Host()
        host.root.backgroundColor = .white
        let badge = ProgressBadgeView(frame: CGRect(x: 100, y: 100, width: 100, height: 100))
        host.root.addSubview(badge)
        let image = try #require(Still.render(host.scene, at: [0], scale: 1).first).image
        #expect(image[150, 150] == UIColor.white.rgba, "the white dot in the middle")
        #expect(image[150, 130] == UIColor.systemRed.rgba, "the oval")
        #expect(image[195, 150] == UIColor.systemBlue.rgba, "the arc at 3 o'clock (its 6-pt stroke spans 192…198)")
        #expect(image[105, 160] == UIColor.systemBlue.rgba, "the arc just before 9 o'clock, where three quarters of a turn end")
        #expect(image[125, 103] == UIColor.white.rgba, "no arc between 10:30 and 12")
        #expect(image[101, 101] == UIColor.white.rgba, "the corner")
    }
}
