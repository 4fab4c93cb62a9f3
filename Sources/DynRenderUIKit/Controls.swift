import DynRender

/// `UIAction`: a closure a control calls (what replaces target–action on Linux).
///
/// ```swift
/// button.addAction(UIAction { _ in print("tapped") }, for: .touchUpInside)
/// ```
public struct UIAction {
    /// The action's title (unused by dynrender's drawing).
    public let title: String
    let handler: (UIAction) -> Void

    /// An action that calls `handler` with itself.
    public init(title: String = "", handler: @escaping (UIAction) -> Void) {
        self.title = title
        self.handler = handler
    }
}

/// `UIControl`: the events a control sends.
///
/// ```swift
/// button.addAction(UIAction { _ in dismiss() }, for: .touchUpInside)
/// ```
public enum UIControl {
    /// `UIControl.ContentHorizontalAlignment`: where a button's title sits across it.
    public typealias ContentHorizontalAlignment = Button.ContentHorizontalAlignment
    /// `UIControl.ContentVerticalAlignment`: where a button's title sits up and down it.
    public typealias ContentVerticalAlignment = Button.ContentVerticalAlignment

    /// `UIControl.Event`: what a control reports; dynrender's buttons send `.touchUpInside` and
    /// `.primaryActionTriggered`.
    ///
    /// ```swift
    /// button.addAction(UIAction { _ in print("tap") }, for: .primaryActionTriggered)
    /// ```
    public struct Event: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// A finger went down in the control.
        public static let touchDown = Event(rawValue: 1 << 0)
        /// A finger lifted inside the control: a tap.
        public static let touchUpInside = Event(rawValue: 1 << 6)
        /// The control's value changed.
        public static let valueChanged = Event(rawValue: 1 << 12)
        /// The control's primary action fired (a button's is its touch up inside).
        public static let primaryActionTriggered = Event(rawValue: 1 << 13)
    }

    /// A control's state, for `setTitle(_:for:)`: dynrender draws `.normal` (and dims the title
    /// itself while highlighted).
    ///
    /// ```swift
    /// button.setTitle("Dismiss", for: .normal)
    /// ```
    public struct State: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// The plain state, the one dynrender draws.
        public static let normal = State([])
        /// A finger is down in the control.
        public static let highlighted = State(rawValue: 1 << 0)
        /// The control ignores touches.
        public static let disabled = State(rawValue: 1 << 1)
        /// The control is selected.
        public static let selected = State(rawValue: 1 << 2)
    }
}

/// UIButton's action and title methods.
extension Button {
    /// `UIButton.addAction(_:for:)`: `.touchUpInside` and `.primaryActionTriggered` (a button's
    /// primary action is its touch up inside); any other event stops with a message naming it.
    public func addAction(_ action: UIAction, for controlEvents: UIControl.Event) {
        let supported: UIControl.Event = [.touchUpInside, .primaryActionTriggered]
        guard controlEvents.isSubset(of: supported), !controlEvents.isEmpty else {
            fatalError("UIButton.addAction(_:for:): dynrender sends .touchUpInside and .primaryActionTriggered only, not \(controlEvents.rawValue)")
        }
        addTouchUpInsideHandler { _ in action.handler(action) }
    }

    /// `UIButton.setTitle(_:for:)` for `.normal`; other states stop with a message.
    public func setTitle(_ title: String?, for state: UIControl.State) {
        guard state == .normal else { fatalError("UIButton.setTitle(_:for:): dynrender draws the .normal title only") }
        self.title = title
    }

    /// `UIButton.setImage(_:for:)` for `.normal`: the picture before the title; other states
    /// stop with a message.
    public func setImage(_ image: UIImage?, for state: UIControl.State) {
        guard state == .normal else { fatalError("UIButton.setImage(_:for:): dynrender draws the .normal image only") }
        self.image = image
    }

    /// `UIButton.title(for:)`: the `.normal` title.
    public func title(for state: UIControl.State) -> String? { title }

    /// `UIButton.currentTitle`: the title shown.
    public var currentTitle: String? { title }

    /// `UIButton.setTitleColor(_:for:)` for `.normal`; other states stop with a message.
    public func setTitleColor(_ color: UIColor?, for state: UIControl.State) {
        guard state == .normal else { fatalError("UIButton.setTitleColor(_:for:): dynrender draws the .normal title only") }
        titleColor = color ?? .systemBlue
    }
}

/// `UIScreen`: the render's canvas. `UIScreen.main.scale` is the render scale and `bounds` the
/// scene's size, for the scene whose timeline is running on this thread (3 and 390 × 844 pt, an
/// iPhone's, when none is).
///
/// ```swift
/// let scale = UIScreen.main.scale   // the render's pixels per point
/// ```
public final class UIScreen {
    /// The screen of the running scene.
    public static let main = UIScreen()

    /// Pixels per point of the render in progress (3 when no scene is running).
    public var scale: CGFloat { CGFloat(Scene.running?.renderScale ?? 3) }
    /// The running scene's canvas, points (390 × 844 when no scene is running).
    public var bounds: CGRect { CGRect(origin: .zero, size: Scene.running?.size ?? CGSize(width: 390, height: 844)) }
}

/// UIKit's button types.
extension Button {
    /// `UIButton.ButtonType`: how a button made with `init(type:)` looks.
    ///
    /// ```swift
    /// let button = UIButton(type: .system)
    /// ```
    public enum ButtonType: Sendable {
        /// The tinted title of a system button (blue, dimming under a finger).
        case system
        /// A plain button for the app to style: a white title.
        case custom
    }

    /// `UIButton(type:)`: a button of no size yet (give it a frame or constraints).
    public convenience init(type buttonType: ButtonType) {
        self.init(frame: .zero, title: nil)
        if buttonType == .custom { titleColor = .white }
    }

    /// `UIButton(type:primaryAction:)`: a button of `type` whose title is the action's, calling it
    /// on a tap.
    public convenience init(type buttonType: ButtonType = .system, primaryAction: UIAction?) {
        self.init(type: buttonType)
        if let primaryAction {
            if !primaryAction.title.isEmpty { title = primaryAction.title }
            addAction(primaryAction, for: .primaryActionTriggered)
        }
    }
}

/// The closure form of a recogniser's `addTarget(_:action:)`, which `dynrender port` writes.
extension GestureRecognizer {
    /// Calls `handler` with the recogniser, as the type the action method takes, whenever it
    /// sends an action (UIKit's `addTarget(_:action:)` without a selector):
    /// `pan.addTarget { [unowned self] recognizer in self.handlePan(recognizer) }`.
    public func addTarget<Recognizer: GestureRecognizer>(handler: @escaping (Recognizer) -> Void) {
        addHandler { recognizer in
            guard let typed = recognizer as? Recognizer else {
                fatalError("UIGestureRecognizer.addTarget: the action takes a \(Recognizer.self), but the recogniser is a \(type(of: recognizer))")
            }
            handler(typed)
        }
    }
}


/// `UISwitch`'s value-changed action.
extension Switch {
    /// `UISwitch.addAction(_:for:)`: `.valueChanged` (a tap that toggles it); any other event stops
    /// with a message naming it.
    public func addAction(_ action: UIAction, for controlEvents: UIControl.Event) {
        guard controlEvents == .valueChanged || controlEvents == .primaryActionTriggered else {
            fatalError("UISwitch.addAction(_:for:): dynrender's switches send .valueChanged only, not \(controlEvents.rawValue)")
        }
        addValueChangedHandler { _ in action.handler(action) }
    }
}
