import Foundation
import Testing
import DynRender

/// The view tree as UIKit keeps it, and the layer's names for corners, borders and shadows.
@Suite struct ViewHierarchyTests {
    @Test func subviewsMoveBetweenParentsAndReorder() {
        let scene = Scene(size: CGSize(width: 100, height: 100))
        let a = View(frame: CGRect(x: 0, y: 0, width: 50, height: 50)), b = View(frame: CGRect(x: 50, y: 0, width: 50, height: 50))
        let child = View(frame: CGRect(x: 0, y: 0, width: 10, height: 10)), other = View(frame: .zero)
        scene.addSubview(a)
        scene.addSubview(b)
        a.addSubview(child)
        a.addSubview(other)
        #expect(child.superview === a && a.subviews.count == 2)
        b.addSubview(child)  // moves it
        #expect(child.superview === b && a.subviews.map(ObjectIdentifier.init) == [ObjectIdentifier(other)])
        b.insertSubview(other, at: 0)
        #expect(b.subviews.first === other && a.subviews.isEmpty)
        b.bringSubviewToFront(other)
        #expect(b.subviews.last === other)
        b.sendSubviewToBack(other)
        #expect(b.subviews.first === other)
        child.removeFromSuperview()
        #expect(child.superview == nil && b.subviews.count == 1)
        // A view at the scene's top level leaves the scene.
        a.removeFromSuperview()
        #expect(scene.views.count == 1 && scene.views[0] === b)
        scene.addSubview(other)  // from b to the scene
        #expect(other.superview == nil && b.subviews.isEmpty && scene.views.count == 2)
    }

    /// SitePoint's alert shadow in Core Animation's terms is the alert demo's shadow: σ =
    /// shadowRadius (blur 20 for radius 10), opacity 0.3 of black (alpha 77), offset (0, 5).
    @Test func layerShadowsAndCornersMapToTheView() {
        let view = View(frame: CGRect(x: 0, y: 0, width: 250, height: 150))
        #expect(view.shadow == nil)
        view.layer.shadowColor = Color(0, 0, 0)
        view.layer.shadowOffset = CGSize(width: 0, height: 5)
        view.layer.shadowOpacity = 0.3
        view.layer.shadowRadius = 10
        #expect(view.shadow == Shadow(offset: CGVector(dx: 0, dy: 5), blur: 20, color: RGBA8(0, 0, 0, 77)))
        view.layer.shadowOpacity = 0
        #expect(view.shadow == nil)
        view.layer.cornerRadius = 12
        view.layer.masksToBounds = true
        #expect(view.cornerRadius == 12 && view.clipsToBounds)
    }

    /// A layer border is drawn inside the outline, above the subviews (as Core Animation
    /// composites it above sublayers), and outside a clip (its outer edge anti-aliased once).
    @Test func bordersAreDrawnAboveSubviews() {
        let view = View(frame: CGRect(x: 10, y: 10, width: 60, height: 40), backgroundColor: Color(255, 255, 255))
        view.addSubview(View(frame: CGRect(x: -20, y: -20, width: 100, height: 80), backgroundColor: Color(0, 0, 255)))
        view.layer.borderWidth = 4
        view.layer.borderColor = Color(255, 0, 0)
        view.clipsToBounds = true
        var items: [DisplayItem] = []
        view.appendShapes(to: &items)
        let image = Rasterizer().render(DisplayList(size: CGSize(width: 80, height: 60), scale: 1, background: RGBA8(0, 0, 0),
                                                    shapes: items)).image
        #expect(image[12, 30] == RGBA8(255, 0, 0), "the border over the subview")
        #expect(image[40, 30] == RGBA8(0, 0, 255), "the subview inside the border")
        #expect(image[5, 30] == RGBA8(0, 0, 0), "the subview cut at the bounds")
        // Without a clip, the border comes after the subview too.
        view.clipsToBounds = false
        items = []
        view.appendShapes(to: &items)
        #expect(items.last?.rect?.border == Border(width: 4, color: RGBA8(255, 0, 0)))
    }

    /// Faded, clipped, bordered views nested twelve deep stay within the display list's group
    /// nesting limit (deeper views fade shape by shape), and use all of it: a fade and a clip
    /// share one group, a border between them takes two.
    @Test(arguments: [false, true])
    func deepViewTreesStayWithinTheGroupLimit(bordered: Bool) throws {
        let root = View(frame: CGRect(x: 0, y: 0, width: 200, height: 200), backgroundColor: Color(255, 0, 0))
        var parent = root
        for level in 0..<12 {
            let child = View(frame: CGRect(x: 2, y: 2, width: 190 - Double(level) * 10, height: 190 - Double(level) * 10),
                             backgroundColor: Color(0, UInt8(level * 20), 255))
            parent.alpha = 0.9
            parent.clipsToBounds = true
            if bordered { parent.border = Border(width: 1, color: RGBA8(0, 0, 0)) }
            parent.addSubview(child)
            parent = child
        }
        var items: [DisplayItem] = []
        root.appendShapes(to: &items)
        let list = DisplayList(size: CGSize(width: 200, height: 200), scale: 1, background: RGBA8(255, 255, 255), shapes: items)
        try list.checkLimits()
        func depth(_ items: [DisplayItem]) -> Int {
            items.map { if case .group(let g) = $0 { 1 + depth(g.shapes) } else { 0 } }.max() ?? 0
        }
        #expect(depth(items) == DisplayListLimits.maximumGroupDepth)
    }
}
