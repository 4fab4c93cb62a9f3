import Foundation
import DynRenderGeometry

/// Told when items start and stop touching each other or a boundary (UIKit's
/// `UICollisionBehaviorDelegate`). The boundary identifier is nil for the reference bounds.
/// Each boundary event comes in two spellings, both called: with the identifier as
/// `AnyHashable?` (Swift's) and as `NSCopying?` (UIKit's, a `String` identifier arriving as an
/// `NSString`); implement either.
///
/// ```swift
/// final class Thud: CollisionBehaviorDelegate {
///     func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item: DynamicItem,
///                            withBoundaryIdentifier identifier: AnyHashable?, at point: CGPoint) {
///         print("landed at", point)
///     }
/// }
/// collision.collisionDelegate = thud   // held weakly: keep `thud` alive
/// ```
public protocol CollisionBehaviorDelegate: AnyObject {
    /// `item1` and `item2` started touching at `point` (reference coordinates).
    func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item1: DynamicItem,
                           with item2: DynamicItem, at point: CGPoint)
    /// `item1` and `item2` stopped touching.
    func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item1: DynamicItem,
                           with item2: DynamicItem)
    /// `item` started touching the boundary `identifier` (nil: the reference bounds) at `point`.
    func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item: DynamicItem,
                           withBoundaryIdentifier identifier: AnyHashable?, at point: CGPoint)
    /// `item` stopped touching the boundary `identifier` (nil: the reference bounds).
    func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item: DynamicItem,
                           withBoundaryIdentifier identifier: AnyHashable?)
    /// UIKit's spelling of the began-contact event: the identifier as `NSCopying?`.
    func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item: DynamicItem,
                           withBoundaryIdentifier identifier: NSCopying?, at point: CGPoint)
    /// UIKit's spelling of the ended-contact event: the identifier as `NSCopying?`.
    func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item: DynamicItem,
                           withBoundaryIdentifier identifier: NSCopying?)
}

extension CollisionBehaviorDelegate {
    /// Does nothing: implement only the contacts you need.
    public func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item1: DynamicItem,
                                  with item2: DynamicItem, at point: CGPoint) {}
    /// Does nothing: implement only the contacts you need.
    public func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item1: DynamicItem,
                                  with item2: DynamicItem) {}
    /// Does nothing: implement only the contacts you need.
    public func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item: DynamicItem,
                                  withBoundaryIdentifier identifier: AnyHashable?, at point: CGPoint) {}
    /// Does nothing: implement only the contacts you need.
    public func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item: DynamicItem,
                                  withBoundaryIdentifier identifier: AnyHashable?) {}
    /// Does nothing: implement only the contacts you need.
    public func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item: DynamicItem,
                                  withBoundaryIdentifier identifier: NSCopying?, at point: CGPoint) {}
    /// Does nothing: implement only the contacts you need.
    public func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item: DynamicItem,
                                  withBoundaryIdentifier identifier: NSCopying?) {}
}

