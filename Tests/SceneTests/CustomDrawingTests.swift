import Foundation
import Testing
import DynRender

/// `draw(_:)`: what a view draws itself is recorded once, drawn exactly with the view every
/// frame, and drawn again only when UIKit would ask again.
@Suite struct CustomDrawingTests {
    /// A progress ring: a 10-pt arc of radius 40 from 12 o'clock, `progress` of a turn clockwise.
    final class Ring: View {
        var progress = 0.25
        var draws = 0
        override func draw(_ rect: CGRect) {
            draws += 1
            guard let context = GraphicsContext.current else { return }
            context.setStrokeColor(Color(0, 0, 255))
            context.setLineWidth(10)
            let start = -Double.pi / 2
            context.addArc(center: CGPoint(x: rect.midX, y: rect.midY), radius: 40, startAngle: start,
                           endAngle: start + 2 * Double.pi * progress, clockwise: true)
            context.strokePath()
        }
    }

    func image(_ views: [View], size: CGSize = CGSize(width: 200, height: 200), scale: Double = 1) -> RGBAImage {
        var items: [DisplayItem] = []
        for view in views { view.appendShapes(to: &items) }
        return Rasterizer().render(DisplayList(size: size, scale: scale, background: RGBA8(255, 255, 255), shapes: items)).image
    }

    /// Every pixel whose square lies wholly inside the stroked quarter arc is the stroke colour,
    /// every one wholly outside the ring or the arc's quarter is the background: the ring's
    /// geometry against the circle's own equation (half a pixel's diagonal of margin either way).
    @Test func aRingIsWhereTheCircleSaysItIs() {
        let ring = Ring(frame: CGRect(x: 50, y: 50, width: 100, height: 100))
        let picture = image([ring])
        let margin = 0.71, blue = RGBA8(0, 0, 255), white = RGBA8(255, 255, 255)
        var inside = 0, outside = 0
        for y in 0..<200 {
            for x in 0..<200 {
                let dx = Double(x) + 0.5 - 100, dy = Double(y) + 0.5 - 100
                let d = (dx * dx + dy * dy).squareRoot()
                // The quarter from 12 to 3 o'clock: x right of centre, y above it (y down).
                let inQuarter = dx > margin && dy < -margin
                let clearOfQuarter = dx < -margin || dy > margin
                if inQuarter && d > 35 + margin && d < 45 - margin {
                    #expect(picture[x, y] == blue, "(\(x), \(y)) inside the stroke")
                    inside += 1
                } else if d < 35 - margin || d > 45 + margin || clearOfQuarter {
                    #expect(picture[x, y] == white, "(\(x), \(y)) outside the stroke")
                    outside += 1
                }
            }
        }
        #expect(inside > 400 && outside > 30_000)
    }

    /// `draw(_:)` runs once however many frames are drawn, again after `setNeedsDisplay()`, and
    /// on a change of size only with `.redraw`; otherwise the drawing is stretched to the new
    /// size (`.scaleToFill`).
    @Test func drawRunsOnlyWhenUIKitWouldRunIt() {
        let ring = Ring(frame: CGRect(x: 50, y: 50, width: 100, height: 100))
        _ = image([ring]); _ = image([ring]); _ = image([ring])
        #expect(ring.draws == 1)
        ring.progress = 0.5
        ring.setNeedsDisplay()
        let half = image([ring])
        #expect(ring.draws == 2)
        // Half a turn from 12 o'clock clockwise: half past four is on it, half past seven is not.
        #expect(half[128, 128] == RGBA8(0, 0, 255) && half[71, 128] == RGBA8(255, 255, 255))
        ring.bounds.size = CGSize(width: 100, height: 50)   // scaleToFill: stretched, not redrawn
        let squashed = image([ring])
        #expect(ring.draws == 2)
        #expect(squashed[100, 80] == RGBA8(0, 0, 255) && squashed[100, 55] == RGBA8(255, 255, 255),
                "the ring's top is now 20 pt above the centre")
        ring.contentMode = .redraw
        ring.bounds.size = CGSize(width: 120, height: 120)
        _ = image([ring])
        #expect(ring.draws == 3)
    }

    /// The transform and the state stack: a 20-pt square filled after moving to (100, 100) and
    /// turning 45° is a diamond there; restoring the state puts the next fill back at the origin.
    @Test func theTransformAndTheStateStack() {
        final class Diamond: View {
            override func draw(_ rect: CGRect) {
                guard let context = GraphicsContext.current else { return }
                context.saveGState()
                context.translateBy(x: 100, y: 100)
                context.rotate(by: .pi / 4)
                context.setFillColor(Color(255, 0, 0))
                context.fill(CGRect(x: -10, y: -10, width: 20, height: 20))
                context.restoreGState()
                context.fill(CGRect(x: 0, y: 0, width: 10, height: 10))   // black, unturned
            }
        }
        let view = Diamond(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let picture = image([view])
        #expect(picture[100, 100] == RGBA8(255, 0, 0))
        #expect(picture[100, 87] == RGBA8(255, 0, 0), "a diamond reaches 14.1 pt up")
        #expect(picture[108, 92] == RGBA8(255, 255, 255), "a square's corner region is outside a diamond")
        #expect(picture[5, 5] == RGBA8(0, 0, 0))
    }

    /// Outside `draw(_:)` there is no context; a drawing call there draws nothing.
    @Test func thereIsNoContextOutsideDraw() {
        #expect(GraphicsContext.current == nil)
        BezierPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10)).fill()
    }
}
