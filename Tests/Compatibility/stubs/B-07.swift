import DynRenderUIKit
// minimal stand-in for UTM's VMDisplayMetalViewController
class VMDisplayMetalViewController: UIViewController {
    var serverModeCursor = false
    func moveMouseRelative(_ p: CGPoint) {}
    func moveMouseAbsolute(_ p: CGPoint) {}
}
