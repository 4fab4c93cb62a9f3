import Foundation
import DynRenderGeometry

/// One superview's Auto Layout: the frames of its subviews that do not translate their
/// autoresizing mask, and of the layout guides it owns, from the active constraints that mention
/// them and the views' intrinsic sizes, by Cassowary. The tableau lives with the superview between layout passes: a pass adds the
/// constraints that are new or changed and removes those that went, and the solver re-optimises
/// from where it was.
///
/// As UIKit does, a required constraint that cannot hold with the others is reported (the
/// constraints involved, and the one broken to recover) and left out; a layout that leaves a
/// frame open is reported as ambiguous and laid out anyway. A constraint that reaches outside
/// the superview and its children stops with a message naming it.
final class LayoutEngine {
    /// Where reports go: standard error, once per distinct report. (Tests listen here.)
    package static var report: (String) -> Void = { message in
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }

    private enum Key: Hashable {
        case constraint(ObjectIdentifier)
        /// A view's intrinsic size on an axis: `hugs` is the ≤ side (content hugging), else the ≥
        /// side (compression resistance).
        case intrinsic(ObjectIdentifier, axis: Int, hugs: Bool)
    }

    /// A constraint as the tableau holds it; equal forms need no change.
    private struct Form: Equatable {
        var terms: [Term]
        var constant: Double
        var relation: LayoutConstraint.Relation
        var strength: Double
        var description: String

        struct Term: Equatable { var variable: Int, coefficient: Double }

        static func == (a: Form, b: Form) -> Bool {
            a.terms == b.terms && a.constant == b.constant && a.relation == b.relation && a.strength == b.strength
        }

        var solverConstraint: CassowarySolver.Constraint {
            let relation: CassowarySolver.Relation
            switch self.relation {
            case .equal: relation = .equal
            case .lessThanOrEqual: relation = .lessOrEqual
            case .greaterThanOrEqual: relation = .greaterOrEqual
            }
            return .init(terms: terms.map { ($0.variable, $0.coefficient) }, constant: constant, relation: relation, strength: strength)
        }
    }

    private let solver = CassowarySolver()
    /// What each constraint is in the tableau; a nil handle is one broken to recover.
    private var installed: [Key: (form: Form, handle: CassowarySolver.Handle?)] = [:]
    private var order: [Key] = []
    /// Each laid-out view's or guide's first variable: x, y, width, height follow.
    private var variables: [ObjectIdentifier: Int] = [:]
    private var nextVariable = 0
    private var reported: Set<String> = []
    private var ambiguity: [ObjectIdentifier: [String]] = [:]

    /// The strength of a priority below required: 2^(priority / 25), so a priority of 750 outweighs
    /// a million errors at 250, while 251 still beats 250.
    static func strength(_ priority: LayoutPriority) -> Double {
        priority.rawValue >= 1000 ? .infinity : DeterministicMath.pow(2, Double(max(priority.rawValue, 1)) / 25)
    }

    /// Lays out `superview`'s constrained subviews (its layout pass).
    static func solve(in superview: View) {
        // As UIKit's engine, only views that constraints mention: one with none keeps the frame
        // its code gives it (dynamics moving a view that does not translate its mask, say).
        let constrained = superview.subviews.filter { !$0.translatesAutoresizingMaskIntoConstraints && !$0.activeConstraints.isEmpty }
        let guides = superview.layoutGuides.filter { !$0.activeConstraints.isEmpty }
        guard !constrained.isEmpty || !guides.isEmpty || superview.layoutEngine != nil else { return }
        let engine = superview.layoutEngine ?? LayoutEngine()
        superview.layoutEngine = engine
        engine.update(superview: superview, constrained: constrained, guides: guides)
    }

    private func variable(_ item: AnyObject) -> Int {
        if let base = variables[ObjectIdentifier(item)] { return base }
        let base = nextVariable
        nextVariable += 4
        variables[ObjectIdentifier(item)] = base
        return base
    }

    private func frame(_ item: AnyObject) -> CGRect {
        let base = variable(item)
        return CGRect(x: solver.value(of: base), y: solver.value(of: base + 1),
                      width: solver.value(of: base + 2), height: solver.value(of: base + 3))
    }

