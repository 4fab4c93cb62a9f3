import Foundation
import DynRenderGeometry
import DynRenderDynamics
import DynRenderDisplayList

/// A view named by its `id`, remembered with where the name was written so that a missing view
/// is reported at its line.
struct ViewReference: Decodable {
    var id: String
    var path: [String]

    init(from decoder: Decoder) throws {
        id = try decoder.singleValueContainer().decode(String.self)
        path = decoder.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }
    }
}

/// One behaviour of a scene file, written as UIKit's class name without `UI…Behavior`, holding
/// UIKit's property names:
///
/// ```yaml
/// - gravity: {items: [square], magnitude: 1}
/// - collision: {items: [square], translatesReferenceBoundsIntoBoundary: true}
/// - attachment: {item: square, anchor: [310, 310]}
/// ```
///
/// Each may have an `id`, by which the timeline removes it.
enum BehaviourSpec: Decodable {
    case gravity(GravitySpec)
    case collision(CollisionSpec)
    case push(PushSpec)
    case snap(SnapSpec)
    case attachment(AttachmentSpec)
    case itemProperties(ItemPropertiesSpec)
    case field(FieldSpec)

    enum CodingKeys: String, CodingKey, CaseIterable {
        case gravity, collision, push, snap, attachment, itemProperties, field
    }

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        guard c.allKeys.count == 1, let key = c.allKeys.first else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription:
                "a behaviour is one of \(CodingKeys.allCases.map(\.stringValue).joined(separator: ", ")), written as e.g. '- gravity: {items: [square]}'"))
        }
        switch key {
        case .gravity: self = .gravity(try c.decode(GravitySpec.self, forKey: key))
        case .collision: self = .collision(try c.decode(CollisionSpec.self, forKey: key))
        case .push: self = .push(try c.decode(PushSpec.self, forKey: key))
        case .snap: self = .snap(try c.decode(SnapSpec.self, forKey: key))
        case .attachment: self = .attachment(try c.decode(AttachmentSpec.self, forKey: key))
        case .itemProperties: self = .itemProperties(try c.decode(ItemPropertiesSpec.self, forKey: key))
        case .field: self = .field(try c.decode(FieldSpec.self, forKey: key))
        }
    }

    var id: String? {
        switch self {
        case let .gravity(s): return s.id
        case let .collision(s): return s.id
        case let .push(s): return s.id
        case let .snap(s): return s.id
        case let .attachment(s): return s.id
        case let .itemProperties(s): return s.id
        case let .field(s): return s.id
        }
    }
}

/// `UIGravityBehavior`: `direction` (default [0, 1], 1 000 pt/s² per unit) or `angle` (radians)
/// and `magnitude`.
struct GravitySpec: Decodable {
    var id: String?
    var items: [ViewReference]
    var direction: CGVector?
    var angle: Double?
    var magnitude: Double?

    enum CodingKeys: String, CodingKey, CaseIterable { case id, items, direction, angle, magnitude }

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decodeIfPresent(String.self, forKey: .id)
        items = try c.decodeIfPresent([ViewReference].self, forKey: .items) ?? []
        direction = try c.decodeIfPresent(VectorValue.self, forKey: .direction)?.vector
        angle = try checked(c.decodeIfPresent(Double.self, forKey: .angle), -1e6...1e6, CodingKeys.angle, in: c)
        magnitude = try checked(c.decodeIfPresent(Double.self, forKey: .magnitude), -1e6...1e6, CodingKeys.magnitude, in: c)
        if direction != nil && (angle != nil || magnitude != nil) {
            throw c.invalid(.direction, "give either 'direction' or 'angle' and 'magnitude', not both")
        }
    }
}

/// A straight collision boundary, `from` one point `to` another, with an `id`.
struct BoundarySpec: Decodable {
    var id: String
    var from: CGPoint
    var to: CGPoint

