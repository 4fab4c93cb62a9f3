import DynRenderUIKit
// minimal stand-in for Utils/UIDynamicAnimatorExtension.swift
extension UIDynamicAnimator {
    func addAttachmentBehavior(_ behavior: UIAttachmentBehavior, _ damping: CGFloat, _ frequency: CGFloat) {
        behavior.damping = damping; behavior.frequency = frequency; addBehavior(behavior)
    }
}
