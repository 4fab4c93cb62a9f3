import DynRenderUIKit

/// A scene holding one full-screen root view, as a view controller's `view`: snippets make
/// their animators with `UIDynamicAnimator(referenceView: root)` and the scene steps them.
final class Host {
    let scene = Scene(size: CGSize(width: 390, height: 844))
    let root = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))

    init() {
        scene.addSubview(root)
    }

    /// Runs the scene to `time` seconds.
    func run(to time: Double) { scene.advance(to: time) }
}
