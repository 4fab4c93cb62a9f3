import Foundation
import DynRenderGeometry
import DynRenderDisplayList
import DynRenderScene

/// A timing curve by UIKit's name.
enum CurveName: String, NamedChoice {
    case linear, easeIn, easeOut, easeInOut

    var curve: TimingCurve {
        switch self {
        case .linear: return .linear
        case .easeIn: return .easeIn
        case .easeOut: return .easeOut
        case .easeInOut: return .easeInOut
        }
    }
}

/// One moment of a scene file's timeline: at `at` seconds, exactly one action.
///
/// ```yaml
/// - {at: 0.4, tap: [280, 520], snap: square}        # a tap; on lifting, `square` snaps there
/// - {at: 1.2, drag: [[310, 310], [240, 260]], duration: 4, carry: [rod, anchor]}
/// - {at: 2.0, longPress: [195, 400], duration: 0.8}
/// - {at: 0.4, add: {behaviours: [{field: {kind: vortex, position: [195, 422]}}]}}
/// - {at: 3.0, remove: [snap1, card]}
/// - {at: 1.0, push: {items: [ball], angle: -1.2, magnitude: 2}}
/// - {at: 1.5, animate: {duration: 0.3, views: [{id: card, alpha: 0}]}}
/// ```
///
/// A `tap`, `longPress` or `drag` without `snap` or `carry` is a finger on the views: buttons
/// and gesture recognisers under it hear it as on iOS. With `snap` or `carry` it drives the named
/// behaviours and views itself, as an app's gesture handler would.
struct TimelineEventSpec: Decodable {
    enum Action {
        case tap(CGPoint)
        case longPress(CGPoint)
        case drag([CGPoint])
        case add(views: [ViewSpec], behaviours: [BehaviourSpec])
        case remove([ViewReference])
        case push(PushSpec)
        case animate(AnimationSpec)
    }

    var at: Double
    var action: Action
    var duration: Double?
    var curve: CurveName?
    var snap: ViewReference?
    var carry: [ViewReference]

    enum CodingKeys: String, CodingKey, CaseIterable {
        case at, tap, longPress, drag, add, remove, push, animate, duration, curve, snap, carry
    }

    enum AddKeys: String, CodingKey, CaseIterable { case views, behaviours }

    static let actions: [CodingKeys] = [.tap, .longPress, .drag, .add, .remove, .push, .animate]

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        at = try c.decode(Double.self, forKey: .at)
        guard (0...SceneFileLimits.maximumDuration).contains(at) else {
            throw c.invalid(.at, "\(at) s is out of range 0...\(DisplayListLimits.format(SceneFileLimits.maximumDuration))")
        }
        let present = Self.actions.filter(c.contains)
        guard present.count == 1, let key = present.first else {
            throw DecodingError.dataCorrupted(.init(codingPath: c.codingPath, debugDescription: present.isEmpty
                ? "an event needs one action: \(Self.actions.map(\.stringValue).joined(separator: ", "))"
                : "one action per event, found \(present.map(\.stringValue).joined(separator: " and "))"))
        }
        switch key {
        case .tap: action = .tap(try c.decode(PointValue.self, forKey: .tap).point)
        case .longPress: action = .longPress(try c.decode(PointValue.self, forKey: .longPress).point)
        case .drag:
            let points = try c.decode([PointValue].self, forKey: .drag).map(\.point)
            guard (2...SceneFileLimits.maximumPathPoints).contains(points.count) else {
                throw c.invalid(.drag, "a drag goes through 2 to \(SceneFileLimits.maximumPathPoints) points, found \(points.count)")
            }
            action = .drag(points)
        case .add:
            let add = try c.nestedContainer(keyedBy: AddKeys.self, forKey: .add)
            action = .add(views: try add.decodeIfPresent([ViewSpec].self, forKey: .views) ?? [],
                          behaviours: try add.decodeIfPresent([BehaviourSpec].self, forKey: .behaviours) ?? [])
        case .remove: action = .remove(try c.decode([ViewReference].self, forKey: .remove))
        case .push:
            let push = try c.decode(PushSpec.self, forKey: .push)
            guard push.mode == .instantaneous else { throw c.invalid(.push, "a timeline push is instantaneous; add a continuous push as a behaviour") }
            action = .push(push)
        case .animate: action = .animate(try c.decode(AnimationSpec.self, forKey: .animate))
        default: preconditionFailure("not an action")
        }
        duration = try checked(c.decodeIfPresent(Double.self, forKey: .duration), 0...SceneFileLimits.maximumDuration, CodingKeys.duration, in: c)
        curve = try c.decodeIfPresent(CurveName.self, forKey: .curve)
        snap = try c.decodeIfPresent(ViewReference.self, forKey: .snap)
        carry = try c.decodeIfPresent([ViewReference].self, forKey: .carry) ?? []
        // Modifiers only where they mean something.
        let touch: [CodingKeys] = [.tap, .longPress, .drag]
        if c.contains(.duration) && !touch.contains(key) { throw c.invalid(.duration, "'duration' is for tap, longPress and drag (an animation has its own)") }
        if c.contains(.curve) && key != .drag { throw c.invalid(.curve, "'curve' paces a drag along its points") }
        if c.contains(.snap) && key != .tap { throw c.invalid(.snap, "'snap' is what a tap does") }
        if c.contains(.carry) && key != .drag && key != .longPress { throw c.invalid(.carry, "'carry' is what a drag or long press moves") }
        if key == .longPress && duration == nil { throw c.invalid(.longPress, "a long press needs a 'duration', seconds held") }
    }
}