    enum CodingKeys: String, CodingKey, CaseIterable { case id, from, to }

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        from = try c.decode(PointValue.self, forKey: .from).point
        to = try c.decode(PointValue.self, forKey: .to).point
    }
}

/// `UICollisionBehavior`: its items, `collisionMode`, the reference bounds as a boundary (with
/// optional `insets`) and straight `boundaries`.
struct CollisionSpec: Decodable {
    enum Mode: String, NamedChoice { case everything, items, boundaries }

    var id: String?
    var items: [ViewReference]
    var collisionMode: Mode
    var translatesReferenceBoundsIntoBoundary: Bool
    var insets: EdgeInsets?
    var boundaries: [BoundarySpec]

    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, items, collisionMode, translatesReferenceBoundsIntoBoundary, insets, boundaries
    }

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decodeIfPresent(String.self, forKey: .id)
        items = try c.decodeIfPresent([ViewReference].self, forKey: .items) ?? []
        collisionMode = try c.decodeIfPresent(Mode.self, forKey: .collisionMode) ?? .everything
        translatesReferenceBoundsIntoBoundary = try c.decodeIfPresent(Bool.self, forKey: .translatesReferenceBoundsIntoBoundary) ?? false
        insets = try c.decodeIfPresent(InsetsValue.self, forKey: .insets)?.insets
        boundaries = try c.decodeIfPresent([BoundarySpec].self, forKey: .boundaries) ?? []
        if insets != nil && !translatesReferenceBoundsIntoBoundary {
            throw c.invalid(.insets, "'insets' inset the reference bounds: set translatesReferenceBoundsIntoBoundary: true too")
        }
    }
}

/// `UIPushBehavior`: `mode` (continuous or instantaneous), `angle` and `magnitude` (a push of
/// magnitude 1 accelerates a 100 × 100 pt view at 100 pt/s²) or `direction`, and `active`.
struct PushSpec: Decodable {
    enum Mode: String, NamedChoice { case continuous, instantaneous }

    var id: String?
    var items: [ViewReference]
    var mode: Mode
    var angle: Double?
    var magnitude: Double?
    var direction: CGVector?
    var active: Bool

    enum CodingKeys: String, CodingKey, CaseIterable { case id, items, mode, angle, magnitude, direction, active }

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decodeIfPresent(String.self, forKey: .id)
        items = try c.decodeIfPresent([ViewReference].self, forKey: .items) ?? []
        mode = try c.decode(Mode.self, forKey: .mode)
        angle = try checked(c.decodeIfPresent(Double.self, forKey: .angle), -1e6...1e6, CodingKeys.angle, in: c)
        magnitude = try checked(c.decodeIfPresent(Double.self, forKey: .magnitude), -1e6...1e6, CodingKeys.magnitude, in: c)
        direction = try c.decodeIfPresent(VectorValue.self, forKey: .direction)?.vector
        active = try c.decodeIfPresent(Bool.self, forKey: .active) ?? true
        if direction != nil && (angle != nil || magnitude != nil) {
            throw c.invalid(.direction, "give either 'direction' or 'angle' and 'magnitude', not both")
        }
    }
}

/// `UISnapBehavior`: `item` snaps `to` a point with `damping` (default 0.5).
struct SnapSpec: Decodable {
    var id: String?
    var item: ViewReference
    var to: CGPoint?
    var damping: Double?

    enum CodingKeys: String, CodingKey, CaseIterable { case id, item, to, damping }

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decodeIfPresent(String.self, forKey: .id)
        item = try c.decode(ViewReference.self, forKey: .item)
        to = try c.decodeIfPresent(PointValue.self, forKey: .to)?.point
        damping = try checked(c.decodeIfPresent(Double.self, forKey: .damping), 0...1, CodingKeys.damping, in: c)
    }
}

