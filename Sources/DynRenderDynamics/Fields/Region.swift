import Foundation
import DynRenderGeometry

/// The part of the plane a field acts in, UIKit's `UIRegion`, centred on the field's position.
///
/// Regions combine: `inverse()`, `union(with:)`, `intersection(with:)`, `difference(from:)`.
///
/// ```swift
/// let ring = Region(radius: 200).intersection(with: Region(radius: 100).inverse())
/// ```
public indirect enum Region: Sendable {
    /// Everywhere (the default).
    case infinite
    /// A disc of this radius, points.
    case circle(radius: Double)
    /// A rectangle of this size, points, centred on the position.
    case rectangle(width: Double, height: Double)
    /// Every point not in the region.
    case inverse(Region)
    /// Every point in either region.
    case union(Region, Region)
    /// Every point in both regions.
    case intersection(Region, Region)
    /// The points of the first region that are not in the second.
    case difference(Region, Region)

    /// A disc of `radius` points (UIKit's `UIRegion(radius:)`).
    public init(radius: CGFloat) { self = .circle(radius: Double(radius)) }
    /// A rectangle of `size` points (UIKit's `UIRegion(size:)`).
    public init(size: CGSize) { self = .rectangle(width: Double(size.width), height: Double(size.height)) }

    /// The points outside this region (UIKit's `inverse()`).
    public func inverse() -> Region { .inverse(self) }
    /// The points in this region or in `other` (UIKit's `union(with:)`).
    public func union(with other: Region) -> Region { .union(self, other) }
    /// The points in both this region and `other` (UIKit's `intersection(with:)`).
    public func intersection(with other: Region) -> Region { .intersection(self, other) }
    /// `other` minus this region (UIKit's `difference(from:)`).
    public func difference(from other: Region) -> Region { .difference(other, self) }

    /// Whether `point` (relative to the field's position, points) is inside, as
    /// `UIRegion.contains(_:)`.
    public func contains(_ point: CGPoint) -> Bool {
        contains(Vector2(Double(point.x), Double(point.y)))
    }

    func contains(_ d: Vector2) -> Bool {
        switch self {
        case .infinite: return true
        case .circle(let radius): return d.lengthSquared <= radius * radius
        case .rectangle(let width, let height): return abs(d.x) <= width / 2 && abs(d.y) <= height / 2
        case .inverse(let region): return !region.contains(d)
        case .union(let a, let b): return a.contains(d) || b.contains(d)
        case .intersection(let a, let b): return a.contains(d) && b.contains(d)
        case .difference(let a, let b): return a.contains(d) && !b.contains(d)
        }
    }
}
