import DynRenderUIKit
// minimal stand-ins for andresbrun/UIDynamicsPlayground Sources/Extensions.swift + UIPanGestureRecognizerHelper.swift
extension UIView {
    static func createLargerContainer() -> UIView { fatalError() }
    static func createDefaultRoundedView() -> UIView { fatalError() }
    func centerInSuperview(with random: CGFloat = 0) {}
    var relativeCenter: CGPoint { CGPoint(x: bounds.midX, y: bounds.midY) }
}
class UIPanGestureRecognizerHelper {
    typealias OnPanAction = (_ location: CGPoint, _ velocity: CGPoint) -> Void
    init(view: UIView, onStartPan: @escaping OnPanAction = { _, _ in }, onChangePan: @escaping OnPanAction = { _, _ in }, onFinishPan: @escaping OnPanAction = { _, _ in }) {}
}
