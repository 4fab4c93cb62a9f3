import DynRenderUIKit
// minimal stand-ins for UIGameKit AffectedByDynamics, ContactDelegate, UIContact
public protocol AffectedByDynamics: UIView {
    var affectedByGravity: Bool { get }
    var categoryBitMask: UInt32 { get }
    var collisionBitMask: UInt32 { get }
    var contactBitMask: UInt32 { get }
}
public protocol ContactDelegate {
    func contactOccur(contact: UIContact)
}
public class UIContact {
    init(behavior: UICollisionBehavior, item1: UIDynamicItem, item2: UIDynamicItem, at p: CGPoint) {}
}
