import Foundation

/// Keeps its items inside boundaries, UIKit's `UICollisionBehavior`.
///
/// This version supports the reference-bounds boundary (optionally inset). Item–item contacts and
/// boundaries from segments and paths come with the full contact solver.
public final class CollisionBehavior: ItemListBehavior {
    /// Makes the animator's reference bounds a boundary. Default false.
    public var translatesReferenceBoundsIntoBoundary = false {
        didSet { parametersDidChange() }
    }

    /// The insets applied to the reference bounds when they are a boundary; positive shrinks.
    public private(set) var referenceBoundsInsets = EdgeInsets.zero

    /// Makes the reference bounds, shrunk by `insets`, a boundary.
    public func setTranslatesReferenceBoundsIntoBoundary(with insets: EdgeInsets) {
        referenceBoundsInsets = insets
        translatesReferenceBoundsIntoBoundary = true
    }

    override func contribute(to step: StepContext) {
        guard translatesReferenceBoundsIntoBoundary else { return }
        let rect = referenceBoundsInsets.inset(step.referenceBounds)
        let planes = step.addPlanes(BoundaryPlane.walls(
            minX: Double(rect.minX), minY: Double(rect.minY), maxX: Double(rect.maxX), maxY: Double(rect.maxY)))
        for item in items {
            step.collide(item, withPlanes: planes)
        }
    }
}
