import Foundation
import Testing
import DynRenderDynamics
import DynRenderGeometry

@Suite struct AnimatorTests {
    @Test func actionRunsOnceEveryStep() {
        let item = TestItem(center: CGPoint(x: 50, y: 50))
        let gravity = GravityBehavior(items: [item])
        var calls = 0
        gravity.action = { calls += 1 }
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 100, height: 100))
        animator.addBehavior(gravity)
        animator.advance(to: 0.5)
        #expect(calls == 60, "120 steps per second")
    }

    /// Adding a behaviour already at the top level leaves one copy (gravity acts once); removed,
    /// it can be added again, to this animator or another.
    @Test func aBehaviourIsAtTheTopLevelOnce() {
        let item = TestItem(center: CGPoint(x: 50, y: 0))
        let gravity = GravityBehavior(items: [item])
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 100, height: 10_000))
        animator.addBehavior(gravity)
        animator.addBehavior(gravity)
        #expect(animator.behaviors.count == 1)
        animator.advance(to: 0.5)
        // One gravity of 1 000 pt/s² for 0.5 s: ½ g t² = 125 pt, plus the fixed step's lead
        // (under 2 % at 120 Hz); gravity counted twice would give 250.
        #expect(abs(item.center.y - 125) < 3)
        animator.removeBehavior(gravity)
        #expect(animator.behaviors.isEmpty && gravity.dynamicAnimator == nil)
        let other = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 100, height: 10_000))
        other.addBehavior(gravity)
        other.addBehavior(gravity)
        #expect(other.behaviors.count == 1 && gravity.dynamicAnimator === other)
        animator.addBehavior(DynamicBehavior())
        #expect(animator.behaviors.count == 1, "a fresh behaviour joins")
    }

    /// An item added twice to a behaviour is there once; removed, it is gone and can come back
    /// (at the end). A child added twice is one child.
    @Test func itemsAndChildrenAreThereOnce() {
        let a = TestItem(center: CGPoint(x: 10, y: 10)), b = TestItem(center: CGPoint(x: 20, y: 10))
        let gravity = GravityBehavior(items: [a, b, a])
        gravity.addItem(b)
        #expect(gravity.items.map(ObjectIdentifier.init) == [a, b].map(ObjectIdentifier.init))
        gravity.removeItem(a)
        gravity.removeItem(a)
        #expect(gravity.items.map(ObjectIdentifier.init) == [ObjectIdentifier(b)])
        gravity.addItem(a)
        #expect(gravity.items.map(ObjectIdentifier.init) == [b, a].map(ObjectIdentifier.init))

        let parent = DynamicBehavior()
        parent.addChildBehavior(gravity)
        parent.addChildBehavior(gravity)
        #expect(parent.childBehaviors.count == 1)
        parent.removeChildBehavior(gravity)
        parent.addChildBehavior(gravity)
        #expect(parent.childBehaviors.count == 1)
    }

    /// An action given to a child behaviour after it joined the animator runs from the next step
    /// on, in pre-order with the others; taken away, it stops.
    @Test func actionsSetOrClearedInTheAnimatorTakeEffect() {
        let item = TestItem(center: CGPoint(x: 50, y: 50))
        let parent = DynamicBehavior(), child = GravityBehavior(items: [item])
        parent.addChildBehavior(child)
        var log: [String] = []
        parent.action = { log.append("parent") }
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 100, height: 100))
        animator.addBehavior(parent)
        animator.step()
        child.action = { log.append("child") }
        animator.step()
        parent.action = nil
        animator.step()
        child.action = nil
        animator.step()
        #expect(log == ["parent", "parent", "child", "child"])
    }

    @Test func compositeBehavioursActThroughTheirChildren() {
        final class FallInBox: DynamicBehavior {
            init(items: [DynamicItem]) {
                super.init()
                let collision = CollisionBehavior(items: items)
                collision.translatesReferenceBoundsIntoBoundary = true
                addChildBehavior(GravityBehavior(items: items))
                addChildBehavior(collision)
            }
        }
        let item = TestItem(center: CGPoint(x: 200, y: 100))
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 400, height: 400))
        let composite = FallInBox(items: [item])
        animator.addBehavior(composite)
        #expect(composite.childBehaviors.count == 2)
        #expect(composite.childBehaviors.allSatisfy { $0.dynamicAnimator === animator })
        animator.advance(to: 3)
        #expect(abs(Double(item.center.y) - 350) < 0.5)
        animator.removeBehavior(composite)
        #expect(composite.childBehaviors.allSatisfy { $0.dynamicAnimator == nil })
    }

    @Test func itemsInRectUseTheRotatedFrame() {
        let item = TestItem(center: CGPoint(x: 100, y: 100))
        item.transform = CGAffineTransform(rotationAngle: .pi / 4)
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 400, height: 400))
        animator.addBehavior(GravityBehavior(items: [item]))
        animator.step()
        // The 45° square reaches 70.7 pt from its centre along the axes.
        let y = Double(item.center.y)
        #expect(animator.items(in: CGRect(x: 100 + 65, y: y - 1, width: 2, height: 2)).count == 1)
        #expect(animator.items(in: CGRect(x: 100 + 75, y: y - 1, width: 2, height: 2)).isEmpty)
    }

    @Test func updateItemRereadsTheItemsState() {
        let item = TestItem(center: CGPoint(x: 100, y: 100))
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 400, height: 400))
        animator.addBehavior(GravityBehavior(items: [item]))
        animator.step()
        item.center = CGPoint(x: 300, y: 0)
        animator.step()
        #expect(item.center.x == 100, "outside changes are ignored until updateItem")
        item.center = CGPoint(x: 300, y: 0)
        animator.updateItem(usingCurrentState: item)
        animator.step()
        #expect(item.center.x == 300)
        #expect(Double(item.center.y) > 0 && Double(item.center.y) < 1)
    }

    @Test func identicalRunsGiveBitIdenticalStates() {
        func run() -> [UInt64] {
            let items = (0..<3).map { TestItem(center: CGPoint(x: 60 + 120 * $0, y: 100 + 37 * $0)) }
            items[1].transform = CGAffineTransform(rotationAngle: 0.4)
            let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 400, height: 600))
            let collision = CollisionBehavior(items: items)
            collision.translatesReferenceBoundsIntoBoundary = true
            let properties = DynamicItemBehavior(items: items)
            properties.elasticity = 0.6
            properties.addAngularVelocity(3, for: items[2])
            animator.addBehavior(GravityBehavior(items: items))
            animator.addBehavior(collision)
            animator.addBehavior(properties)
            animator.advance(to: 2.7)
            return items.flatMap { [Double($0.center.x).bitPattern, Double($0.center.y).bitPattern,
                                    Double($0.transform.a).bitPattern, Double($0.transform.b).bitPattern] }
        }
        #expect(run() == run())
    }

    @Test func itemBehaviourConflictsResolveLastInPreOrder() {
        let item = TestItem(center: CGPoint(x: 200, y: 150))
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 400, height: 800))
        let collision = CollisionBehavior(items: [item])
        collision.translatesReferenceBoundsIntoBoundary = true
        let bouncy = DynamicItemBehavior(items: [item])
        bouncy.elasticity = 1
        let dead = DynamicItemBehavior(items: [item])
        dead.elasticity = 0
        animator.addBehavior(GravityBehavior(items: [item]))
        animator.addBehavior(collision)
        animator.addBehavior(bouncy)
        animator.addBehavior(dead)
        animator.advance(to: 2)
        #expect(abs(Double(item.center.y) - 750) < 0.5, "the later elasticity 0 wins: no bounce")
    }
}

