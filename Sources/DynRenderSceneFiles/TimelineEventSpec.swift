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
/// - {at: 0.4, tap: {cell: 8, in: grid}, select: grid}  # a tap that selects the cell under it
/// - {at: 2.0, drag: [{cell: 15, in: grid}, {cell: 15, in: grid, offset: [150, 130]}], hold: 0.5, lift: grid}
/// - {at: 0.4, scroll: grid, along: [[242, 692], [242, 228]], duration: 1.1, rest: 0.6}
/// - {at: 0.3, insert: cradle}
/// - {at: 8.0, delete: cradle, item: lowest}
/// - {at: 0.2, set: [{id: card, center: [100, 200], isHidden: false}]}
/// - {at: 0.2, addItems: {behaviours: [gravity, collision], items: [card]}}
/// - {at: 0.2, velocity: {behaviour: flight, item: card, linear: [260, -200], angular: 2.6}}
/// ```
///
/// A `tap`, `longPress` or `drag` without `snap` or `carry` is a finger on the views: buttons
/// and gesture recognisers under it hear it as on iOS. With `snap` or `carry` it drives the named
/// behaviours and views itself, as an app's gesture handler would.
struct TimelineEventSpec: Decodable {
    enum Action {
        case tap(TouchPointSpec)
        case longPress(TouchPointSpec)
        case drag([TouchPointSpec])
        case scroll(ViewReference)
        case insert(ViewReference)
        case delete(ViewReference)
        case add(views: [ViewSpec], behaviours: [BehaviourSpec])
        case remove([ViewReference])
        case push(PushSpec)
        case animate(AnimationSpec)
        case set([AnimationSpec.Change])
        case addItems(ItemsChange)
        case removeItems(ItemsChange)
        case velocity(VelocitySpec)
    }

    var at: Double
    var action: Action
    var duration: Double?
    var curve: CurveName?
    var snap: ViewReference?
    var carry: [ViewReference]
    var hold: Double?
    var rest: Double?
    var path: TouchPathShape?
    var select: ViewReference?
    var lift: ViewReference?
    var along: [TouchPointSpec]
    var item: DeletedItem?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case at, tap, longPress, drag, scroll, insert, delete, add, remove, push, animate, set, addItems, removeItems, velocity
        case duration, curve, snap, carry, hold, rest, path, select, lift, along, item
    }

    enum AddKeys: String, CodingKey, CaseIterable { case views, behaviours }

    static let actions: [CodingKeys] = [.tap, .longPress, .drag, .scroll, .insert, .delete, .add, .remove, .push, .animate,
                                        .set, .addItems, .removeItems, .velocity]

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
        case .tap: action = .tap(try c.decode(TouchPointSpec.self, forKey: .tap))
        case .longPress: action = .longPress(try c.decode(TouchPointSpec.self, forKey: .longPress))
        case .drag: action = .drag(try Self.path(in: c, .drag))
        case .scroll: action = .scroll(try c.decode(ViewReference.self, forKey: .scroll))
        case .insert: action = .insert(try c.decode(ViewReference.self, forKey: .insert))
        case .delete: action = .delete(try c.decode(ViewReference.self, forKey: .delete))
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
        case .set:
            let changes = try c.decode([AnimationSpec.Change].self, forKey: .set)
            guard !changes.isEmpty else { throw c.invalid(.set, "'set' lists one or more views' new values") }
            action = .set(changes)
        case .addItems: action = .addItems(try c.decode(ItemsChange.self, forKey: .addItems))
        case .removeItems: action = .removeItems(try c.decode(ItemsChange.self, forKey: .removeItems))
        case .velocity: action = .velocity(try c.decode(VelocitySpec.self, forKey: .velocity))
        default: preconditionFailure("not an action")
        }
        duration = try checked(c.decodeIfPresent(Double.self, forKey: .duration), 0...SceneFileLimits.maximumDuration, CodingKeys.duration, in: c)
        curve = try c.decodeIfPresent(CurveName.self, forKey: .curve)
        snap = try c.decodeIfPresent(ViewReference.self, forKey: .snap)
        carry = try c.decodeIfPresent([ViewReference].self, forKey: .carry) ?? []
        hold = try checked(c.decodeIfPresent(Double.self, forKey: .hold), 0...SceneFileLimits.maximumDuration, CodingKeys.hold, in: c)
        rest = try checked(c.decodeIfPresent(Double.self, forKey: .rest), 0...SceneFileLimits.maximumDuration, CodingKeys.rest, in: c)
        path = try c.decodeIfPresent(TouchPathShape.self, forKey: .path)
        select = try c.decodeIfPresent(ViewReference.self, forKey: .select)
        lift = try c.decodeIfPresent(ViewReference.self, forKey: .lift)
        along = key == .scroll ? try Self.path(in: c, .along) : []
        item = try c.decodeIfPresent(DeletedItem.self, forKey: .item)
        // Modifiers only where they mean something.
        let touch: [CodingKeys] = [.tap, .longPress, .drag, .scroll]
        let moving: [CodingKeys] = [.drag, .scroll]
        if c.contains(.duration) && !touch.contains(key) { throw c.invalid(.duration, "'duration' is for tap, longPress, drag and scroll (an animation has its own)") }
        if c.contains(.curve) && !moving.contains(key) { throw c.invalid(.curve, "'curve' paces a drag or scroll along its points") }
        if let extra = [CodingKeys.hold, .rest, .path].first(where: c.contains), !moving.contains(key) {
            throw c.invalid(extra, "'\(extra.stringValue)' is for a drag or scroll")
        }
        if c.contains(.select) && key != .tap { throw c.invalid(.select, "'select' is what a tap does to a collection view's cell") }
        if c.contains(.lift) && key != .drag { throw c.invalid(.lift, "'lift' is what a drag does to a draggable layout's selected cells") }
        if c.contains(.along) && key != .scroll { throw c.invalid(.along, "'along' is a scroll's path (a drag's points are the drag itself)") }
        if c.contains(.item) != (key == .delete) {
            throw key == .delete ? DecodingError.keyNotFound(CodingKeys.item, .init(codingPath: c.codingPath, debugDescription: "a delete needs 'item': a number or lowest"))
                : c.invalid(.item, "'item' says which cell a delete removes")
        }
        if let extra = [CodingKeys.select, .lift, .snap].filter(c.contains).dropFirst().first {
            throw c.invalid(extra, "one of snap, select and lift per event")
        }
        if c.contains(.snap) && key != .tap { throw c.invalid(.snap, "'snap' is what a tap does") }
        if c.contains(.carry) && key != .drag && key != .longPress { throw c.invalid(.carry, "'carry' is what a drag or long press moves") }
        if key == .longPress && duration == nil { throw c.invalid(.longPress, "a long press needs a 'duration', seconds held") }
    }
}