/// `UIView.animate`: views' `alpha`, `center`, `frame` and `backgroundColor` go to new values
/// over `duration` seconds after `delay`, paced by `curve` or by a `spring`.
struct AnimationSpec: Decodable {
    struct Change: Decodable {
        var view: ViewReference
        var alpha: Double?
        var center: CGPoint?
        var frame: CGRect?
        var backgroundColor: Color?

        enum CodingKeys: String, CodingKey, CaseIterable { case id, alpha, center, frame, backgroundColor }

        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            view = try c.decode(ViewReference.self, forKey: .id)
            alpha = try checked(c.decodeIfPresent(Double.self, forKey: .alpha), 0...1, CodingKeys.alpha, in: c)
            center = try c.decodeIfPresent(PointValue.self, forKey: .center)?.point
            frame = try c.decodeIfPresent(RectValue.self, forKey: .frame)?.rect
            backgroundColor = try c.decodeIfPresent(ColorValue.self, forKey: .backgroundColor)?.color
            if center != nil && frame != nil { throw c.invalid(.frame, "animate either 'center' or 'frame'") }
        }
    }

    var duration: Double
    var delay: Double
    var curve: AnimationCurve
    var views: [Change]

    enum CodingKeys: String, CodingKey, CaseIterable { case duration, delay, curve, spring, views }
    enum SpringKeys: String, CodingKey, CaseIterable { case dampingRatio, initialVelocity }

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        duration = try checked(c.decode(Double.self, forKey: .duration), 0...SceneFileLimits.maximumDuration, CodingKeys.duration, in: c) ?? 0
        delay = try checked(c.decodeIfPresent(Double.self, forKey: .delay), 0...SceneFileLimits.maximumDuration, CodingKeys.delay, in: c) ?? 0
        views = try c.decode([Change].self, forKey: .views)
        if c.contains(.spring) {
            if c.contains(.curve) { throw c.invalid(.spring, "give a 'curve' or a 'spring', not both") }
            let s = try c.nestedContainer(keyedBy: SpringKeys.self, forKey: .spring)
            let ratio = try checked(s.decode(Double.self, forKey: .dampingRatio), 0.01...1e3, SpringKeys.dampingRatio, in: s) ?? 1
            let velocity = try checked(s.decodeIfPresent(Double.self, forKey: .initialVelocity), -1e3...1e3, SpringKeys.initialVelocity, in: s) ?? 0
            curve = .spring(dampingRatio: ratio, initialVelocity: velocity)
        } else {
            curve = .timing((try c.decodeIfPresent(CurveName.self, forKey: .curve) ?? .easeInOut).curve)
        }
    }
}
