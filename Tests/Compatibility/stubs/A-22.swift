import DynRenderUIKit
// Our own minimal stand-ins for andresbrun/UIDynamicsPlayground's Sources (a container, a ball,
// centring, gesture helpers) and its CGPoint operators.
extension UIView {
    static func createDefaultContainer() -> UIView {
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 375, height: 668))
        container.backgroundColor = .white
        return container
    }
    static func createBallView() -> UIView {
        let ball = UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
        ball.backgroundColor = .systemRed
        ball.layer.cornerRadius = 20
        return ball
    }
    func centerInSuperview(with random: CGFloat = 0) {
        guard let superview else { return }
        center = CGPoint(x: superview.bounds.midX + random, y: superview.bounds.midY + random)
    }
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
class UITapGestureRecognizerHelper {
    typealias OnTapAction = (CGPoint) -> Void
    init(view: UIView, onTap: @escaping OnTapAction) {
        view.addGestureRecognizer(UITapGestureRecognizer { [unowned view] tap in onTap(tap.location(in: view)) })
    }
}
func - (a: CGPoint, b: CGPoint) -> CGVector { CGVector(dx: a.x - b.x, dy: a.y - b.y) }
func / (a: CGVector, b: CGFloat) -> CGVector { CGVector(dx: a.dx / b, dy: a.dy / b) }
extension CGPoint { var vector: CGVector { CGVector(dx: x, dy: y) } }
