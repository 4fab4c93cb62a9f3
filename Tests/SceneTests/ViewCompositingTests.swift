import Foundation
import Testing
import DynRender

/// Views composited as UIKit composites them: a view with subviews fades as one picture, a view
/// that clips cuts its subviews at its rounded, turned bounds, and a collection view cuts its cells
/// at its frame — while a view with nothing to group adds no group.
@Suite struct ViewCompositingTests {
    let background = RGBA8(242, 242, 247)

    func image(_ items: [DisplayItem], width: Double = 120, height: Double = 120, scale: Double = 2) -> RGBAImage {
        Rasterizer().render(DisplayList(size: CGSize(width: width, height: height), scale: scale, background: background,
                                        shapes: items)).image
    }

    func worstDifference(_ a: RGBAImage, _ b: RGBAImage) -> Int {
        zip(a.pixels, b.pixels).reduce(0) { max($0, abs(Int($1.0) - Int($1.1))) }
    }

    @Test func aFadedViewWithoutSubviewsAddsNoGroup() {
        let view = View(frame: CGRect(x: 10, y: 10, width: 50, height: 30), backgroundColor: Color(255, 0, 0))
        view.alpha = 0.5
        var items: [DisplayItem] = []
        view.appendShapes(to: &items)
        #expect(items.count == 1 && items[0].rect?.alpha == 0.5)
        // With a visible subview it is one group at the view's alpha, its shapes opaque inside.
        view.addSubview(View(frame: CGRect(x: 5, y: 5, width: 10, height: 10), backgroundColor: Color(255, 255, 255)))
        items = []
        view.appendShapes(to: &items)
        guard case .group(let group) = items.first else { Issue.record("a group"); return }
        #expect(items.count == 1 && group.alpha == 0.5 && group.shapes.count == 2)
        #expect(group.shapes.allSatisfy { $0.rect?.alpha == 1 })
    }

    /// A subview larger than its clipping superview shows exactly the superview's shape: the
    /// rounded, continuous, turned bounds, anti-aliased as that rectangle would be.
    @Test func clipsToBoundsCutsSubviewsAtTheRoundedTurnedBounds() {
        let card = View(frame: CGRect(x: 20, y: 35, width: 80, height: 50), backgroundColor: Color(255, 0, 0), cornerRadius: 12)
        card.cornerCurve = .continuous
        card.transform = CGAffineTransform(rotationAngle: 0.2)
        card.clipsToBounds = true
        card.addSubview(View(frame: CGRect(x: -100, y: -100, width: 300, height: 300), backgroundColor: Color(0, 122, 255)))
        var items: [DisplayItem] = []
        card.appendShapes(to: &items)
        let reference = RoundedRectangle(center: card.center, size: card.bounds.size, cornerRadius: 12, transform: card.transform,
                                         fill: RGBA8(0, 122, 255), cornerCurve: .continuous)
        let worst = worstDifference(image(items), image([.rect(reference)]))
        #expect(worst <= 1, "got \(worst)")
        // Without clipping the subview covers the canvas.
        card.clipsToBounds = false
        items = []
        card.appendShapes(to: &items)
        #expect(image(items)[2, 2] == RGBA8(0, 122, 255))
    }

    /// A half-height collection view: cells scrolled past its bottom edge are cut there, with
    /// the frame's own anti-aliased edge; cells inside are drawn directly, exactly as unclipped.
    @Test func aCollectionViewCutsItsCellsAtItsFrame() {
        let layout = FlowLayout()
        layout.itemSize = CGSize(width: 40, height: 40)
        let collectionView = CollectionView(frame: CGRect(x: 10, y: 10, width: 100, height: 50.25), collectionViewLayout: layout,
                                            itemCounts: [12])
        collectionView.setContentOffset(CGPoint(x: 0, y: 5))
        var clipped: [DisplayItem] = [], unclipped: [DisplayItem] = []
        collectionView.appendShapes(to: &clipped)
        collectionView.clipsToBounds = false
        collectionView.appendShapes(to: &unclipped)
        #expect(clipped.contains { if case .group = $0 { return true } else { return false } })
        let cut = image(clipped), whole = image(unclipped)
        // Below the frame (y > 60.25 pt) only the background; the unclipped cells reach y = 95.
        #expect((0..<240).allSatisfy { cut[$0, 2 * 62] == background })
        #expect(whole[40, 2 * 62] != background)
        // Above the frame's top (y = 10 pt) the first row of cells is cut too.
        #expect((0..<240).allSatisfy { cut[$0, 2 * 9] == background })
        #expect(whole[40, 2 * 9] != background)
        // Inside the frame the two agree within rounding; on the bottom edge's row, the clipped
        // one is the cell colour at half coverage (0.25 pt × scale 2 = half a pixel).
        let worst = (0..<2 * 120).flatMap { x in (2 * 10..<2 * 60).map { y in (x, y) } }.reduce(0) { worst, p in
            let a = cut[p.0, p.1], b = whole[p.0, p.1]
            return max(worst, abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b)))
        }
        #expect(worst <= 1, "got \(worst)")
        let edge = cut[40, 120], cell = whole[40, 119]
        let expected = (Double(cell.g) + Double(background.g)) / 2
        #expect(abs(Double(edge.g) - expected) <= 1, "half covered: \(edge) between \(cell) and the background")
    }
}
