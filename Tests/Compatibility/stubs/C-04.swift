import DynRenderUIKit

// Stand-ins for the project's own types: only what C-04 uses.
public protocol BottomSheetConfiguration: AnyObject {
    func initialY(bottomSheetController: BottomSheetController) -> CGFloat
    func minYBound(bottomSheetController: BottomSheetController) -> CGFloat
    func maxYBound(bottomSheetController: BottomSheetController) -> CGFloat
    func nextY(bottomSheetController: BottomSheetController, from currentY: CGFloat, panDirection: BottomSheetPanDirection) -> CGFloat
    func scrollableView(bottomSheetController: BottomSheetController) -> UICollectionView?
    func disableBackground(bottomSheetController: BottomSheetController) -> Bool
    func maxAlphaBackground(bottomSheetController: BottomSheetController) -> CGFloat
}

final class BottomSheetBehavior: UIDynamicBehavior {
    init(item: UIDynamicItem, to y: CGFloat, with velocity: CGPoint) {
        super.init()
    }
}