extension TimelineEventSpec {
    /// The points of a drag or a scroll's `along`: 2 to `SceneFileLimits.maximumPathPoints`.
    static func path(in c: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys) throws -> [TouchPointSpec] {
        guard c.contains(key) else {
            throw DecodingError.keyNotFound(key, .init(codingPath: c.codingPath, debugDescription: "a scroll needs 'along', the finger's points"))
        }
        let points = try c.decode([TouchPointSpec].self, forKey: key)
        guard (2...SceneFileLimits.maximumPathPoints).contains(points.count) else {
            throw c.invalid(key, "a finger's path goes through 2 to \(SceneFileLimits.maximumPathPoints) points, found \(points.count)")
        }
        return points
    }
}

/// Where a finger goes: `[x, y]` on the canvas, or the centre of a collection view's cell,
/// `{cell: 8, in: grid}` (with `section`, default 0, and an `offset: [dx, dy]` from the centre),
/// found when the scene is built.
struct TouchPointSpec: Decodable {
    enum Target {
        case point(CGPoint)
        case cell(IndexPath, in: ViewReference, offset: CGVector)
    }
    var target: Target

    enum CodingKeys: String, CodingKey, CaseIterable { case cell, section, `in`, offset }

    init(from decoder: Decoder) throws {
        if (try? decoder.unkeyedContainer()) != nil {
            target = .point(try PointValue(from: decoder).point)
            return
        }
        let c: KeyedDecodingContainer<CodingKeys>
        do { c = try decoder.container(keyedBy: CodingKeys.self) } catch {
            throw DecodingError.typeMismatch(Any.self, .init(codingPath: decoder.codingPath, debugDescription: "expected a point [x, y] or a cell {cell: N, in: id}"))
        }
        let item = try c.decode(Int.self, forKey: .cell)
        let section = try c.decodeIfPresent(Int.self, forKey: .section) ?? 0
        guard (0..<SceneFileLimits.maximumItems).contains(item), (0..<1_000).contains(section) else {
            throw c.invalid(.cell, "no cell \(item) in section \(section) can exist")
        }
        target = .cell(IndexPath(item: item, section: section), in: try c.decode(ViewReference.self, forKey: .in),
                       offset: try c.decodeIfPresent(VectorValue.self, forKey: .offset)?.vector ?? .zero)
    }

    /// The collection view a cell point names, if it names one.
    var collectionView: ViewReference? {
        if case let .cell(_, reference, _) = target { return reference }
        return nil
    }
}

