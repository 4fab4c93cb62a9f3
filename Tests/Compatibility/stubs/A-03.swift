import DynRenderUIKit
// Our own minimal stand-ins for andresbrun/UIDynamicsPlayground's Sources/Extensions.swift and
// UIPanGestureRecognizerHelper.swift (a container, a rounded view, centring, a pan helper).
extension UIView {
    static func createLargerContainer() -> UIView {
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 375, height: 668))
        container.backgroundColor = .white
        return container
    }
    static func createDefaultRoundedView() -> UIView {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 60, height: 60))
        view.backgroundColor = .systemBlue
        view.layer.cornerRadius = 30
        return view
    }
    func centerInSuperview(with random: CGFloat = 0) {
        guard let superview else { return }
        center = CGPoint(x: superview.bounds.midX + random, y: superview.bounds.midY + random)
    }
    var relativeCenter: CGPoint { CGPoint(x: bounds.midX, y: bounds.midY) }
}
class UIPanGestureRecognizerHelper {
    typealias OnPanAction = (_ location: CGPoint, _ velocity: CGPoint) -> Void
    private let recognizer: UIPanGestureRecognizer
    init(view: UIView, onStartPan: @escaping OnPanAction = { _, _ in }, onChangePan: @escaping OnPanAction = { _, _ in },
         onFinishPan: @escaping OnPanAction = { _, _ in }) {
        recognizer = UIPanGestureRecognizer { [unowned view] pan in
            let location = pan.location(in: view), velocity = pan.velocity(in: view)
            switch pan.state {
            case .began: onStartPan(location, velocity)
            case .changed: onChangePan(location, velocity)
            default: onFinishPan(location, velocity)
            }
        }
        view.addGestureRecognizer(recognizer)
    }
}
