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

/// One observer of one key of a view.
struct KeyValueObservation {
    weak var observer: Responder?
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
        keyValueObservers.append(KeyValueObservation(observer: observer, keyPath: keyPath, key: key, options: options, context: context))
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
    private static func observedKey(_ keyPath: String) -> String { keyPath == "isHidden" ? "hidden" : keyPath }

    private func value(forKey key: String) -> Any? {
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
        keyValueObservers.removeAll { $0.observer == nil }
        for observation in keyValueObservers where observation.key == key || (observation.key == "frame" && (key == "center" || key == "bounds")) {
            guard let observer = observation.observer else { continue }
            var change: [NSKeyValueChangeKey: Any] = [.kindKey: 1]
            let isFrame = observation.key == "frame"
            if observation.options.contains(.new) { change[.newKey] = isFrame ? frame : new }
            if observation.options.contains(.old) && !isFrame { change[.oldKey] = old }
            observer.observeValue(forKeyPath: observation.keyPath, of: self, change: change, context: observation.context)
        }
    }
}
