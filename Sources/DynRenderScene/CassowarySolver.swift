import Foundation

/// An incremental solver for linear equalities and inequalities with strengths: the Cassowary
/// algorithm (Badros, Borning & Stuckey, "The Cassowary linear arithmetic constraint solving
/// algorithm", 2001), which UIKit's Auto Layout is built on. Constraints are added and removed
/// one at a time; after each change the tableau is re-optimised from where it was, so a layout
/// pass that changes one constraint does not start again. Required constraints hold exactly or
/// are refused (`add` returns false, and the tableau is as before); others are met as well as
/// their strengths allow, a stronger one's error costing more than a weaker one's.
///
/// Determinism: every choice (the entering and leaving symbols, the subject of a new row) is
/// made in symbol-creation order, never a hash table's order, so the same constraints give the
/// same values, bit for bit, in every run.
///
/// (Rejected: Gaussian elimination of equalities only, dynrender's earlier solver: it cannot
/// express `>=`, `<=` or priorities, and stopped at any layout that was not pinned exactly.)
package final class CassowarySolver {
    package enum Relation { case equal, lessOrEqual, greaterOrEqual }

    /// `Σ coefficient · variable + constant (relation) 0`, at `strength` (`.infinity`: required).
    package struct Constraint {
        package var terms: [(variable: Int, coefficient: Double)]
        package var constant: Double
        package var relation: Relation
        package var strength: Double
        var isRequired: Bool { strength == .infinity }

        package init(terms: [(variable: Int, coefficient: Double)], constant: Double, relation: Relation, strength: Double) {
            self.terms = terms
            self.constant = constant
            self.relation = relation
            self.strength = strength
        }
    }

    package struct Handle: Hashable { let id: Int }

    private enum Kind { case external, slack, error, dummy }

    private struct Symbol: Hashable, Comparable {
        let id: Int
        let kind: Kind
        static func < (a: Symbol, b: Symbol) -> Bool { a.id < b.id }
        var isPivotable: Bool { kind == .slack || kind == .error }
    }

    /// `constant + Σ coefficient · symbol`, the cells kept in symbol order.
    private struct Row {
        var constant: Double
        var cells: [(symbol: Symbol, coefficient: Double)] = []

        static let epsilon = 1e-9

        func coefficient(of symbol: Symbol) -> Double {
            cells.first { $0.symbol == symbol }?.coefficient ?? 0
        }

        mutating func add(_ symbol: Symbol, _ coefficient: Double) {
            if let index = cells.firstIndex(where: { $0.symbol.id >= symbol.id }) {
                if cells[index].symbol == symbol {
                    let sum = cells[index].coefficient + coefficient
                    if abs(sum) < Self.epsilon { cells.remove(at: index) } else { cells[index].coefficient = sum }
                } else if abs(coefficient) >= Self.epsilon {
                    cells.insert((symbol, coefficient), at: index)
                }
            } else if abs(coefficient) >= Self.epsilon {
                cells.append((symbol, coefficient))
            }
        }

        mutating func add(_ row: Row, times factor: Double) {
            constant += row.constant * factor
            for cell in row.cells { add(cell.symbol, cell.coefficient * factor) }
        }

        mutating func remove(_ symbol: Symbol) {
            cells.removeAll { $0.symbol == symbol }
        }

        mutating func reverseSign() {
            constant = -constant
            for index in cells.indices { cells[index].coefficient = -cells[index].coefficient }
        }

        /// Rewrites `0 = this row` as `symbol = …`: the row becomes symbol's expression.
        mutating func solve(for symbol: Symbol) {
            let factor = -1 / coefficient(of: symbol)
            remove(symbol)
            constant *= factor
            for index in cells.indices { cells[index].coefficient *= factor }
        }

        /// Rewrites `lhs = this row` as `rhs = …`.
        mutating func solve(for lhs: Symbol, _ rhs: Symbol) {
            add(lhs, -1)
            solve(for: rhs)
        }

        mutating func substitute(_ symbol: Symbol, with row: Row) {
            let factor = coefficient(of: symbol)
            guard factor != 0 else { return }
            remove(symbol)
            add(row, times: factor)
        }
    }

    private struct Tag { var marker: Symbol; var other: Symbol? }

    private var rows: [Symbol: Row] = [:]
    private var objective = Row(constant: 0)
    private var artificial: Row?
    private var variables: [Int: Symbol] = [:]
    private var constraints: [Handle: (constraint: Constraint, tag: Tag)] = [:]
    private var nextSymbol = 0
    private var nextHandle = 0

    package init() {}

    private func makeSymbol(_ kind: Kind) -> Symbol {
        nextSymbol += 1
        return Symbol(id: nextSymbol, kind: kind)
    }

    private func symbol(forVariable variable: Int) -> Symbol {
        if let symbol = variables[variable] { return symbol }
        let symbol = makeSymbol(.external)
        variables[variable] = symbol
        return symbol
    }

    /// The value of `variable` in the current solution (0 for one no constraint names).
    package func value(of variable: Int) -> Double {
        guard let symbol = variables[variable] else { return 0 }
        return rows[symbol]?.constant ?? 0
    }

    /// Adds `constraint` and re-optimises. A required constraint that cannot hold with the
    /// required ones already there is refused: nil, and the solver is unchanged.
    package func add(_ constraint: Constraint) -> Handle? {
        var (row, tag) = makeRow(constraint)
        if let subject = chooseSubject(row, tag) {
            row.solve(for: subject)
            substitute(subject, with: row)
            rows[subject] = row
        } else if row.cells.allSatisfy({ $0.symbol.kind == .dummy }) {
            // Only dummies: redundant if it reads 0 = 0, contradictory otherwise.
            guard abs(row.constant) < Row.epsilon else {
                undoObjective(tag, constraint.strength)
                return nil
            }
            rows[tag.marker] = row
        } else if !addWithArtificialVariable(row) {
            // The row may still hold its marker; take every trace of it out again.
            removeRow(tag: tag, strength: constraint.strength)
            return nil
        }
        optimize(artificialRow: false)
        nextHandle += 1
        let handle = Handle(id: nextHandle)
        constraints[handle] = (constraint, tag)
        return handle
    }

    /// Removes a constraint added before and re-optimises.
    package func remove(_ handle: Handle) {
        guard let (constraint, tag) = constraints.removeValue(forKey: handle) else { return }
        removeRow(tag: tag, strength: constraint.strength)
        optimize(artificialRow: false)
    }

    private func removeRow(tag: Tag, strength: Double) {
        undoObjective(tag, strength)
        if rows.removeValue(forKey: tag.marker) == nil, let leaving = markerLeavingRow(tag.marker) {
            var row = rows.removeValue(forKey: leaving)!
            row.solve(for: leaving, tag.marker)
            substitute(tag.marker, with: row)
        }
    }

    /// Takes a constraint's error terms out of the objective.
    private func undoObjective(_ tag: Tag, _ strength: Double) {
        for marker in [tag.marker, tag.other].compactMap({ $0 }) where marker.kind == .error {
            if let row = rows[marker] { objective.add(row, times: -strength) } else { objective.add(marker, -strength) }
        }
    }

    private func makeRow(_ constraint: Constraint) -> (Row, Tag) {
        var row = Row(constant: constraint.constant)
        for term in constraint.terms where term.coefficient != 0 {
            let symbol = symbol(forVariable: term.variable)
            if let basic = rows[symbol] { row.add(basic, times: term.coefficient) } else { row.add(symbol, term.coefficient) }
        }
        let tag: Tag
        switch constraint.relation {
        case .lessOrEqual, .greaterOrEqual:
            let sign = constraint.relation == .lessOrEqual ? 1.0 : -1.0
            let slack = makeSymbol(.slack)
            row.add(slack, sign)
            if constraint.isRequired {
                tag = Tag(marker: slack, other: nil)
            } else {
                let error = makeSymbol(.error)
                row.add(error, -sign)
                objective.add(error, constraint.strength)
                tag = Tag(marker: slack, other: error)
            }
        case .equal:
            if constraint.isRequired {
                let dummy = makeSymbol(.dummy)
                row.add(dummy, 1)
                tag = Tag(marker: dummy, other: nil)
            } else {
                let plus = makeSymbol(.error), minus = makeSymbol(.error)
                row.add(plus, -1)
                row.add(minus, 1)
                objective.add(plus, constraint.strength)
                objective.add(minus, constraint.strength)
                tag = Tag(marker: plus, other: minus)
            }
        }
        if row.constant < 0 { row.reverseSign() }
        return (row, tag)
    }

    /// A symbol the new row can be solved for: a variable, else a slack or error of its own with
    /// a negative coefficient (so the row stays feasible).
    private func chooseSubject(_ row: Row, _ tag: Tag) -> Symbol? {
        if let external = row.cells.first(where: { $0.symbol.kind == .external }) { return external.symbol }
        for marker in [tag.marker, tag.other].compactMap({ $0 }) where marker.isPivotable && row.coefficient(of: marker) < 0 {
            return marker
        }
        return nil
    }

    /// Phase one of the simplex method for a row with no obvious subject: an artificial variable
    /// is minimised; the row is satisfiable when it reaches zero.
    private func addWithArtificialVariable(_ row: Row) -> Bool {
        let symbol = makeSymbol(.slack)
        rows[symbol] = row
        artificial = row
        optimize(artificialRow: true)
        var satisfiable = abs(artificial!.constant) < 1e-8
        artificial = nil
        if var basic = rows.removeValue(forKey: symbol), !basic.cells.isEmpty {
            if let entering = basic.cells.first(where: { $0.symbol.isPivotable })?.symbol {
                basic.solve(for: symbol, entering)
                substitute(entering, with: basic)
                rows[entering] = basic
            } else {
                satisfiable = false
            }
        }
        for key in rows.keys.sorted() { rows[key]!.remove(symbol) }
        objective.remove(symbol)
        return satisfiable
    }

    private func substitute(_ symbol: Symbol, with row: Row) {
        for key in rows.keys.sorted() { rows[key]!.substitute(symbol, with: row) }
        objective.substitute(symbol, with: row)
        artificial?.substitute(symbol, with: row)
    }

    /// The primal simplex: pivots while some symbol would lower the objective (the artificial
    /// row's, in phase one). (A stored property, not an inout row: pivoting substitutes into it.)
    private func optimize(artificialRow: Bool) {
        while let entering = (artificialRow ? artificial! : objective).cells
            .first(where: { $0.symbol.kind != .dummy && $0.coefficient < 0 })?.symbol {
            var best: (symbol: Symbol, ratio: Double)?
            for key in rows.keys.sorted() where key.kind != .external {
                let coefficient = rows[key]!.coefficient(of: entering)
                guard coefficient < 0 else { continue }
                let ratio = -rows[key]!.constant / coefficient
                if best == nil || ratio < best!.ratio { best = (key, ratio) }
            }
            // Layout objectives are bounded below (errors are never negative).
            guard let leaving = best?.symbol else { return }
            var row = rows.removeValue(forKey: leaving)!
            row.solve(for: leaving, entering)
            substitute(entering, with: row)
            rows[entering] = row
        }
    }

    /// The row to pivot a non-basic marker into, to take its constraint out.
    private func markerLeavingRow(_ marker: Symbol) -> Symbol? {
        var first: (Symbol, Double)?, second: (Symbol, Double)?, third: Symbol?
        for key in rows.keys.sorted() {
            let coefficient = rows[key]!.coefficient(of: marker)
            guard coefficient != 0 else { continue }
            if key.kind == .external {
                if third == nil { third = key }
            } else if coefficient < 0 {
                let ratio = -rows[key]!.constant / coefficient
                if first == nil || ratio < first!.1 { first = (key, ratio) }
            } else {
                let ratio = rows[key]!.constant / coefficient
                if second == nil || ratio < second!.1 { second = (key, ratio) }
            }
        }
        return first?.0 ?? second?.0 ?? third
    }
}
