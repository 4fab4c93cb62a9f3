import Foundation
import DynRenderDynamics
import DynRenderDisplayList
import DynRenderGeometry
import DynRenderPixels

/// Draws what UIKit's dynamics debug view shows over a scene (`--debug`): attachments as lines
/// from anchor to item with the anchor marked, snap points, and collision boundaries, including
/// the reference bounds when they are one.
enum DynamicsDebugOverlay {
    static let attachmentColor = RGBA8(0, 122, 255, 220)
    static let anchorColor = RGBA8(255, 59, 48, 230)
    static let snapColor = RGBA8(52, 199, 89, 230)
    static let boundaryColor = RGBA8(255, 149, 0, 230)
    /// Line width, points.
    static let lineWidth = 1.5

    /// Appends the overlay for `animator`'s behaviours; `offset` moves its reference coordinates
    /// into the scene's (a collection view's content offset and frame origin).
    static func appendShapes(for animator: DynamicAnimator, offset: CGVector, to shapes: inout [DisplayItem]) {
        func place(_ p: CGPoint) -> CGPoint { CGPoint(x: p.x + offset.dx, y: p.y + offset.dy) }
        var pending = animator.behaviors
        while !pending.isEmpty {
            let behavior = pending.removeFirst()
            pending.insert(contentsOf: behavior.childBehaviors, at: 0)
            switch behavior {
            case let attachment as AttachmentBehavior:
                let ends = zip(attachment.items, attachment.offsets).map { item, offset in
                    place(attachPoint(of: item, offset: offset))
                }
                if attachment.attachedBehaviorType == .anchor, let end = ends.first {
                    let anchor = place(attachment.anchorPoint)
                    appendLine(from: anchor, to: end, color: attachmentColor, to: &shapes)
                    appendDot(at: anchor, diameter: 7, color: anchorColor, to: &shapes)
                } else if ends.count == 2 {
                    appendLine(from: ends[0], to: ends[1], color: attachmentColor, to: &shapes)
                }
                for end in ends { appendDot(at: end, diameter: 5, color: attachmentColor, to: &shapes) }
            case let snap as SnapBehavior:
                let point = place(snap.snapPoint)
                appendLine(from: CGPoint(x: point.x - 8, y: point.y), to: CGPoint(x: point.x + 8, y: point.y), color: snapColor, to: &shapes)
                appendLine(from: CGPoint(x: point.x, y: point.y - 8), to: CGPoint(x: point.x, y: point.y + 8), color: snapColor, to: &shapes)
            case let collision as CollisionBehavior:
                if collision.translatesReferenceBoundsIntoBoundary {
                    let rect = collision.referenceBoundsInsets.inset(animator.referenceBounds)
                    shapes.append(.rect(RoundedRectangle(center: place(CGPoint(x: rect.midX, y: rect.midY)), size: rect.size,
                                                   fill: RGBA8(0, 0, 0, 0),
                                                   border: Border(width: lineWidth, color: boundaryColor))))
                }
                for identifier in collision.boundaryIdentifiers {
                    for (a, b) in collision.boundary(withIdentifier: identifier)?.segments ?? [] {
                        appendLine(from: place(a), to: place(b), color: boundaryColor, to: &shapes)
                    }
                }
            default:
                break
            }
        }
    }

    /// Where an attachment holds `item`: its centre plus `offset` turned with the item.
    static func attachPoint(of item: DynamicItem, offset: Offset) -> CGPoint {
        let t = item.transform
        return CGPoint(x: item.center.x + t.a * offset.horizontal + t.c * offset.vertical,
                       y: item.center.y + t.b * offset.horizontal + t.d * offset.vertical)
    }

    static func appendLine(from a: CGPoint, to b: CGPoint, color: RGBA8, to shapes: inout [DisplayItem]) {
        let dx = Double(b.x - a.x), dy = Double(b.y - a.y)
        let length = (dx * dx + dy * dy).squareRoot()
        guard length > 0 else { return }
        shapes.append(.rect(RoundedRectangle(center: CGPoint(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2),
                                       size: CGSize(width: length, height: lineWidth), cornerRadius: lineWidth / 2,
                                       transform: CGAffineTransform(a: dx / length, b: dy / length, c: -dy / length,
                                                                    d: dx / length, tx: 0, ty: 0),
                                       fill: color)))
    }

    static func appendDot(at point: CGPoint, diameter: Double, color: RGBA8, to shapes: inout [DisplayItem]) {
        shapes.append(.rect(RoundedRectangle(center: point, size: CGSize(width: diameter, height: diameter),
                                       cornerRadius: diameter / 2, fill: color)))
    }
}
