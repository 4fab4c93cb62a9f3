import DynRenderUIKit

// Stand-ins for the project's own types: only what C-12 uses.
struct Color {
    static let anthracite = UIColor(white: 0.2, alpha: 1)
    static let white = UIColor.white
    static let red = UIColor.red
}

let GAME_MATRIX: [[Int]] = [[0]]

struct Location { var row: Int; var col: Int }

final class Map {
    var zeroCount = 0
    init(matrix: [[Int]]) {}
    func value(at location: Location) -> Int { 0 }
    func set(_ location: Location, to value: Int) {}
}

final class MapView: UIView {
    var map: Map
    var size: CGFloat = 10
    var blocks: [UIView] = []
    var stars: [UIView] = []
    var items: [[UIView]] = []
    init(frame: CGRect, map: Map) {
        self.map = map
        super.init(frame: frame)
    }
    required init?(coder: NSCoder) { nil }
    func coordinates(of point: CGPoint) -> Location { Location(row: 0, col: 0) }
}

final class Ellipse: UIView {
    init(frame: CGRect, color: UIColor) { super.init(frame: frame) }
    required init?(coder: NSCoder) { nil }
}

enum Elements {
    static var avatars: [UIView] = []
    static var items: [UIView] = []
    static var blocks: [UIView] = []
    static var stars: [UIView] = []
}

enum Behaviors {
    static var all: [UIDynamicBehavior] = []
    static func add(_ behavior: UIDynamicBehavior) { all.append(behavior) }
}

final class Animator: UIDynamicAnimator {
    init(referenceView: UIView, behaviors: [UIDynamicBehavior]) {
        super.init(referenceView: referenceView)
        for behavior in behaviors { addBehavior(behavior) }
    }
}

class GravityBehavior: UIGravityBehavior {}

final class CollisionBehavior: UICollisionBehavior {
    init(items: [UIDynamicItem], delegate: UICollisionBehaviorDelegate) {
        super.init(items: items)
        collisionDelegate = delegate
    }
}

final class CollectionBehavior: UICollisionBehavior {
    init(items: [UIDynamicItem], delegate: UICollisionBehaviorDelegate) {
        super.init(items: items)
        collisionDelegate = delegate
    }
}

final class AvatarBehavior: UIDynamicItemBehavior {}
final class BlockBehavior: UIDynamicItemBehavior {}
