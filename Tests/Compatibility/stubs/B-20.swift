import DynRenderUIKit
// minimal stand-ins for BubbleView (nib-loaded UIView subclass) and BubbleBehavior (corpus file B/21)
class BubbleView: UIView {}
class BubbleBehavior: UIDynamicBehavior {
    var attachmentPoint: CGPoint
    var isEnabled = true
    init(item: UIDynamicItem, attachmentPoint: CGPoint) { self.attachmentPoint = attachmentPoint; super.init() }
}
