import DynRenderUIKit

// Stand-in for the project's own view: only what C-15 uses.
final class BallView: UIView {
    var gradientColors: [UIColor] = []
}