@Suite struct LayoutAnimatorTests {
    final class Attributes: IndexedDynamicItem {
        var center: CGPoint
        var bounds = CGRect(x: 0, y: 0, width: 50, height: 50)
        var transform = CGAffineTransform.identity
        let indexPath: IndexPath
        init(item: Int, center: CGPoint) {
            self.indexPath = IndexPath(item: item, section: 0)
            self.center = center
        }
    }

    final class Layout: DynamicAnimatorLayout {
        var collectionViewContentSize = CGSize(width: 320, height: 2000)
        var invalidations = 0
        func invalidateLayout() { invalidations += 1 }
    }

    @Test func layoutAnimatorWorksInContentCoordinatesAndInvalidates() {
        let layout = Layout()
        let animator = DynamicAnimator(collectionViewLayout: layout)
        #expect(animator.referenceBounds == CGRect(x: 0, y: 0, width: 320, height: 2000))
        let cells = (0..<3).map { Attributes(item: $0, center: CGPoint(x: 50 + 60 * Double($0), y: 1900)) }
        let collision = CollisionBehavior(items: cells)
        collision.translatesReferenceBoundsIntoBoundary = true
        animator.addBehavior(GravityBehavior(items: cells))
        animator.addBehavior(collision)
        animator.advance(to: 0.5)
        #expect(layout.invalidations == 60, "once per step")
        animator.advance(to: 3)
        #expect(abs(Double(cells[1].center.y) - 1975) < 0.5, "rests on the content's bottom edge")
        #expect(animator.indexedItem(at: IndexPath(item: 2, section: 0)) === cells[2])
        #expect(animator.indexedItem(at: IndexPath(item: 7, section: 0)) == nil)
        layout.collectionViewContentSize.height = 3000
        #expect(animator.referenceBounds.height == 3000, "bounds follow the content size")
    }
}
