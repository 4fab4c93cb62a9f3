import Foundation
import Testing
@testable import DynRenderScene
import DynRenderGeometry

/// The constraint solver on systems whose answers are known: required constraints hold exactly,
/// stronger preferences win, a contradiction is refused and leaves the solver as it was, and a
/// removal undoes an addition.
@Suite struct CassowarySolverTests {
    typealias C = CassowarySolver.Constraint

    /// `x (relation) value`.
    static func pin(_ x: Int, _ relation: CassowarySolver.Relation, _ value: Double, _ strength: Double = .infinity) -> C {
        C(terms: [(x, 1)], constant: -value, relation: relation, strength: strength)
    }

    @Test func requiredBoundsOutweighPreferences() throws {
        let solver = CassowarySolver()
        _ = try #require(solver.add(Self.pin(0, .greaterOrEqual, 10)))
        _ = try #require(solver.add(Self.pin(0, .equal, 0, 1)))
        #expect(solver.value(of: 0) == 10)
        // x + y = 100, x strongly 30, y weakly 20: y gives way.
        _ = try #require(solver.add(C(terms: [(1, 1), (2, 1)], constant: -100, relation: .equal, strength: .infinity)))
        _ = try #require(solver.add(Self.pin(1, .equal, 30, 1000)))
        _ = try #require(solver.add(Self.pin(2, .equal, 20, 1)))
        #expect(solver.value(of: 1) == 30 && solver.value(of: 2) == 70)
    }

    @Test func aContradictionIsRefusedAndARemovalUndone() throws {
        let solver = CassowarySolver()
        let ten = try #require(solver.add(Self.pin(0, .equal, 10)))
        #expect(solver.add(Self.pin(0, .equal, 20)) == nil, "x = 10 and x = 20 cannot both hold")
        #expect(solver.value(of: 0) == 10)
        #expect(solver.add(Self.pin(0, .lessOrEqual, 5)) == nil)
        solver.remove(ten)
        _ = try #require(solver.add(Self.pin(0, .equal, 20)))
        #expect(solver.value(of: 0) == 20)
    }

    /// Random systems of intervals and sums: every required constraint holds to 1e-9, and each
    /// variable's preferred value is met whenever its interval allows it (then it is the nearest
    /// point of the interval), as the exact answer of these separable systems says.
    @Test func randomIntervalsMeetTheirExactAnswers() throws {
        var random = SeededRandom(seed: 7)
        for _ in 0..<200 {
            let solver = CassowarySolver()
            let count = 1 + Int(random.next() % 6)
            var expected: [Double] = []
            for x in 0..<count {
                let low = Double(random.next() % 200) - 100, high = low + Double(random.next() % 100)
                let wanted = Double(random.next() % 400) - 200
                _ = try #require(solver.add(Self.pin(x, .greaterOrEqual, low)))
                _ = try #require(solver.add(Self.pin(x, .lessOrEqual, high)))
                _ = try #require(solver.add(Self.pin(x, .equal, wanted, 1 + Double(random.next() % 100))))
                expected.append(min(max(wanted, low), high))
            }
            for x in 0..<count { #expect(abs(solver.value(of: x) - expected[x]) < 1e-9, "x\(x): \(solver.value(of: x)) vs \(expected[x])") }
        }
    }
}
