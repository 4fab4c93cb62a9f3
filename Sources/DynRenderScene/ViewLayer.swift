import Foundation
import DynRenderDisplayList
import DynRenderGeometry
import DynRenderPixels

/// A view's layer under Core Animation's names (`view.layer.cornerRadius = 10`): corner radius
/// and curve, `masksToBounds`, opacity, border and shadow, read from and written to the view it
/// belongs to. Shadows map as the alert demo maps SitePoint's: a Gaussian of σ = `shadowRadius`
/// points (display-list `blur` = 2 × `shadowRadius`), its colour's alpha times `shadowOpacity`,
/// offset in screen space.
///
/// ```swift
/// alert.layer.cornerRadius = 12
/// alert.layer.borderWidth = 1
/// alert.layer.borderColor = Color(0, 0, 0, 40)
/// alert.layer.shadowOpacity = 0.4
/// alert.layer.shadowOffset = CGSize(width: 0, height: 8)
/// ```
public final class ViewLayer {
    private unowned let view: View

    init(view: View) {
        self.view = view
    }

    /// The layer's bounds: its view's (`CALayer.bounds`); setting it resizes the view.
    public var bounds: CGRect {
        get { view.bounds }
        set { view.bounds = newValue }
    }
    /// Where the layer's anchor point is in its superlayer: its view's `center`.
    public var position: CGPoint {
        get { view.center }
        set { view.center = newValue }
    }
    /// The point of the bounds that `position` places and the transform turns about, 0…1 of
    /// each side; default (0.5, 0.5), the middle. As in Core Animation, changing it keeps
    /// `position`, so the layer moves; a bottom sheet anchored at (0.5, 0) swings from its top
    /// edge. Dynamics moves `position` (the view's `center`), as UIKit's does.
    public var anchorPoint: CGPoint {
        get { view.anchorPoint }
        set {
            guard newValue.x.isFinite, newValue.y.isFinite else { fatalError("CALayer.anchorPoint: \(newValue) is not a finite point") }
            view.anchorPoint = newValue
        }
    }

    /// The layer as it is on screen now (`CALayer.presentation()`): dynrender applies view
    /// animations to the view's properties frame by frame, so what is on screen is the layer
    /// itself, mid-animation values included.
    public func presentation() -> ViewLayer? { self }
    /// The layer's frame in its superlayer: its view's.
    public var frame: CGRect {
        get { view.frame }
        set { view.frame = newValue }
    }
    /// The view's `cornerRadius`, points.
    public var cornerRadius: CGFloat {
        get { CGFloat(view.cornerRadius) }
        set { view.cornerRadius = Double(newValue) }
    }
    /// The view's `cornerCurve`.
    public var cornerCurve: CornerCurve {
        get { view.cornerCurve }
        set { view.cornerCurve = newValue }
    }
    /// The view's `clipsToBounds`.
    public var masksToBounds: Bool {
        get { view.clipsToBounds }
        set { view.clipsToBounds = newValue }
    }
    /// The view's `alpha`.
    public var opacity: Float {
        get { Float(view.alpha) }
        set { view.alpha = Double(newValue) }
    }
    /// The view's `isHidden`.
    public var isHidden: Bool {
        get { view.isHidden }
        set { view.isHidden = newValue }
    }
    /// The view's `backgroundColor`.
    public var backgroundColor: Color? {
        get { view.backgroundColor }
        set { view.backgroundColor = newValue }
    }

    /// Points; default 0 (no border).
    public var borderWidth: CGFloat = 0 { didSet { updateBorder() } }
    /// Default opaque black, as Core Animation's.
    public var borderColor: Color? = Color(0, 0, 0) { didSet { updateBorder() } }

    /// Default opaque black.
    public var shadowColor: Color? = Color(0, 0, 0) { didSet { updateShadow() } }
    /// 0…1; default 0 (no shadow), as Core Animation's.
    public var shadowOpacity: Float = 0 { didSet { updateShadow() } }
    /// Points, screen space; default (0, −3), as Core Animation's.
    public var shadowOffset = CGSize(width: 0, height: -3) { didSet { updateShadow() } }
    /// The Gaussian's σ, points; default 3, as Core Animation's.
    public var shadowRadius: CGFloat = 3 { didSet { updateShadow() } }

    private func updateBorder() {
        guard borderWidth > 0, let color = borderColor else {
            view.border = nil
            return
        }
        view.border = Border(width: Double(borderWidth), color: color.rgba)
    }

    private func updateShadow() {
        let opacity = min(max(Double(shadowOpacity), 0), 1)
        guard opacity > 0, let color = shadowColor?.rgba, shadowRadius.isFinite else {
            view.shadow = nil
            return
        }
        view.shadow = Shadow(offset: CGVector(dx: shadowOffset.width, dy: shadowOffset.height), blur: 2 * max(Double(shadowRadius), 0),
                             color: RGBA8(color.r, color.g, color.b, UInt8((Double(color.a) * opacity).rounded())))
    }
}
