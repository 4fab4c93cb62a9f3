import DynRender
import Foundation
import Testing
import DynRenderCollectionViews

@Suite struct SpringyFlowLayoutTests {
    /// A plain flow layout with the springy layout's metrics, for the cells' home positions; it
    /// holds its collection view, which holds the layout only weakly.
    struct Homes {
        let view: CollectionView
        var layout: FlowLayout { view.collectionViewLayout as! FlowLayout }
        func layoutAttributesForItem(at path: IndexPath) -> LayoutAttributes? { layout.layoutAttributesForItem(at: path) }
        func layoutAttributesForElements(in rect: CGRect) -> [LayoutAttributes]? { layout.layoutAttributesForElements(in: rect) }
    }

    /// A springy collection view and the home positions of its cells.
    static func springy(mode: SpringyFlowLayout.Mode, items: Int = 10_000) -> (CollectionView, SpringyFlowLayout, Homes) {
        let layout = SpringyFlowLayout(mode: mode)
        let flow = FlowLayout()
        for l in [layout, flow] as [FlowLayout] {
            l.itemSize = CGSize(width: 44, height: 44)
            l.sectionInset = EdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
        }
        let view = CollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 568), collectionViewLayout: layout,
                                  itemCounts: [items])
        let flowView = CollectionView(frame: view.frame, collectionViewLayout: flow, itemCounts: [items])
        flow.prepareIfNeeded()
        return (view, layout, Homes(view: flowView))
    }

    /// Largest distance of any visible cell from its flow position, points.
    static func largestDeparture(_ view: CollectionView, _ flow: Homes) -> Double {
        view.visibleAttributes.map { cell in
            let home = flow.layoutAttributesForItem(at: cell.indexPath)!.center
            return Double(hypot(cell.center.x - home.x, cell.center.y - home.y))
        }.max() ?? 0
    }

    @Test func aScrollStepMovesCellsByTheirResistance() throws {
        let (view, layout, flow) = Self.springy(mode: .tiled)
        view.advance(to: 0)
        view.panBegan(at: CGPoint(x: 160, y: 300), time: 0)
        view.panChanged(to: CGPoint(x: 160, y: 290), time: 1.0 / 120)
        // The content moved 10 pt up; each cell moved 10·r down in content coordinates,
        // r = (|Δx| + |Δy| to the finger) / 1500, before any spring acted. As in UIKit the layout
        // reads the finger before the bounds change: the new finger over the old offset, (160, 290).
        #expect(view.panGestureRecognizer.location(in: view) == CGPoint(x: 160, y: 300))
        let touch = CGPoint(x: 160, y: 290)
        var checked = 0
        var byDistance: [(distance: Double, screenMove: Double)] = []
        for cell in layout.layoutAttributesForElements(in: view.bounds) ?? [] {
            let home = flow.layoutAttributesForItem(at: cell.indexPath)!.center
            let r = Double(abs(touch.x - home.x) + abs(touch.y - home.y)) / 1500
            let expectedShift = min(10, 10 * r)
            #expect(abs(Double(cell.center.y - home.y) - expectedShift) < 1e-9)
            #expect(cell.center.x == home.x)
            byDistance.append((r * 1500, 10 - expectedShift))
            checked += 1
        }
        #expect(checked > 40)
        byDistance.sort { $0.distance < $1.distance }
        for (near, far) in zip(byDistance, byDistance.dropFirst()) where near.distance < far.distance {
            #expect(near.screenMove >= far.screenMove, "nearer cells follow the content more")
        }
    }

    @Test func cellsReturnHomeAfterTheScrollEnds() throws {
        let (view, layout, flow) = Self.springy(mode: .tiled)
        let finger = Finger(collectionView: view)
        finger.pan(from: 0, duration: 0.4, along: Finger.line(CGPoint(x: 160, y: 500), CGPoint(x: 160, y: 100)))
        finger.wait(until: 1)
        #expect(Self.largestDeparture(view, flow) > 5, "cells visibly lag while the content glides")
        // The springs (f = 1 Hz, ζ = 0.8, envelope e^(−5.03 t)) bring every cell within 0.5 pt
        // of its place.
        var settledAt: Double?
        var glideEnd: Double?
        var t = 1.0
        while t < 12 {
            t += 0.05
            finger.wait(until: t)
            if !view.isDecelerating, glideEnd == nil { glideEnd = t }
            if !view.isDecelerating, settledAt == nil, Self.largestDeparture(view, flow) < 0.5 { settledAt = t }
        }
        // Measured: the finger lifts at 0.4 s, the glide stops at 3.9 s, and by then every visible
        // cell is already within 0.5 pt (the deltas of a slowing glide are small).
        let settled = try #require(settledAt), stopped = try #require(glideEnd)
        #expect(settled <= stopped + 0.5, "settled at \(settled) s, glide stopped at \(stopped) s")
        #expect(Self.largestDeparture(view, flow) < 0.5)
        #expect(!layout.dynamicAnimator.isRunning, "and the animator pauses")
    }

    @Test func tilingKeepsSpringsToTheVisibleRect() throws {
        let (view, layout, flow) = Self.springy(mode: .tiled)
        let finger = Finger(collectionView: view)
        // The tile is the 568-pt screen plus 100 pt above and below, 768 pt: it meets at most 16
        // rows of 44-pt cells 54 pt apart, 80 cells.
        let bound = 16 * 5
        var most = 0
        var start = 0.0
        for _ in 0..<40 {
            finger.pan(from: start, duration: 0.2, lift: false, along: Finger.line(CGPoint(x: 160, y: 550), CGPoint(x: 160, y: 50)))
            view.panEnded(time: start + 0.2)
            most = max(most, layout.springCount)
            start += 0.25
        }
        finger.wait(until: start + 30)
        #expect(view.contentOffset.y > 20_000, "scrolled through thousands of items")
        #expect(most <= bound && layout.springCount <= bound)
        #expect(layout.springCount >= (flow.layoutAttributesForElements(in: view.bounds) ?? []).count)
    }

    @Test func tiledFramesMatchTheNaiveLayout() throws {
        let path = Finger.line(CGPoint(x: 100, y: 520), CGPoint(x: 220, y: 120))
        // Two scrolls down with flicks and pauses, a resize, then one back up; cells sampled every tick.
        let script: [(start: Double, duration: Double, path: (Double) -> CGPoint)] = [
            (0, 0.5, path), (1.5, 0.3, path), (3, 0.4, { path(1 - $0) }),
        ]
        func run(_ mode: SpringyFlowLayout.Mode) -> [[IndexPath: CGPoint]] {
            let (view, layout, _) = Self.springy(mode: mode, items: 1_000)
            view.advance(to: 0)
            if mode == .naive { #expect(layout.springCount == 1_000) }
            var frames: [[IndexPath: CGPoint]] = []
            var finger = Finger(collectionView: view)
            finger.onTick = { _ in
                frames.append(Dictionary(uniqueKeysWithValues: view.visibleAttributes.map { ($0.indexPath, $0.center) }))
            }
            for (index, (start, duration, path)) in script.enumerated() {
                if index == 1 {
                    // A rotation-like resize between the scrolls: both modes rebuild their springs.
                    finger.wait(until: 1.2)
                    view.frame.size.width = 375
                }
                finger.pan(from: start, duration: duration, along: path)
            }
            finger.wait(until: 6)
            return frames
        }
        let tiled = run(.tiled), naive = run(.naive)
        #expect(tiled.count == naive.count && tiled.count == 720)
        var worst = 0.0, compared = 0
        for (a, b) in zip(tiled, naive) {
            for (path, center) in a {
                guard let other = b[path] else { continue }
                let d = Double(hypot(center.x - other.x, center.y - other.y))
                worst = max(worst, d)
                compared += 1
            }
        }
        #expect(compared > 20_000)
        #expect(worst <= 0.5, "largest difference \(worst) pt")
    }
}
