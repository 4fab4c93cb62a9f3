import Foundation
import DynRenderCollectionViews
import DynRenderDynamics

// Times the tiled springy layout while a finger scrolls it: per 60 fps frame, two 1/120 s ticks
// (bounds change, springs shifted, solver step, re-tiling) and the visible-cell query a renderer
// makes. Usage: dynrender-layout-bench [--runs N] [--frames N]

func argument(_ name: String, default value: Int) -> Int {
    let arguments = CommandLine.arguments
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count, let parsed = Int(arguments[index + 1]) else {
        return value
    }
    return parsed
}

let runs = argument("--runs", default: 5)
let frames = argument("--frames", default: 600)

/// Microseconds per frame for one run over `items` cells.
func run(items: Int) -> (perFrame: Double, springs: Int, offset: Double) {
    let layout = SpringyFlowLayout(mode: .tiled)
    layout.itemSize = CGSize(width: 44, height: 44)
    layout.sectionInset = EdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
    let view = CollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 844), collectionViewLayout: layout,
                              itemCounts: [items])
    view.advance(to: 0)
    var maximumSprings = 0
    var visible = 0
    let start = DispatchTime.now().uptimeNanoseconds
    var tick = 0
    for frame in 0..<frames {
        // A finger sweeps up 700 pt in 0.5 s, lifts, and the next sweep starts 0.2 s later (while
        // the content still glides): scrolling all the time, through as many cells as there are.
        for _ in 0..<2 {
            tick += 1
            let t = Double(tick) / 120
            let phase = tick % 84
            if phase == 0 {
                view.panBegan(at: CGPoint(x: 195, y: 780), time: t)
            } else if phase <= 60 {
                view.panChanged(to: CGPoint(x: 195, y: 780 - 700 * Double(phase) / 60), time: t)
                if phase == 60 { view.panEnded(time: t) }
            }
            view.advance(to: t)
        }
        visible &+= view.visibleAttributes.count
        if frame % 10 == 0 { maximumSprings = max(maximumSprings, layout.springCount) }
    }
    let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e3
    precondition(visible > 0)
    return (elapsed / Double(frames), maximumSprings, Double(view.contentOffset.y))
}

print("springy layout, tiled, scrolling: \(frames) frames at 60 fps, median of \(runs) runs")
print("items      µs/frame   max springs   content offset reached (pt)")
var medians: [Int: Double] = [:]
for items in [120, 10_000, 1_000_000] {
    var times: [Double] = []
    var last = (perFrame: 0.0, springs: 0, offset: 0.0)
    for _ in 0..<runs {
        last = run(items: items)
        times.append(last.perFrame)
    }
    times.sort()
    let median = times[times.count / 2]
    medians[items] = median
    print(String(format: "%-10d %8.1f   %11d   %10.0f", items, median, last.springs, last.offset))
}
if let small = medians[10_000], let large = medians[1_000_000] {
    print(String(format: "1 000 000 ÷ 10 000 cost: %.2f×", large / small))
}
