import DynRenderUIKit
import Testing

@Suite struct FieldSnippet {
    /// A radial gravity field limited to a 100 pt circle around its position pulls an item
    /// inside towards its centre and leaves one outside alone.
    @Test func aFieldActsOnlyInItsRegion() {
        let host = Host()
        let inside = UIView(frame: CGRect(x: 240, y: 390, width: 20, height: 20))   // 55 pt right of the centre
        let outside = UIView(frame: CGRect(x: 30, y: 390, width: 20, height: 20))   // 155 pt left
        host.root.addSubview(inside)
        host.root.addSubview(outside)
        let animator = UIDynamicAnimator(referenceView: host.root)
        let field = UIFieldBehavior.radialGravityField(position: CGPoint(x: 195, y: 400))
        field.region = UIRegion(radius: 100)
        field.strength = 5
        field.addItem(inside)
        field.addItem(outside)
        animator.addBehavior(field)
        host.run(to: 0.2)
        #expect(inside.center.x < 250 - 1, "pulled left, towards the field: \(inside.center)")
        #expect(abs(inside.center.y - 400) < 0.5)
        #expect(outside.center == CGPoint(x: 40, y: 400), "untouched: \(outside.center)")
    }
}
