import DynRenderUIKit
// minimal stand-ins for andresbrun/UIDynamicsPlayground Sources (Extensions.swift, gesture helpers) and CGPoint operators
extension UIView {
    static func createDefaultContainer() -> UIView { fatalError() }
    static func createBallView() -> UIView { fatalError() }
    func centerInSuperview(with random: CGFloat = 0) {}
}
class UIPanGestureRecognizerHelper {
    typealias OnPanAction = (_ location: CGPoint, _ velocity: CGPoint) -> Void
    init(view: UIView, onStartPan: @escaping OnPanAction = { _, _ in }, onChangePan: @escaping OnPanAction = { _, _ in }, onFinishPan: @escaping OnPanAction = { _, _ in }) {}
}
class UITapGestureRecognizerHelper {
    typealias OnTapAction = (CGPoint) -> Void
    init(view: UIView, onTap: @escaping OnTapAction) {}
}
func - (a: CGPoint, b: CGPoint) -> CGVector { CGVector(dx: a.x - b.x, dy: a.y - b.y) }
func / (a: CGVector, b: CGFloat) -> CGVector { CGVector(dx: a.dx / b, dy: a.dy / b) }
extension CGPoint { var vector: CGVector { CGVector(dx: x, dy: y) } }
