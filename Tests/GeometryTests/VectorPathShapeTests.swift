import Foundation
import Testing
@testable import DynRenderGeometry

/// The exact curves drawing uses for ovals and arcs, against the circle's own equation.
@Suite struct VectorPathShapeTests {
    /// Points along every cubic of `path`, at 64 parameters each.
    func samples(_ path: VectorPath) -> [Vector2] {
        var points: [Vector2] = [], current = Vector2.zero
        for element in path.elements {
            switch element {
            case .move(let p), .line(let p): current = p; points.append(p)
            case .cubic(let c1, let c2, let p):
                for i in 1...64 {
                    let t = Double(i) / 64, u = 1 - t
                    points.append(current * (u * u * u) + c1 * (3 * u * u * t) + c2 * (3 * u * t * t) + p * (t * t * t))
                }
                current = p
            case .quad, .close: break
            }
        }
        return points
    }

    /// Every point of an arc lies on its circle within 0.03 % of the radius, it starts and ends
    /// at the angles asked for, and it turns the way asked: clockwise from 0 to −π/2 is three
    /// quarters of a turn, through 6 o'clock.
    @Test(arguments: [(0.0, -Double.pi / 2, true, 0.75), (0.0, -Double.pi / 2, false, 0.25), (1.0, 1.0 + 0.3, true, 0.3 / (2 * .pi)),
                      (0.5, 0.5 + 7 * Double.pi, true, 1.0), (2.0, 2.0 - 5 * Double.pi, false, 1.0)])
    func arcsLieOnTheirCircle(start: Double, end: Double, clockwise: Bool, turns: Double) {
        let path = VectorPath.arc(center: CGPoint(x: 50, y: 60), radius: 40, startAngle: start, endAngle: end, clockwise: clockwise)
        let points = samples(path)
        for p in points {
            let r = ((p.x - 50) * (p.x - 50) + (p.y - 60) * (p.y - 60)).squareRoot()
            #expect(abs(r - 40) < 40 * 3e-4, "\(p) is \(r) from the centre")
        }
        let pieces = path.elements.filter { if case .cubic = $0 { true } else { false } }.count
        #expect(pieces == max(1, Int((turns * 4).rounded(.up))), "\(pieces) quarter turns for \(turns) of a turn")
        let first = points.first!, last = points.last!
        #expect(abs(first.x - (50 + 40 * cos(start))) < 1e-9 && abs(first.y - (60 + 40 * sin(start))) < 1e-9)
        let endAngle = turns == 1 ? start : end
        #expect(abs(last.x - (50 + 40 * cos(endAngle))) < 1e-6 && abs(last.y - (60 + 40 * sin(endAngle))) < 1e-6)
        if start == 0 && end == -Double.pi / 2 && clockwise {
            #expect(points.contains { $0.y > 99.9 }, "through 6 o'clock (y down)")
        }
    }

    /// Huge angles finish at once (a wrapping loop would spin for hours), and a number that is
    /// not finite gives no arc rather than a trap.
    @Test func hugeAndNonFiniteAnglesAreSafe() {
        let huge = VectorPath.arc(center: .zero, radius: 10, startAngle: 0, endAngle: -1e15, clockwise: true)
        #expect(huge.elements.count <= 5)
        #expect(VectorPath.arc(center: .zero, radius: .nan, startAngle: 0, endAngle: 1, clockwise: true).isEmpty)
        #expect(VectorPath.arc(center: .zero, radius: 10, startAngle: 0, endAngle: .infinity, clockwise: false).isEmpty)
    }

    /// An ellipse's points satisfy (x/rx)² + (y/ry)² = 1 within 0.06 %.
    @Test func ellipsesLieOnTheirEllipse() {
        let path = VectorPath.ellipse(in: CGRect(x: 10, y: 20, width: 80, height: 40))
        for p in samples(path) {
            let u = (p.x - 50) / 40, v = (p.y - 40) / 20
            #expect(abs((u * u + v * v).squareRoot() - 1) < 6e-4, "\(p)")
        }
    }
}
