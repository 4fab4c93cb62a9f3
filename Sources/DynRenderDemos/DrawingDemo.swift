import Foundation
import DynRenderDynamics
import DynRenderDisplayList
import DynRenderGeometry
import DynRenderPixels
import DynRenderScene

/// Views that draw themselves, as app dashboards do: three cards whose layer is a gradient
/// (`layerClass`), each with a progress ring of shape layers whose `strokeEnd` fills as the card
/// settles, and a chart that draws a dashed grid, a clipped gradient area and its line in
/// `draw(_:)`. The cards snap in one after another; a finger flicks the middle one aside and it
/// snaps back.
package final class DrawingScene: Scene {
    /// The three cards, top to bottom.
    package private(set) var cards: [GradientCard] = []
    package let chart: ChartView

    package init(size: CGSize) {
        chart = ChartView(frame: CGRect(x: 20, y: TitleBar.height + 460, width: size.width - 40, height: 200))
        super.init(size: size, background: RGBA8(242, 242, 247))
        let palettes: [(RGBA8, RGBA8, Double)] = [
            // iOS's system blue to indigo, orange to pink, green to teal.
            (SystemColors.blue, RGBA8(88, 86, 214), 0.72),
            (SystemColors.orange, RGBA8(255, 45, 85), 0.45),
            (SystemColors.green, RGBA8(48, 176, 199), 0.9),
        ]
        let width = Double(size.width) - 40
        for (index, (top, bottom, progress)) in palettes.enumerated() {
            let slot = CGPoint(x: Double(size.width) / 2, y: TitleBar.height + 20 + 65 + Double(index) * 145)
            let card = GradientCard(frame: CGRect(x: -width - 40, y: slot.y - 65, width: width, height: 130),
                                    colors: (top, bottom), title: ["Steps", "Focus", "Sleep"][index], progress: progress)
            cards.append(card)
            addSubview(card)
            // Each card snaps in from the left, 0.25 s after the one above; its ring fills as it lands.
            let start = 0.2 + 0.25 * Double(index)
            at(start) { [unowned self] in
                animator.addBehavior(SnapBehavior(item: card, snapTo: slot))
                card.ring.fill(after: 0.3, over: 1.2)
            }
        }
        addSubview(chart)
        TitleBar.add("Custom drawing", to: self)
        // A flick of the middle card to the right: it tilts away and snaps back to its slot.
        let middle = CGPoint(x: Double(size.width) / 2 - 60, y: TitleBar.height + 20 + 65 + 145)
        touch(at: 2.3, duration: 0.35, along: .line(from: middle, to: CGPoint(x: middle.x + 120, y: middle.y + 30))) { [unowned self] event in
            let card = cards[1]
            switch event.state {
            case .began:
                animator.removeAllBehaviors()
            case .changed:
                card.center = CGPoint(x: Double(size.width) / 2 + Double(event.location.x - middle.x),
                                      y: Double(middle.y) + Double(event.location.y - middle.y))
                card.transform = CGAffineTransform(rotationAngle: CGFloat(Double(event.location.x - middle.x) / 900))
            default:
                for (index, other) in cards.enumerated() {
                    animator.addBehavior(SnapBehavior(item: other, snapTo: CGPoint(x: Double(size.width) / 2,
                                                                                      y: TitleBar.height + 20 + 65 + Double(index) * 145)))
                }
            }
        }
    }
}

/// A card whose layer is a gradient (`layerClass`), with a title and a progress ring.
package final class GradientCard: View {
    override package class var layerClass: AnyClass { GradientLayer.self }
    package let ring: ProgressRing

    init(frame: CGRect, colors: (RGBA8, RGBA8), title: String, progress: Double) {
        ring = ProgressRing(frame: CGRect(x: frame.width - 118, y: 11, width: 108, height: 108), progress: progress)
        super.init(frame: frame)
        let gradient = layer as! GradientLayer
        gradient.colors = [Color(colors.0), Color(colors.1)]
        gradient.startPoint = CGPoint(x: 0, y: 0)
        gradient.endPoint = CGPoint(x: 1, y: 1)
        layer.cornerRadius = 22
        layer.cornerCurve = .continuous
        layer.masksToBounds = true
        let label = Label(frame: CGRect(x: 20, y: 20, width: frame.width - 150, height: 30), text: title)
        label.font = Font(.system(size: 24, weight: 700))
        label.textColor = Color(SystemColors.white)
        addSubview(label)
        let detail = Label(frame: CGRect(x: 20, y: 54, width: frame.width - 150, height: 22),
                           text: "\(Int((progress * 100).rounded())) % of today's goal")
        detail.font = Font(.system(size: 15))
        detail.textColor = Color(255, 255, 255, 220)
        addSubview(detail)
        addSubview(ring)
    }

    required init?(coder: NSCoder) {
        return nil
    }
}