/// Makes its items collide with each other and with boundaries, UIKit's `UICollisionBehavior`.
///
/// Items collide only with items of the same collision behaviour (several behaviours partition
/// collisions), and never with an item they are attached to.
///
/// ```swift
/// let collision = CollisionBehavior(items: [square, ball])
/// collision.translatesReferenceBoundsIntoBoundary = true
/// collision.addBoundary(withIdentifier: "shelf", from: CGPoint(x: 0, y: 400), to: CGPoint(x: 200, y: 400))
/// animator.addBehavior(collision)
/// ```
open class CollisionBehavior: ItemListBehavior {
    /// What the items collide with (UIKit's `UICollisionBehavior.Mode`).
    ///
    /// ```swift
    /// collision.collisionMode = .boundaries   // items pass through each other but not the walls
    /// ```
    public struct Mode: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Items collide with each other.
        public static let items = Mode(rawValue: 1 << 0)
        /// Items collide with the boundaries (the reference bounds, lines and paths).
        public static let boundaries = Mode(rawValue: 1 << 1)
        /// Items collide with each other and with the boundaries: the default.
        public static let everything = Mode(rawValue: .max)
    }

    /// Default `.everything`.
    public var collisionMode: Mode = .everything {
        didSet { parametersDidChange() }
    }

    /// Makes the animator's reference bounds a boundary. Default false.
    public var translatesReferenceBoundsIntoBoundary = false {
        didSet { parametersDidChange() }
    }

    /// The insets applied to the reference bounds when they are a boundary; positive shrinks.
    public private(set) var referenceBoundsInsets = EdgeInsets.zero

    /// Told when contacts begin and end; held weakly, as UIKit does.
    public weak var collisionDelegate: CollisionBehaviorDelegate?

    private var boundaries: [(identifier: AnyHashable, path: BezierPath)] = [] {
        didSet { boundarySegments = nil }
    }
    /// The boundaries' straight segments with their boundary numbers, made once per change.
    private var boundarySegments: [(from: Vector2, to: Vector2, boundary: Int)]?
    /// What touched after the previous step, for began / ended events.
    private var touching: [ContactSource: Void] = [:]

    /// Makes the reference bounds, shrunk by `insets`, a boundary.
    public func setTranslatesReferenceBoundsIntoBoundary(with insets: EdgeInsets) {
        referenceBoundsInsets = insets
        translatesReferenceBoundsIntoBoundary = true
    }

    /// Adds a line-segment boundary (replacing one with the same identifier).
    public func addBoundary(withIdentifier identifier: AnyHashable, from p1: CGPoint, to p2: CGPoint) {
        let path = BezierPath()
        path.move(to: p1)
        path.addLine(to: p2)
        addBoundary(withIdentifier: identifier, for: path)
    }

    /// Adds a boundary along every segment of `path` (curves as their line approximation),
    /// replacing one with the same identifier.
    public func addBoundary(withIdentifier identifier: AnyHashable, for path: BezierPath) {
        boundaries.removeAll { $0.identifier == identifier }
        // A copy: changing the caller's path afterwards does not move the boundary.
        boundaries.append((identifier, path.copy()))
        parametersDidChange()
    }

    /// The identifiers of the boundaries added, in order.
    public var boundaryIdentifiers: [AnyHashable] { boundaries.map(\.identifier) }

    /// A copy of the path of the boundary `identifier`, or nil.
    public func boundary(withIdentifier identifier: AnyHashable) -> BezierPath? {
        boundaries.first { $0.identifier == identifier }?.path.copy()
    }

    /// Removes the boundary added under `identifier`, if there is one.
    public func removeBoundary(withIdentifier identifier: AnyHashable) {
        boundaries.removeAll { $0.identifier == identifier }
        parametersDidChange()
    }

    /// Removes every boundary added by identifier (the reference-bounds boundary stays while
    /// `translatesReferenceBoundsIntoBoundary` is true).
    public func removeAllBoundaries() {
        boundaries.removeAll()
        parametersDidChange()
    }

    /// Boundary number of the reference bounds in contact sources.
    private static let referenceBoundary = -1

    override func contribute(to step: StepContext) {
        let group = step.joinCollisionGroup(self)
        let bodies = bodies(in: step)
        if collisionMode.contains(.items) {
            step.addToCollisionGroup(bodies, group: group)
        }
        guard collisionMode.contains(.boundaries) else { return }
        if translatesReferenceBoundsIntoBoundary {
            let rect = referenceBoundsInsets.inset(step.referenceBounds)
            let walls = BoundaryPlane.walls(minX: Double(rect.minX), minY: Double(rect.minY),
                                            maxX: Double(rect.maxX), maxY: Double(rect.maxY))
                .map { plane -> BoundaryPlane in
                    var plane = plane
                    plane.group = group
                    plane.boundary = Self.referenceBoundary
                    return plane
                }
            let planes = step.addPlanes(walls)
            step.collide(bodies, withPlanes: planes)
        }
        if !boundaries.isEmpty {
            var first = Int.max, last = 0
            if boundarySegments == nil {
                boundarySegments = boundaries.enumerated().flatMap { index, boundary in
                    boundary.path.segments.map { (Vector2($0.0), Vector2($0.1), index) }
                }
            }
            for (from, to, index) in boundarySegments ?? [] {
                let segment = step.addSegment(BoundarySegment(from: from, to: to, group: group, boundary: index))
                first = min(first, segment)
                last = segment + 1
            }
            if first < last {
                step.collide(bodies, withSegments: first..<last)
            }
        }
    }

    override func attach(to animator: DynamicAnimator?) {
        touching.removeAll()
        super.attach(to: animator)
    }

    /// Compares what touches now with the previous step and tells the delegate: ended contacts
    /// first, then began ones, each in the solver's (deterministic) order.
    func report(touching now: [(ContactSource, Vector2)], items: [Int: DynamicItem]) {
        var current: [ContactSource: Void] = [:]
        for (source, _) in now { current[canonical(source)] = () }
        defer { touching = current }
        guard let delegate = collisionDelegate else { return }
        let ended = touching.keys.filter { current[$0] == nil }.sorted { "\($0)" < "\($1)" }
        for source in ended {
            switch source {
            case .items(let a, let b, _):
                guard let first = items[a], let second = items[b] else { continue }
                delegate.collisionBehavior(self, endedContactFor: first, with: second)
            case .boundary(let body, _, let boundary):
                guard let item = items[body] else { continue }
                let identifier = identifier(of: boundary)
                delegate.collisionBehavior(self, endedContactFor: item, withBoundaryIdentifier: identifier)
                delegate.collisionBehavior(self, endedContactFor: item, withBoundaryIdentifier: Self.objectIdentifier(identifier))
            }
        }
        var reported = Set<ContactSource>()
        for (source, point) in now {
            let key = canonical(source)
            guard touching[key] == nil, reported.insert(key).inserted else { continue }
            switch key {
            case .items(let a, let b, _):
                guard let first = items[a], let second = items[b] else { continue }
                delegate.collisionBehavior(self, beganContactFor: first, with: second, at: point.point)
            case .boundary(let body, _, let boundary):
                guard let item = items[body] else { continue }
                let identifier = identifier(of: boundary)
                delegate.collisionBehavior(self, beganContactFor: item, withBoundaryIdentifier: identifier, at: point.point)
                delegate.collisionBehavior(self, beganContactFor: item, withBoundaryIdentifier: Self.objectIdentifier(identifier),
                                           at: point.point)
            }
        }
    }

    /// The key of a contact as this behaviour sees it: item pairs without the group mask (which
    /// other behaviours change), boundaries by number (the four walls of the bounds as one).
    private func canonical(_ source: ContactSource) -> ContactSource {
        switch source {
        case .items(let a, let b, _): return .items(a, b, groups: 0)
        case .boundary(let body, _, let boundary): return .boundary(body: body, group: 0, boundary: boundary)
        }
    }

    private func identifier(of boundary: Int) -> AnyHashable? {
        boundary == Self.referenceBoundary || boundary >= boundaries.count ? nil : boundaries[boundary].identifier
    }
}
