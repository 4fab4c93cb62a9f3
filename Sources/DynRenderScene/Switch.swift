import Foundation
import DynRenderDisplayList
import DynRenderPixels
import DynRenderGeometry

/// An on/off switch, as iOS draws `UISwitch`: a 51 × 31 pt capsule, green when on and light grey
/// when off, with a white knob that a tap moves to the other end. Whatever frame it is given, it
/// keeps that size (placed at the frame's origin), as UIKit's.
///
/// ```swift
/// let toggle = Switch(frame: CGRect(x: 20, y: 100, width: 0, height: 0))
/// toggle.addValueChangedHandler { toggle in gravity.magnitude = toggle.isOn ? 1 : 0 }
/// ```
open class Switch: View {
    /// The size every switch has, points.
    public static let size = CGSize(width: 51, height: 31)
    /// Whether it is on. Setting it moves the knob at once.
    open var isOn = false { didSet { updateLook() } }
    /// The track's colour when on; nil for iOS's green.
    open var onTintColor: Color? { didSet { updateLook() } }
    /// The knob's colour; nil for white.
    open var thumbTintColor: Color? { didSet { updateLook() } }
    /// Whether a tap toggles it. Default true.
    open var isEnabled = true { didSet { updateLook() } }

    private let knob = View(frame: CGRect(x: 2, y: 2, width: 27, height: 27))
    private var valueChanged: [(Switch) -> Void] = []

    /// A switch with its top-left corner at `frame`'s, off.
    public override init(frame: CGRect) {
        super.init(frame: CGRect(origin: frame.origin, size: Switch.size))
        cornerRadius = Double(Switch.size.height) / 2
        knob.cornerRadius = 13.5
        knob.shadow = Shadow(offset: CGVector(dx: 0, dy: 3), blur: 2 * 4, color: RGBA8(0, 0, 0, 38))
        knob.isUserInteractionEnabled = false
        addSubview(knob)
        updateLook()
        addGestureRecognizer(TouchUpInsideRecognizer { [unowned self] _ in
            guard isEnabled else { return }
            isOn.toggle()
            for handler in valueChanged { handler(self) }
        })
    }

    /// A switch at (0, 0), off (`UISwitch()`).
    public convenience init() {
        self.init(frame: .zero)
    }

    /// Never decoded from archives: always nil (see `View.init?(coder:)`).
    public required init?(coder: NSCoder) {
        return nil
    }

    /// Sets `isOn`; the knob moves at once either way (the 0.2 s slide is not drawn).
    open func setOn(_ on: Bool, animated: Bool) {
        isOn = on
    }

    /// Calls `handler` after every tap that toggles the switch (UIKit's `.valueChanged`), not
    /// when code sets `isOn`.
    public func addValueChangedHandler(_ handler: @escaping (Switch) -> Void) {
        valueChanged.append(handler)
    }

    /// The switch's own size, whatever is asked.
    open override func sizeThatFits(_ size: CGSize) -> CGSize { Switch.size }
    /// The switch's own size.
    open override var intrinsicContentSize: CGSize { Switch.size }

    private func updateLook() {
        backgroundColor = isOn ? (onTintColor ?? .systemGreen) : Color(233, 233, 234)
        knob.backgroundColor = thumbTintColor ?? .white
        knob.center = CGPoint(x: isOn ? Switch.size.width - 15.5 : 15.5, y: Switch.size.height / 2)
        alpha = isEnabled ? 1 : 0.5
    }
}
