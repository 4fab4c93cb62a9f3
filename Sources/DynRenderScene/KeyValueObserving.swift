import Foundation

#if !canImport(ObjectiveC)
/// The keys of a key-value change, as Foundation's (which Linux's Foundation lacks).
///
/// ```swift
/// let center = change?[.newKey] as? CGPoint
/// ```
public struct NSKeyValueChangeKey: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The value after the change.
    public static let newKey = NSKeyValueChangeKey(rawValue: "new")
    /// The value before the change (with `.old`).
    public static let oldKey = NSKeyValueChangeKey(rawValue: "old")
    /// The kind of change: 1, a setting.
    public static let kindKey = NSKeyValueChangeKey(rawValue: "kind")
}

/// What a key-value observer is told, as Foundation's options (which Linux's Foundation lacks).
///
/// ```swift
/// ball.addObserver(self, forKeyPath: "center", options: [.new], context: nil)
/// ```
public struct NSKeyValueObservingOptions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// The new value in the change.
    public static let new = NSKeyValueObservingOptions(rawValue: 1)
    /// The old value in the change.
    public static let old = NSKeyValueObservingOptions(rawValue: 2)
    /// A first call at once, with the value now.
    public static let initial = NSKeyValueObservingOptions(rawValue: 4)
    /// A call before each change too (not sent by dynrender; accepted).
    public static let prior = NSKeyValueObservingOptions(rawValue: 8)
}
#endif

/// One observer of one key of a view: a responder told through `observeValue`, or a block's
/// token (`observe(_:options:changeHandler:)`).
struct KeyValueObservation {
    weak var observer: Responder?
    weak var token: NSKeyValueObservation?
    /// The key path as the observer wrote it, which it is told back.
    let keyPath: String
    /// The property it names (`hidden` for `isHidden` too).
    let key: String
    let options: NSKeyValueObservingOptions
    let context: UnsafeMutableRawPointer?
}

/// Key-value observing of a view's geometry, as UIKit apps use it to follow a view that dynamics
/// moves (`ball.addObserver(self, forKeyPath: "center", …)` and an `observeValue` override): the
/// observer is told after each change of `center`, `bounds`, `frame` (when the centre or bounds
/// change), `transform`, `alpha` or `hidden`, at the moment it happens, with the new (and old)
/// value; setting a value equal to the old one tells nothing (dynamics writes a moving view's
/// centre more than once a step). Other keys stop at the call with a message.
extension View {
    /// The keys a view can be observed on.
    public static let observableKeys: Set<String> = ["center", "bounds", "frame", "transform", "alpha", "hidden", "isHidden"]

    /// Starts telling `observer` (its `observeValue(forKeyPath:of:change:context:)`) about changes
    /// of `keyPath`, as `NSObject.addObserver(_:forKeyPath:options:context:)`. The observer is
    /// held weakly.
    public func addObserver(_ observer: Responder, forKeyPath keyPath: String, options: NSKeyValueObservingOptions,
                            context: UnsafeMutableRawPointer?) {
        guard Self.observableKeys.contains(keyPath) else {
            fatalError("UIView.addObserver(_:forKeyPath:): dynrender observes \(Self.observableKeys.sorted().joined(separator: ", ")), not \"\(keyPath)\"")
        }
        let key = Self.observedKey(keyPath)
        keyValueObservers.append(KeyValueObservation(observer: observer, token: nil, keyPath: keyPath, key: key, options: options,
                                                     context: context))
        if options.contains(.initial), let value = value(forKey: key) {
            observer.observeValue(forKeyPath: keyPath, of: self, change: [.kindKey: 1, .newKey: value], context: context)
        }
    }

    /// Stops telling `observer` about `keyPath`.
    public func removeObserver(_ observer: Responder, forKeyPath keyPath: String) {
        let key = Self.observedKey(keyPath)
        keyValueObservers.removeAll { $0.observer === observer && $0.key == key }
    }

    /// Stops telling `observer` about `keyPath` for `context`.
    public func removeObserver(_ observer: Responder, forKeyPath keyPath: String, context: UnsafeMutableRawPointer?) {
        let key = Self.observedKey(keyPath)
        keyValueObservers.removeAll { $0.observer === observer && $0.key == key && $0.context == context }
    }

    /// The property a key path names: UIKit's KVO key for `isHidden` is `hidden`.
    fileprivate static func observedKey(_ keyPath: String) -> String { keyPath == "isHidden" ? "hidden" : keyPath }

    fileprivate func value(forKey key: String) -> Any? {
        switch key {
        case "center": return center
        case "bounds": return bounds
        case "frame": return frame
        case "transform": return transform
        case "alpha": return CGFloat(alpha)
        case "hidden": return isHidden
        default: return nil
        }
    }