/// `UIAttachmentBehavior` of any kind: `item` attached to an `anchor` point, or to a second
/// item (`to`); `offset` and `toOffset` from the items' centres; `kind` standard (a rod or,
/// with `frequency`, a spring), sliding (along `axis`), limit, fixed or pin; and `length`,
/// `frequency`, `damping`, `frictionTorque`.
struct AttachmentSpec: Decodable {
    enum Kind: String, NamedChoice { case standard, sliding, limit, fixed, pin }

    var id: String?
    var kind: Kind
    var item: ViewReference
    var to: ViewReference?
    var anchor: CGPoint?
    var offset: CGVector?
    var toOffset: CGVector?
    var axis: CGVector?
    var length: Double?
    var frequency: Double?
    var damping: Double?
    var frictionTorque: Double?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, kind, item, to, anchor, offset, toOffset, axis, length, frequency, damping, frictionTorque
    }

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decodeIfPresent(String.self, forKey: .id)
        kind = try c.decodeIfPresent(Kind.self, forKey: .kind) ?? .standard
        item = try c.decode(ViewReference.self, forKey: .item)
        to = try c.decodeIfPresent(ViewReference.self, forKey: .to)
        anchor = try c.decodeIfPresent(PointValue.self, forKey: .anchor)?.point
        offset = try c.decodeIfPresent(VectorValue.self, forKey: .offset)?.vector
        toOffset = try c.decodeIfPresent(VectorValue.self, forKey: .toOffset)?.vector
        axis = try c.decodeIfPresent(VectorValue.self, forKey: .axis)?.vector
        length = try checked(c.decodeIfPresent(Double.self, forKey: .length), 0...DisplayListLimits.maximumExtent, CodingKeys.length, in: c)
        frequency = try checked(c.decodeIfPresent(Double.self, forKey: .frequency), 0...1_000, CodingKeys.frequency, in: c)
        damping = try checked(c.decodeIfPresent(Double.self, forKey: .damping), 0...1_000, CodingKeys.damping, in: c)
        frictionTorque = try checked(c.decodeIfPresent(Double.self, forKey: .frictionTorque), 0...1e6, CodingKeys.frictionTorque, in: c)
        // Which points each kind needs, as UIKit's initialisers take them.
        switch kind {
        case .standard:
            guard (to == nil) != (anchor == nil) else { throw c.invalid(.anchor, "attach the item either to an 'anchor' point or 'to' another item") }
        case .sliding:
            guard anchor != nil, let axis else { throw c.invalid(.axis, "a sliding attachment needs an 'anchor' point and an 'axis'") }
            guard axis.dx != 0 || axis.dy != 0 else { throw c.invalid(.axis, "the axis must not be [0, 0]") }
        case .limit:
            guard to != nil, anchor == nil else { throw c.invalid(.to, "a limit attachment joins the item 'to' another item, without an anchor") }
        case .fixed, .pin:
            guard to != nil, anchor != nil else { throw c.invalid(.anchor, "a \(kind.rawValue) attachment joins the item 'to' another item at an 'anchor' point") }
        }
        if axis != nil && kind != .sliding { throw c.invalid(.axis, "'axis' is for sliding attachments") }
    }
}

/// `UIDynamicItemBehavior`: the items' `elasticity`, `friction`, `density`, `resistance`,
/// `angularResistance`, `allowsRotation`, `charge` and `isAnchored`.
struct ItemPropertiesSpec: Decodable {
    var id: String?
    var items: [ViewReference]
    var elasticity, friction, density, resistance, angularResistance, charge: Double?
    var allowsRotation, isAnchored: Bool?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, items, elasticity, friction, density, resistance, angularResistance, allowsRotation, charge, isAnchored
    }

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decodeIfPresent(String.self, forKey: .id)
        items = try c.decodeIfPresent([ViewReference].self, forKey: .items) ?? []
        elasticity = try checked(c.decodeIfPresent(Double.self, forKey: .elasticity), 0...1, CodingKeys.elasticity, in: c)
        friction = try checked(c.decodeIfPresent(Double.self, forKey: .friction), 0...1e6, CodingKeys.friction, in: c)
        density = try checked(c.decodeIfPresent(Double.self, forKey: .density), 1e-6...1e6, CodingKeys.density, in: c)
        resistance = try checked(c.decodeIfPresent(Double.self, forKey: .resistance), 0...1e6, CodingKeys.resistance, in: c)
        angularResistance = try checked(c.decodeIfPresent(Double.self, forKey: .angularResistance), 0...1e6, CodingKeys.angularResistance, in: c)
        charge = try checked(c.decodeIfPresent(Double.self, forKey: .charge), -1e6...1e6, CodingKeys.charge, in: c)
        allowsRotation = try c.decodeIfPresent(Bool.self, forKey: .allowsRotation)
        isAnchored = try c.decodeIfPresent(Bool.self, forKey: .isAnchored)
    }
}