/// How a finger moves between a drag's points: along a smooth curve through them (default), or
/// straight from one to the next.
enum TouchPathShape: String, NamedChoice { case smooth, straight }

/// Which cell a `delete` removes: a number, or the `lowest` cell on screen (the one with nothing
/// under it to land on).
enum DeletedItem: Decodable {
    case number(Int)
    case lowest

    init(from decoder: Decoder) throws {
        let single = try decoder.singleValueContainer()
        if let number = try? single.decode(Int.self) {
            guard number >= 0 else { throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "item \(number) is not a cell")) }
            self = .number(number)
        } else if try single.decode(String.self) == "lowest" {
            self = .lowest
        } else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "expected an item number or 'lowest'"))
        }
    }
}

/// Items joining or leaving behaviours that hold a list of them (gravity, collision, push,
/// itemProperties, field), as `addItem(_:)` and `removeItem(_:)`: each item in order to each
/// behaviour in order.
struct ItemsChange: Decodable {
    var behaviours: [ViewReference]
    var items: [ViewReference]

    enum CodingKeys: String, CodingKey, CaseIterable { case behaviours, items }

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        behaviours = try c.decode([ViewReference].self, forKey: .behaviours)
        items = try c.decode([ViewReference].self, forKey: .items)
        if behaviours.isEmpty || items.isEmpty { throw c.invalid(behaviours.isEmpty ? .behaviours : .items, "name one or more") }
    }
}

/// Velocity added to an item through an `itemProperties` behaviour that holds it, as
/// `addLinearVelocity(_:for:)` (points per second) and `addAngularVelocity(_:for:)` (radians per
/// second, clockwise on screen).
struct VelocitySpec: Decodable {
    var behaviour: ViewReference
    var item: ViewReference
    var linear: CGVector?
    var angular: Double?

    enum CodingKeys: String, CodingKey, CaseIterable { case behaviour, item, linear, angular }

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        behaviour = try c.decode(ViewReference.self, forKey: .behaviour)
        item = try c.decode(ViewReference.self, forKey: .item)
        linear = try c.decodeIfPresent(VectorValue.self, forKey: .linear)?.vector
        angular = try checked(c.decodeIfPresent(Double.self, forKey: .angular), -1e6...1e6, CodingKeys.angular, in: c)
        if linear == nil && angular == nil {
            throw DecodingError.keyNotFound(CodingKeys.linear, .init(codingPath: c.codingPath, debugDescription: "a velocity needs 'linear' [vx, vy] or 'angular'"))
        }
    }
}

/// `UIView.animate`: views' `alpha`, `center`, `frame` and `backgroundColor` go to new values
/// over `duration` seconds after `delay`, paced by `curve` or by a `spring`.
struct AnimationSpec: Decodable {
    /// One view's new values: animated (`animate`), or set at once (`set`, which may also show or
    /// hide the view).
    struct Change: Decodable {
        var view: ViewReference
        var alpha: Double?
        var center: CGPoint?
        var frame: CGRect?
        var backgroundColor: Color?
        var isHidden: Bool?

        enum CodingKeys: String, CodingKey, CaseIterable { case id, alpha, center, frame, backgroundColor, isHidden }

        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            view = try c.decode(ViewReference.self, forKey: .id)
            alpha = try checked(c.decodeIfPresent(Double.self, forKey: .alpha), 0...1, CodingKeys.alpha, in: c)
            center = try c.decodeIfPresent(PointValue.self, forKey: .center)?.point
            frame = try c.decodeIfPresent(RectValue.self, forKey: .frame)?.rect
            backgroundColor = try c.decodeIfPresent(ColorValue.self, forKey: .backgroundColor)?.color
            isHidden = try c.decodeIfPresent(Bool.self, forKey: .isHidden)
            if center != nil && frame != nil { throw c.invalid(.frame, "give either 'center' or 'frame'") }
        }

        /// Sets these values on `view` (in the order centre or frame, hidden, alpha, colour).
        func apply(to view: View) {
            if let center { view.center = center }
            if let frame { view.frame = frame }
            if let isHidden { view.isHidden = isHidden }
            if let alpha { view.alpha = alpha }
            if let backgroundColor { view.backgroundColor = backgroundColor }
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
        if let index = views.firstIndex(where: { $0.isHidden != nil }) {
            throw DecodingError.dataCorrupted(.init(codingPath: c.codingPath + [CodingKeys.views, NodeKey(index: index), Change.CodingKeys.isHidden],
                                                    debugDescription: "'isHidden' does not animate; show or hide a view with a 'set' event"))
        }
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
