import Foundation
import DynRenderGeometry

/// Solving one superview's constraints on one axis.
enum ConstraintSolver {
    /// Sets the frames of `superview`'s subviews that do not translate their autoresizing mask,
    /// from the active constraints that mention them. Stops with a message when a constraint
    /// reaches outside the superview and its children, or the frames are not pinned exactly.
    static func solve(in superview: View) {
        let constrained = superview.subviews.filter { !$0.translatesAutoresizingMaskIntoConstraints }
        guard !constrained.isEmpty else { return }
        var seen = Set<ObjectIdentifier>(), constraints: [LayoutConstraint] = []
        for view in constrained {
            for constraint in view.activeConstraints where seen.insert(ObjectIdentifier(constraint)).inserted {
                constraints.append(constraint)
            }
        }
        let index = Dictionary(uniqueKeysWithValues: constrained.enumerated().map { (ObjectIdentifier($1), $0) })
        var frames = constrained.map(\.frame)
        // An axis whose constraints refer to the other axis of a constrained view (an aspect
        // ratio) is solved second, with the first axis's results as known values.
        func isConstrained(_ item: LayoutItem) -> Bool {
            if case .view(let view) = item { return index[ObjectIdentifier(view)] != nil }
            return false
        }
        func crosses(_ horizontal: Bool) -> Bool {
            constraints.contains { c in
                guard c.first.attribute.isHorizontal == horizontal, let second = c.second else { return false }
                return second.attribute.isHorizontal != horizontal && isConstrained(second.item)
            }
        }
        let horizontalCrosses = crosses(true), verticalCrosses = crosses(false)
        if horizontalCrosses && verticalCrosses {
            fatalError("Auto Layout: constraints in \(LayoutItem.view(superview).name) tie widths to heights and heights to widths; dynrender solves one direction only")
        }
        for horizontal in horizontalCrosses ? [false, true] : [true, false] {
            let solution = solveAxis(horizontal: horizontal, superview: superview, constrained: constrained, index: index,
                                     solvedFrames: frames,
                                     constraints: constraints.filter { $0.first.attribute.isHorizontal == horizontal })
            for (i, value) in solution.enumerated() {
                if horizontal {
                    frames[i].origin.x = value.position
                    frames[i].size.width = value.size
                } else {
                    frames[i].origin.y = value.position
                    frames[i].size.height = value.size
                }
            }
        }
        for (view, frame) in zip(constrained, frames) where view.frame != frame { view.frame = frame }
    }

    private static func solveAxis(horizontal: Bool, superview: View, constrained: [View], index: [ObjectIdentifier: Int],
                                  solvedFrames: [CGRect], constraints: [LayoutConstraint]) -> [(position: CGFloat, size: CGFloat)] {
        let unknowns = constrained.count * 2
        var rows: [[Double]] = []  // coefficients, then the right-hand side
        /// A side of an equation: coefficients of the unknowns and a known part.
        func expression(_ anchor: LayoutAnchor<Void>, of constraint: LayoutConstraint) -> (coefficients: [Double], known: Double) {
            var coefficients = [Double](repeating: 0, count: unknowns)
            let terms = anchor.attribute.terms
            let known: CGRect
            // Positions and sizes on this anchor's own axis.
            let alongX = anchor.attribute.isHorizontal
            switch anchor.item {
            case .view(let view):
                if let i = index[ObjectIdentifier(view)], alongX != horizontal {
                    // The other axis of a constrained view: solved already.
                    known = solvedFrames[i]
                } else if let i = index[ObjectIdentifier(view)] {
                    coefficients[2 * i] = Double(terms.position)
                    coefficients[2 * i + 1] = Double(terms.size)
                    return (coefficients, 0)
                } else if view === superview {
                    known = CGRect(origin: .zero, size: superview.bounds.size)
                } else if view.superview === superview {
                    known = view.frame
                } else {
                    fatalError("Auto Layout: \(constraint.description) relates views that are neither siblings nor a view and its superview; dynrender does not solve that")
                }
            case .guide(let guide):
                guard guide.owningView === superview else {
                    fatalError("Auto Layout: \(constraint.description) uses a layout guide of another view than the superview; dynrender does not solve that")
                }
                known = guide.layoutFrame
            }
            let position = alongX ? known.minX : known.minY, size = alongX ? known.width : known.height
            return (coefficients, Double(terms.position * position + terms.size * size))
        }
        for constraint in constraints {
            let left = expression(constraint.first, of: constraint)
            var row = left.coefficients
            var rhs = Double(constraint.constant) - left.known
            if let second = constraint.second {
                let right = expression(second, of: constraint)
                for k in 0..<unknowns { row[k] -= Double(constraint.multiplier) * right.coefficients[k] }
                rhs += Double(constraint.multiplier) * right.known
            }
            guard row.contains(where: { $0 != 0 }) else { continue }  // between known items: nothing to solve
            rows.append(row + [rhs])
        }
        // Gaussian elimination with partial pivoting; every unknown must be pinned.
        var pivotRow = 0
        var pivots: [Int] = []
        for column in 0..<unknowns {
            guard let best = (pivotRow..<rows.count).max(by: { abs(rows[$0][column]) < abs(rows[$1][column]) }),
                  abs(rows[best][column]) > 1e-9 else {
                let view = constrained[column / 2]
                let what = column % 2 == 0 ? (horizontal ? "x position" : "y position") : (horizontal ? "width" : "height")
                fatalError("Auto Layout: the constraints do not fix the \(what) of \(LayoutItem.view(view).name)")
            }
            rows.swapAt(pivotRow, best)
            let pivot = rows[pivotRow][column]
            for k in column...unknowns { rows[pivotRow][k] /= pivot }
            for r in rows.indices where r != pivotRow && rows[r][column] != 0 {
                let factor = rows[r][column]
                for k in column...unknowns { rows[r][k] -= factor * rows[pivotRow][k] }
            }
            pivots.append(pivotRow)
            pivotRow += 1
        }
        // Rows left over must read 0 = 0; otherwise two constraints disagree.
        for r in pivotRow..<rows.count where abs(rows[r][unknowns]) > 1e-6 {
            fatalError("Auto Layout: conflicting constraints among \(constraints.map(\.description).joined(separator: "; "))")
        }
        return (0..<constrained.count).map { i in
            (CGFloat(rows[pivots[2 * i]][unknowns]), CGFloat(rows[pivots[2 * i + 1]][unknowns]))
        }
    }
}
