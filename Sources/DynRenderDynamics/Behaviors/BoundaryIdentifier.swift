import Foundation
import DynRenderGeometry

/// Boundary identifiers as UIKit spells them: `NSCopying` values (`"floor" as NSString`,
/// `NSString(string:)`, `NSNumber`, `name as NSCopying`). They are kept as `AnyHashable`, the
/// Swift spelling, so an `NSString` and the `String` with the same characters name the same
/// boundary, as `isEqual:` makes them in UIKit.
///
/// ```swift
/// collision.addBoundary(withIdentifier: "floor" as NSString, from: CGPoint(x: 0, y: 800), to: CGPoint(x: 390, y: 800))
/// collision.removeBoundary(withIdentifier: "floor" as NSCopying)
/// ```
extension CollisionBehavior {
    /// Adds a line-segment boundary named by an `NSCopying` identifier (UIKit's signature).
    public func addBoundary(withIdentifier identifier: NSCopying, from p1: CGPoint, to p2: CGPoint) {
        addBoundary(withIdentifier: Self.hashableIdentifier(identifier), from: p1, to: p2)
    }

    /// Adds a boundary along `path` named by an `NSCopying` identifier (UIKit's signature).
    public func addBoundary(withIdentifier identifier: NSCopying, for path: BezierPath) {
        addBoundary(withIdentifier: Self.hashableIdentifier(identifier), for: path)
    }

    /// The path of the boundary named by an `NSCopying` identifier, or nil.
    public func boundary(withIdentifier identifier: NSCopying) -> BezierPath? {
        boundary(withIdentifier: Self.hashableIdentifier(identifier))
    }

    /// Removes the boundary named by an `NSCopying` identifier, if there is one.
    public func removeBoundary(withIdentifier identifier: NSCopying) {
        removeBoundary(withIdentifier: Self.hashableIdentifier(identifier))
    }

    /// An `NSCopying` identifier as the `AnyHashable` it is kept as: strings as `String` (so
    /// `"floor"` and `"floor" as NSString` are one boundary), numbers and other objects as
    /// themselves (`NSObject` equality), anything else by identity.
    static func hashableIdentifier(_ identifier: NSCopying) -> AnyHashable {
        if let string = identifier as? NSString { return AnyHashable(String(string)) }
        if let object = identifier as? NSObject { return AnyHashable(object) }
        return AnyHashable(ObjectIdentifier(identifier as AnyObject))
    }

    /// A kept identifier as UIKit hands it to a delegate: strings as `NSString`, integers and
    /// floating-point numbers as `NSNumber`, objects as themselves; nil for the reference bounds
    /// and for identifiers no `NSCopying` value can stand for (a Swift struct of your own).
    static func objectIdentifier(_ identifier: AnyHashable?) -> NSCopying? {
        guard let base = identifier?.base else { return nil }
        switch base {
        case let string as String: return NSString(string: string)
        case let number as Int: return NSNumber(value: number)
        case let number as Double: return NSNumber(value: number)
        case let object as NSCopying: return object
        default: return nil
        }
    }
}