/// A progress ring: a faint track and a round-capped arc of shape layers from 12 o'clock, whose
/// `strokeEnd` is animated from 0 to the progress as apps do it: a basic animation with Core
/// Animation's ease-out, the model value set to the end first.
package final class ProgressRing: View {
    let track = ShapeLayer()
    let bar = ShapeLayer()
    let progress: Double

    init(frame: CGRect, progress: Double) {
        self.progress = progress
        super.init(frame: frame)
        let middle = CGPoint(x: frame.width / 2, y: frame.height / 2)
        let circle = BezierPath()
        circle.append(VectorPath.arc(center: middle, radius: frame.width / 2 - 10, startAngle: -.pi / 2, endAngle: 1.5 * .pi,
                                     clockwise: true), joined: false)
        for (shape, color) in [(track, Color(255, 255, 255, 70)), (bar, Color(SystemColors.white))] {
            shape.frame = CGRect(origin: .zero, size: frame.size)
            shape.path = circle
            shape.fillColor = nil
            shape.strokeColor = color
            shape.lineWidth = 12
            shape.lineCap = .round
            layer.addSublayer(shape)
        }
        bar.strokeEnd = 0
    }

    required init?(coder: NSCoder) {
        return nil
    }

    /// Fills the ring over `duration` seconds, starting `delay` seconds from now (empty until
    /// then: the animation fills backwards).
    func fill(after delay: TimeInterval, over duration: TimeInterval) {
        let fill = BasicAnimation(keyPath: "strokeEnd")
        fill.fromValue = 0
        fill.toValue = progress
        fill.beginTime = (Scene.running?.time ?? 0) + delay
        fill.duration = duration
        fill.fillMode = .backwards
        fill.timingFunction = .easeOut
        bar.strokeEnd = CGFloat(progress)
        bar.add(fill, forKey: "progress")
    }
}

/// A week's chart drawn in `draw(_:)`: a dashed grid, the area under the line filled with a
/// gradient through a clip, the line, and its points.
package final class ChartView: View {
    static let values: [Double] = [0.35, 0.5, 0.42, 0.7, 0.62, 0.85, 0.78]

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = Color(SystemColors.white)
        cornerRadius = 22
        cornerCurve = .continuous
    }

    required init?(coder: NSCoder) {
        return nil
    }

    override package func draw(_ rect: CGRect) {
        guard let context = GraphicsContext.current else { return }
        let plot = rect.insetBy(dx: 24, dy: 28)
        // The grid: four dashed lines.
        context.saveGState()
        context.setStrokeColor(Color(60, 60, 67, 60))
        context.setLineWidth(1)
        context.setLineDash(phase: 0, lengths: [4, 4])
        for row in 0...3 {
            let y = plot.minY + plot.height * Double(row) / 3
            context.move(to: CGPoint(x: plot.minX, y: y))
            context.addLine(to: CGPoint(x: plot.maxX, y: y))
        }
        context.strokePath()
        context.restoreGState()
        // The line through the week's values, as a smooth curve.
        let points = Self.values.enumerated().map { index, value in
            CGPoint(x: plot.minX + plot.width * Double(index) / Double(Self.values.count - 1), y: plot.maxY - plot.height * value)
        }
        let line = BezierPath()
        line.move(to: points[0])
        for (a, b) in zip(points, points.dropFirst()) {
            let mid = (a.x + b.x) / 2
            line.addCurve(to: b, controlPoint1: CGPoint(x: mid, y: a.y), controlPoint2: CGPoint(x: mid, y: b.y))
        }
        // The area under it: the line closed along the bottom, as a clip for a fading gradient.
        let area = line.copy()
        area.addLine(to: CGPoint(x: plot.maxX, y: plot.maxY))
        area.addLine(to: CGPoint(x: plot.minX, y: plot.maxY))
        area.close()
        context.saveGState()
        area.addClip()
        let fade = GraphicsGradient(colors: [Color(0, 122, 255, 110), Color(0, 122, 255, 0)], locations: [0, 1])!
        context.drawLinearGradient(fade, start: CGPoint(x: 0, y: plot.minY), end: CGPoint(x: 0, y: plot.maxY), options: [])
        context.restoreGState()
        line.lineWidth = 3
        line.lineCapStyle = .round
        context.setStrokeColor(Color(SystemColors.blue))
        line.stroke()
        context.setFillColor(Color(SystemColors.white))
        for point in points {
            let dot = BezierPath(ovalIn: CGRect(x: point.x - 5, y: point.y - 5, width: 10, height: 10))
            dot.fill()
            dot.lineWidth = 2.5
            dot.stroke()
        }
    }
}

extension DemoRegistry {
    static let drawing = Demo(
        name: "drawing",
        summary: "Gradient cards snap in as their progress rings fill, over a chart drawn in draw(_:); one is flicked and snaps back.",
        size: CGSize(width: 390, height: 844),
        duration: 3.6,
        makeScene: { DrawingScene(size: $0) })
}