/// `UIFieldBehavior`, any of the nine kinds: `kind`, its `items`, `position`, `direction`
/// (linear gravity and velocity), `strength`, `falloff`, `minimumRadius`, `smoothness` and
/// `animationSpeed` (noise and turbulence), and a `region` (`radius` or `size`; default
/// everywhere).
struct FieldSpec: Decodable {
    enum Kind: String, NamedChoice {
        case linearGravity, radialGravity, spring, drag, velocity, vortex, noise, turbulence, electric, magnetic
    }

    var id: String?
    var kind: Kind
    var items: [ViewReference]
    var position: CGPoint?
    var direction: CGVector?
    var strength, falloff, minimumRadius, smoothness, animationSpeed: Double?
    var regionRadius: Double?
    var regionSize: CGSize?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, kind, items, position, direction, strength, falloff, minimumRadius, smoothness, animationSpeed, region
    }

    enum RegionKeys: String, CodingKey, CaseIterable { case radius, size }

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decodeIfPresent(String.self, forKey: .id)
        kind = try c.decode(Kind.self, forKey: .kind)
        items = try c.decodeIfPresent([ViewReference].self, forKey: .items) ?? []
        position = try c.decodeIfPresent(PointValue.self, forKey: .position)?.point
        direction = try c.decodeIfPresent(VectorValue.self, forKey: .direction)?.vector
        strength = try checked(c.decodeIfPresent(Double.self, forKey: .strength), -1e6...1e6, CodingKeys.strength, in: c)
        falloff = try checked(c.decodeIfPresent(Double.self, forKey: .falloff), -16...16, CodingKeys.falloff, in: c)
        minimumRadius = try checked(c.decodeIfPresent(Double.self, forKey: .minimumRadius), 0...1e6, CodingKeys.minimumRadius, in: c)
        smoothness = try checked(c.decodeIfPresent(Double.self, forKey: .smoothness), 0...1, CodingKeys.smoothness, in: c)
        animationSpeed = try checked(c.decodeIfPresent(Double.self, forKey: .animationSpeed), 0...1e6, CodingKeys.animationSpeed, in: c)
        if c.contains(.region) {
            let region = try c.nestedContainer(keyedBy: RegionKeys.self, forKey: .region)
            regionRadius = try checked(region.decodeIfPresent(Double.self, forKey: .radius), 0...DisplayListLimits.maximumExtent, RegionKeys.radius, in: region)
            regionSize = try region.decodeIfPresent(SizeValue.self, forKey: .size)?.size
            guard (regionRadius == nil) != (regionSize == nil) else { throw c.invalid(.region, "a region is a 'radius' or a 'size'") }
        }
        if direction != nil && kind != .linearGravity && kind != .velocity {
            throw c.invalid(.direction, "'direction' is for linearGravity and velocity fields")
        }
        if (smoothness != nil || animationSpeed != nil) && kind != .noise && kind != .turbulence {
            throw c.invalid(smoothness != nil ? .smoothness : .animationSpeed, "'smoothness' and 'animationSpeed' are for noise and turbulence fields")
        }
    }
}
