import DynRenderUIKit

// Stand-in for the project's own view: only what C-20 uses.
class BubbleAnswerView: UIView {
    let itemBehavior = UIDynamicItemBehavior(items: [])
}