    private func update(superview: View, constrained: [View], guides: [LayoutGuide]) {
        let members = Set(constrained.map(ObjectIdentifier.init) + guides.map(ObjectIdentifier.init))
        var forms: [(Key, Form)] = []
        var seen = Set<ObjectIdentifier>()
        for constraints in constrained.map(\.activeConstraints) + guides.map(\.activeConstraints) {
            for constraint in constraints where seen.insert(ObjectIdentifier(constraint)).inserted {
                if let form = form(of: constraint, superview: superview, members: members) {
                    forms.append((.constraint(ObjectIdentifier(constraint)), form))
                }
            }
        }
        for view in constrained { forms += intrinsicForms(of: view) }
        let wanted = Dictionary(forms, uniquingKeysWith: { first, _ in first })
        var changed = false
        // Out first, then in, in the order the constraints were met.
        for key in order where wanted[key] != installed[key]?.form {
            if let handle = installed.removeValue(forKey: key)?.handle { solver.remove(handle) }
            changed = true
        }
        order.removeAll { installed[$0] == nil }
        // A constraint broken to recover is tried again whenever the others change.
        if changed {
            for key in order where installed[key]?.handle == nil { installed.removeValue(forKey: key) }
            order.removeAll { installed[$0] == nil }
        }
        for (key, form) in forms where installed[key] == nil {
            let handle = solver.add(form.solverConstraint)
            if handle == nil { reportUnsatisfiable(form) }
            installed[key] = (form, handle)
            order.append(key)
            changed = true
        }
        for guide in guides { guide.solvedFrame = frame(guide) }
        for view in constrained {
            let frame = frame(view)
            if view.frame != frame { view.frame = frame }
        }
        if changed { reportAmbiguity(constrained) }
    }

    // MARK: - Constraints as linear forms

    private func form(of constraint: LayoutConstraint, superview: View, members: Set<ObjectIdentifier>) -> Form? {
        // A constraint between a child of ours and a view inside it is solved at that child's
        // own layout pass, where the child is the superview.
        for case .view(let view) in [constraint.first.item] + (constraint.second.map { [$0.item] } ?? []) {
            if let parent = view.superview, parent !== superview, Self.lies(parent, within: superview) { return nil }
        }
        var terms: [Int: Double] = [:]
        var constant = -Double(constraint.constant)
        func add(_ anchor: LayoutAnchor<Void>, _ factor: Double) {
            let attribute = anchor.attribute, parts = attribute.terms
            let horizontal = attribute.isHorizontal
            func addTerms(of item: AnyObject) {
                let base = variable(item)
                terms[base + (horizontal ? 0 : 1), default: 0] += factor * Double(parts.position)
                terms[base + (horizontal ? 2 : 3), default: 0] += factor * Double(parts.size)
            }
            switch anchor.item {
            case .view(let view) where members.contains(ObjectIdentifier(view)):
                addTerms(of: view)
            case .view(let view):
                let known: CGRect
                if view === superview {
                    known = CGRect(origin: .zero, size: superview.bounds.size)
                } else if view.superview === superview {
                    known = view.frame
                } else {
                    fatalError("Auto Layout: \(constraint.description) relates views that are neither siblings nor a view and its superview; dynrender does not solve that")
                }
                constant += factor * Self.value(of: attribute, in: known)
            case .guide(let guide) where members.contains(ObjectIdentifier(guide)):
                addTerms(of: guide)
            case .guide(let guide):
                guard guide.owningView === superview else {
                    fatalError("Auto Layout: \(constraint.description) uses a layout guide of another view than the superview; dynrender does not solve that")
                }
                constant += factor * Self.value(of: attribute, in: guide.layoutFrame)
            }
        }
        add(constraint.first, 1)
        if let second = constraint.second { add(second, -Double(constraint.multiplier)) }
        let kept = terms.filter { abs($0.value) > 1e-12 }.sorted { $0.key < $1.key }
        guard !kept.isEmpty else { return nil }  // between known items: nothing to solve
        return Form(terms: kept.map { Form.Term(variable: $0.key, coefficient: $0.value) }, constant: constant,
                    relation: constraint.relation, strength: Self.strength(constraint.priority), description: constraint.description)
    }

