import Foundation
import DynRenderDisplayList
import DynRenderGeometry

/// Something that adds itself to a context's path (a `UIBezierPath`).
///
/// ```swift
/// context.addPath(BezierPath(ovalIn: CGRect(x: 0, y: 0, width: 40, height: 40)))
/// context.fillPath()
/// ```
public protocol BezierPathDrawing {
    /// Adds this path's subpaths to `context`'s current path, through its transform.
    func add(to context: GraphicsContext)
}

/// `UIBezierPath`'s drawing: `fill()`, `stroke()` and `addClip()` in the current context, with
/// the path's own line width, cap, join, dashes and fill rule and the context's colours
/// (`UIColor.setFill()` / `setStroke()`), its curves drawn exactly.
extension BezierPath: BezierPathDrawing {
    /// Adds the path's exact outline to `context`'s current path, through its transform.
    public func add(to context: GraphicsContext) {
        context.append(outline, joined: false)
    }

    /// Fills the path with the current fill colour (`UIBezierPath.fill()`), by its fill rule.
    public func fill() {
        fill(alpha: 1, "UIBezierPath.fill()")
    }

    /// Fills the path at `alpha` times the context's opacity (`fill(with: .normal, alpha:)`).
    public func fill(with blendMode: BlendMode, alpha: CGFloat) {
        fill(alpha: Double(alpha), "UIBezierPath.fill(with:alpha:)")
    }

    private func fill(alpha: Double, _ call: String) {
        paint(alpha: alpha, call) { $0.fillPath(using: usesEvenOddFillRule ? .evenOdd : .nonzero) }
    }

    /// Adds the path to the current context's (a fresh path) and runs `body` on it at `alpha`
    /// times the context's opacity, in a saved state.
    private func paint(alpha: Double, _ call: String, _ body: (GraphicsContext) -> Void) {
        guard let context = GraphicsContext.drawing(call) else { return }
        context.saveGState()
        context.setAlpha(CGFloat(context.state.alpha * alpha))
        context.beginPath()
        add(to: context)
        body(context)
        context.restoreGState()
    }

    /// Strokes the path with the current stroke colour and the path's `lineWidth`, cap, join and
    /// dashes (`UIBezierPath.stroke()`).
    public func stroke() {
        stroke(alpha: 1, "UIBezierPath.stroke()")
    }

    /// Strokes the path at `alpha` times the context's opacity (`stroke(with: .normal, alpha:)`).
    public func stroke(with blendMode: BlendMode, alpha: CGFloat) {
        stroke(alpha: Double(alpha), "UIBezierPath.stroke(with:alpha:)")
    }

    private func stroke(alpha: Double, _ call: String) {
        paint(alpha: alpha, call) { context in
            context.setLineWidth(lineWidth)
            context.setLineCap(lineCapStyle)
            context.setLineJoin(lineJoinStyle)
            context.setMiterLimit(miterLimit)
            context.setLineDash(phase: lineDash.phase, lengths: lineDash.pattern)
            context.strokePath()
        }
    }

    /// Intersects the current context's clip with the path's area, by its fill rule
    /// (`addClip()`).
    public func addClip() {
        guard let context = GraphicsContext.drawing("UIBezierPath.addClip()") else { return }
        context.beginPath()
        add(to: context)
        context.clip(using: usesEvenOddFillRule ? .evenOdd : .nonzero)
    }
}

/// How drawing combines with what is beneath (`CGBlendMode`): source-over only.
///
/// ```swift
/// path.fill(with: .normal, alpha: 0.5)
/// ```
public enum BlendMode: Int32, Sendable {
    /// Source over: the only mode dynrender draws.
    case normal
}

extension GraphicsContext {
    /// The current context for `call`; outside `draw(_:)` there is none, and the call does
    /// nothing, as UIKit's does (it logs an invalid context), with one line on standard error.
    package static func drawing(_ call: String) -> GraphicsContext? {
        if let current { return current }
        FileHandle.standardError.write(Data("dynrender: \(call) outside draw(_:) draws nothing (there is no current context)\n".utf8))
        return nil
    }
}
