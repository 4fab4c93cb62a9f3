import DynRenderUIKit
// minimal stand-ins for VVDynamicItem.swift and VVNestBootomViewProtocol.swift
class VVDynamicItem: NSObject, UIDynamicItem {
    var transform = CGAffineTransform.identity
    var center = CGPoint.zero
    var bounds = CGRect(x: 0, y: 0, width: 1, height: 1)
}
protocol VVNestBottomViewProtocol: AnyObject {
    func nestBottomView(_ isScrollEnable: Bool)
    func nestBottonView(_ offset: CGPoint)
    func bottomViewContentSize() -> CGSize
    func bottomViewContentOffset() -> CGPoint
    func excludeViewHeight() -> CGFloat
    func startTouch()
    func stopTouch()
    func scrollOffBottomBaseLine()
}
