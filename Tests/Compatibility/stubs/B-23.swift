import DynRenderUIKit
// minimal stand-ins for NamedBezierPathsView and FallingObjectBehavior (corpus file B/22)
class NamedBezierPathsView: UIView {
    var bezierPaths = [String: UIBezierPath]()
}
class FallingObjectBehavior: UIDynamicBehavior {
    let gravity = UIGravityBehavior()
    func addBarrier(path: UIBezierPath, named name: String) {}
    func addItem(item: UIDynamicItem) {}
    func removeItem(item: UIDynamicItem) {}
}
