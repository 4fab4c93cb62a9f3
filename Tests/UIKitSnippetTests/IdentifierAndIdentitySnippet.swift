import DynRenderUIKit
import Foundation
import Testing

// Written as apps write UIKit code that the first corpus measurement failed on: boundary
// identifiers as NSCopying values and a delegate taking `NSCopying?`, views as dictionary keys
// and found by `firstIndex(of:)`, `UIView()`, the animator's debug switch, and UIRegion's
// `contains(CGPoint)`.

/// A ledge named by an `NSString`; the delegate hears landings with UIKit's `NSCopying?`
/// signature and reads the name back as a `String`.
final class LedgeWatcher: NSObject, UICollisionBehaviorDelegate {
    var landings: [(name: String, point: CGPoint)] = []

    func collisionBehavior(_ behavior: UICollisionBehavior, beganContactFor item: UIDynamicItem,
                           withBoundaryIdentifier identifier: NSCopying?, at p: CGPoint) {
        if let name = identifier as? String { landings.append((name, p)) }
    }
}

@Suite struct IdentifierAndIdentitySnippet {
    /// A box dropped onto a ledge named `"ledge" as NSString` lands on it and the delegate hears
    /// "ledge"; with the ledge removed by `"ledge" as NSCopying` (the same name, another
    /// spelling), a second box falls past it to the floor.
    @Test func boundariesNamedByNSCopyingValues() {
        let host = Host()
        let first = UIView(frame: CGRect(x: 100, y: 100, width: 40, height: 40))
        host.root.addSubview(first)
        let animator = UIDynamicAnimator(referenceView: host.root)
        let collision = UICollisionBehavior(items: [first])
        collision.translatesReferenceBoundsIntoBoundary = true
        collision.addBoundary(withIdentifier: "ledge" as NSString, from: CGPoint(x: 0, y: 400), to: CGPoint(x: 390, y: 400))
        let watcher = LedgeWatcher()
        collision.collisionDelegate = watcher
        animator.addBehavior(UIGravityBehavior(items: [first]))
        animator.addBehavior(collision)
        host.run(to: 1.5)
        #expect(watcher.landings.first?.name == "ledge", "\(watcher.landings.map(\.name))")
        #expect(abs(first.frame.maxY - 400) < 1, "on the ledge: \(first.frame)")
        #expect(collision.boundary(withIdentifier: "ledge" as NSString) != nil)

        let name = "ledge"
        collision.removeBoundary(withIdentifier: name as NSCopying)
        #expect(collision.boundary(withIdentifier: "ledge") == nil, "one boundary, whichever spelling")
        host.run(to: 3)
        // With the ledge gone the box falls on to the floor of the reference bounds (844 pt).
        #expect(abs(first.frame.maxY - 844) < 1, "on the floor: \(first.frame)")
    }

    /// Views are keys and are found by identity, as `NSObject`s are in UIKit; `UIView()` is an
    /// empty view at the origin.
    @Test func viewsAreKeysAndFoundByIdentity() {
        let balls = (0..<3).map { UIView(frame: CGRect(x: 40 * Double($0), y: 0, width: 30, height: 30)) }
        var speeds: [UIView: CGFloat] = [:]
        for (index, ball) in balls.enumerated() { speeds[ball] = CGFloat(index * 10) }
        #expect(speeds[balls[2]] == 20)
        #expect(balls.firstIndex(of: balls[1]) == 1)
        let twin = UIView(frame: balls[1].frame)
        #expect(twin != balls[1] && balls.firstIndex(of: twin) == nil, "equal frames, different views")
        let empty = UIView()
        #expect(empty.frame == .zero && empty.backgroundColor == nil)
    }

    /// `setValue(true, forKey: "debugEnabled")` turns on the debug drawing of that animator
    /// only: a rendered frame shows its attachment line, which the same scene without the switch
    /// does not draw.
    @Test func theDebugSwitchDrawsTheAnimatorsAttachments() throws {
        func frame(debug: Bool) throws -> RGBAImage {
            let host = Host()
            host.root.backgroundColor = .white
            let bob = UIView(frame: CGRect(x: 180, y: 500, width: 30, height: 30))
            bob.backgroundColor = .black
            host.root.addSubview(bob)
            let animator = UIDynamicAnimator(referenceView: host.root)
            animator.addBehavior(UIAttachmentBehavior(item: bob, attachedToAnchor: CGPoint(x: 195, y: 100)))
            if debug { animator.setValue(true, forKey: "debugEnabled") }
            host.run(to: 0.1)
            return try #require(Still.render(host.scene, at: [0.1], scale: 1).first).image
        }
        let plain = try frame(debug: false), debugged = try frame(debug: true)
        // Halfway along the attachment (x 195, y 300): white without the overlay, drawn over with it.
        #expect(plain[195, 300] == RGBA8(255, 255, 255))
        #expect(debugged[195, 300] != RGBA8(255, 255, 255), "the attachment line is drawn")
    }

    /// UIRegion's `contains(_:)` takes a point relative to the field's centre, as UIKit's does.
    @Test func regionsContainPoints() {
        let disc = UIRegion(radius: 50)
        #expect(disc.contains(CGPoint(x: 30, y: 40)))
        #expect(!disc.contains(CGPoint(x: 40, y: 40)))
        let field = UIFieldBehavior.noiseField(smoothness: 0.2, animationSpeed: 1)
        field.smoothness = 0.8
        #expect(abs(field.smoothness - 0.8) < 1e-12 && field.animationSpeed == 1)
    }
}