    /// Tells the observers of `key` (and of `frame`, for the centre and bounds) about a change.
    func didChange(_ key: String, from old: Any, to new: Any) {
        keyValueObservers.removeAll { ($0.observer == nil && $0.token == nil) || $0.token?.isObserving == false }
        for observation in keyValueObservers where observation.key == key || (observation.key == "frame" && (key == "center" || key == "bounds")) {
            let isFrame = observation.key == "frame"
            if let token = observation.token {
                token.handler(self, isFrame ? nil : old, isFrame ? frame : new)
                continue
            }
            guard let observer = observation.observer else { continue }
            var change: [NSKeyValueChangeKey: Any] = [.kindKey: 1]
            if observation.options.contains(.new) { change[.newKey] = isFrame ? frame : new }
            if observation.options.contains(.old) && !isFrame { change[.oldKey] = old }
            observer.observeValue(forKeyPath: observation.keyPath, of: self, change: change, context: observation.context)
        }
    }
}

/// What a block observer is told of a change, as Foundation's `NSKeyValueObservedChange`: the new
/// and old values, as its options asked (`oldValue` is nil for `frame`, which follows the
/// centre and bounds).
///
/// ```swift
/// ball.observe(\.center, options: [.new, .old]) { _, change in print(change.oldValue!, "→", change.newValue!) }
/// ```
public struct NSKeyValueObservedChange<Value> {
    /// Always a setting here.
    public let kind = NSKeyValueChange.setting
    /// The value after the change, with `.new`.
    public let newValue: Value?
    /// The value before the change, with `.old`.
    public let oldValue: Value?
    /// Never a prior notification here.
    public let isPrior = false
}

/// The kind of a key-value change: dynrender's changes are settings.
///
/// ```swift
/// assert(change.kind == .setting)
/// ```
public enum NSKeyValueChange: UInt, Sendable {
    /// A value was set (every change dynrender reports).
    case setting = 1
    /// Items were inserted into a collection (never reported here).
    case insertion
    /// Items were removed from a collection (never reported here).
    case removal
    /// Items of a collection were replaced (never reported here).
    case replacement
}

/// The token `observe(_:options:changeHandler:)` returns: observing lasts while it lives, or until
/// `invalidate()`, as Foundation's.
///
/// ```swift
/// var token: NSKeyValueObservation? = ball.observe(\.center) { _, _ in moved += 1 }
/// token = nil   // observing stops
/// ```
public final class NSKeyValueObservation {
    let handler: (View, Any?, Any) -> Void

    init(handler: @escaping (View, Any?, Any) -> Void) {
        self.handler = handler
    }

    private var isValid = true

    /// Stops the observing now.
    public func invalidate() {
        isValid = false
    }

    /// Whether the block is still called.
    var isObserving: Bool { isValid }
}

/// Views that `observe(_:options:changeHandler:)` works on, as Foundation's
/// `_KeyValueCodingAndObserving`.
///
/// ```swift
/// let token = card.observe(\.alpha, options: [.new]) { card, change in print(change.newValue!) }
/// ```
public protocol KeyValueObservingView: View {}

extension View: KeyValueObservingView {}

extension KeyValueObservingView {
    /// Calls `changeHandler` after each change of the property `keyPath` names (`\.center`,
    /// `\.bounds`, `\.frame`, `\.transform`, `\.alpha`, `\.isHidden`) while the returned token
    /// lives, as Foundation's block-based KVO; `.initial` calls it once at once. Other key
    /// paths stop at the call with a message.
    ///
    /// ```swift
    /// observation = ball.observe(\.center, options: [.new]) { ball, change in trail.append(change.newValue!) }
    /// ```
    public func observe<Value>(_ keyPath: KeyPath<Self, Value>, options: NSKeyValueObservingOptions = [],
                               changeHandler: @escaping (Self, NSKeyValueObservedChange<Value>) -> Void) -> NSKeyValueObservation {
        let known: [(AnyKeyPath, String)] = [(\Self.center, "center"), (\Self.bounds, "bounds"), (\Self.frame, "frame"),
                                             (\Self.transform, "transform"), (\Self.alpha, "alpha"), (\Self.isHidden, "hidden")]
        guard let key = known.first(where: { $0.0 == keyPath })?.1 else {
            fatalError("UIView.observe(_:options:changeHandler:): dynrender observes center, bounds, frame, transform, alpha and isHidden, not \(keyPath)")
        }
        let token = NSKeyValueObservation { [options] view, old, new in
            guard let view = view as? Self else { return }
            changeHandler(view, NSKeyValueObservedChange(newValue: options.contains(.new) ? Self.cast(new, Value.self) : nil,
                                                         oldValue: options.contains(.old) ? old.flatMap { Self.cast($0, Value.self) } : nil))
        }
        keyValueObservers.append(KeyValueObservation(observer: nil, token: token, keyPath: key, key: key, options: options, context: nil))
        if options.contains(.initial) {
            changeHandler(self, NSKeyValueObservedChange(newValue: options.contains(.new) ? self[keyPath: keyPath] : nil, oldValue: nil))
        }
        return token
    }

    /// A changed value as the key path's type (`alpha` is stored as a `Double`, told as one).
    private static func cast<Value>(_ value: Any, _ type: Value.Type) -> Value? {
        if let value = value as? Value { return value }
        if let double = value as? Double, let value = CGFloat(double) as? Value { return value }
        if let float = value as? CGFloat, let value = Double(float) as? Value { return value }
        return nil
    }
}