    /// Whether `view` is `ancestor` or inside it.
    private static func lies(_ view: View, within ancestor: View) -> Bool {
        var cursor: View? = view
        while let current = cursor {
            if current === ancestor { return true }
            cursor = current.superview
        }
        return false
    }

    private static func value(of attribute: LayoutAttribute, in frame: CGRect) -> Double {
        let horizontal = attribute.isHorizontal, parts = attribute.terms
        let position = horizontal ? frame.minX : frame.minY, size = horizontal ? frame.width : frame.height
        return Double(parts.position * position + parts.size * size)
    }

    /// Content hugging (size ≤ intrinsic) and compression resistance (size ≥ intrinsic) on each
    /// axis where the view has an intrinsic size.
    private func intrinsicForms(of view: View) -> [(Key, Form)] {
        let size = view.intrinsicContentSize, base = variable(view)
        var forms: [(Key, Form)] = []
        for (axis, length) in [(0, size.width), (1, size.height)] where length >= 0 {
            let name = "\(LayoutItem.view(view).name).\(axis == 0 ? "width" : "height")"
            for hugs in [true, false] {
                let priority = hugs ? view.contentHugging[axis] : view.compressionResistance[axis]
                let form = Form(terms: [Form.Term(variable: base + 2 + axis, coefficient: 1)], constant: -Double(length),
                                relation: hugs ? .lessThanOrEqual : .greaterThanOrEqual, strength: Self.strength(priority),
                                description: "\(name) \(hugs ? "≤" : "≥") \(length) (intrinsic, \(hugs ? "hugging" : "compression resistance") @\(priority.rawValue))")
                forms.append((.intrinsic(ObjectIdentifier(view), axis: axis, hugs: hugs), form))
            }
        }
        return forms
    }

    // MARK: - Reports

    private func once(_ message: String) {
        if reported.insert(message).inserted { Self.report(message) }
    }

    /// As UIKit words it: the constraints that cannot all hold (the required ones sharing
    /// variables with the new one, and it), and the one broken to recover.
    private func reportUnsatisfiable(_ broken: Form) {
        var variables = Set(broken.terms.map(\.variable))
        var involved: [Form] = []
        var grew = true
        while grew {
            grew = false
            for key in order {
                guard let (form, handle) = installed[key], handle != nil, form.strength == .infinity,
                      !involved.contains(where: { $0.description == form.description }),
                      form.terms.contains(where: { variables.contains($0.variable) }) else { continue }
                involved.append(form)
                variables.formUnion(form.terms.map(\.variable))
                grew = true
            }
        }
        let list = (involved + [broken]).map { "    \"\($0.description)\"" }.joined(separator: ",\n")
        once("[LayoutConstraints] Unable to simultaneously satisfy constraints.\n\tProbably at least one of the constraints in the following list is one you don't want.\n(\n\(list)\n)\n\nWill attempt to recover by breaking constraint\n\(broken.description)")
    }

    /// The attributes of `view` ("x position", "width", …) that the constraints leave open.
    func ambiguousAttributes(of view: View) -> [String] {
        ambiguity[ObjectIdentifier(view)] ?? []
    }

    /// A frame value is open when nudging it, ever so weakly, moves it: every constraint in the
    /// tableau outweighs the nudge, so only a value nothing holds can follow it.
    private func reportAmbiguity(_ constrained: [View]) {
        ambiguity = [:]
        let names = ["x position", "y position", "width", "height"]
        for view in constrained {
            let base = variable(view)
            var open: [String] = []
            for offset in 0..<4 {
                let probe = CassowarySolver()
                for key in order {
                    guard let (form, handle) = installed[key], handle != nil else { continue }
                    _ = probe.add(form.solverConstraint)
                }
                let value = solver.value(of: base + offset)
                _ = probe.add(.init(terms: [(base + offset, 1)], constant: -(value + 100), relation: .equal, strength: 1e-3))
                if abs(probe.value(of: base + offset) - value) > 1e-6 { open.append(names[offset]) }
            }
            guard !open.isEmpty else { continue }
            ambiguity[ObjectIdentifier(view)] = open
            once("[LayoutConstraints] Ambiguous layout: the \(open.joined(separator: " and ")) of \(LayoutItem.view(view).name) \(open.count == 1 ? "is" : "are") not fixed by its constraints")
        }
    }
}
