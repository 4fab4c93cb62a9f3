import SwiftSyntax

/// What a `#selector(…)` names: a method's base name and, when spelled out, its argument labels
/// (`#selector(handlePan(_:))` → `handlePan`, [`_`]; `#selector(self.tap)` → `tap`, nil).
struct SelectorReference {
    let baseName: String
    /// The labels as written, `_` for none; nil when the selector names the method without them.
    let labels: [String]?

    /// The selector in `expression`, if it is a plain `#selector(name)` of a method (not a
    /// property's `getter:`/`setter:`).
    init?(_ expression: ExprSyntax) {
        guard let macro = expression.as(MacroExpansionExprSyntax.self), macro.macroName.text == "selector",
              macro.arguments.count == 1, let argument = macro.arguments.first, argument.label == nil else { return nil }
        var named = argument.expression
        // `self.m`, `Type.m`, `Type.m(_:)`: the member is the method.
        if let member = named.as(MemberAccessExprSyntax.self) {
            named = ExprSyntax(member.declName)
        }
        guard let reference = named.as(DeclReferenceExprSyntax.self) else { return nil }
        baseName = reference.baseName.text
        labels = reference.argumentNames.map { $0.arguments.map { $0.name.text } }
    }
}

/// The methods a file declares, by base name: their parameters' external labels (`_` for
/// none), to tell how many arguments a selector's method takes when the selector does not say.
struct MethodIndex {
    /// A declared method's parameters: external labels, and the first one's type as written.
    private struct Signature {
        let labels: [String]
        let firstType: String?
    }
    private var signaturesByName: [String: [Signature]] = [:]

    init(_ file: SourceFileSyntax) {
        final class Collector: SyntaxVisitor {
            var found: [String: [Signature]] = [:]
            override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
                let parameters = node.signature.parameterClause.parameters
                found[node.name.text, default: []].append(Signature(labels: parameters.map { $0.firstName.text },
                                                                    firstType: parameters.first?.type.trimmedDescription))
                return .visitChildren
            }
        }
        let collector = Collector(viewMode: .sourceAccurate)
        collector.walk(file)
        signaturesByName = collector.found
    }

    /// The type of the first parameter of the one method `selector` could name (matching its
    /// labels when written), as written; nil when not known.
    func firstParameterType(of selector: SelectorReference) -> String? {
        let candidates = (signaturesByName[selector.baseName] ?? []).filter { selector.labels == nil || $0.labels == selector.labels }
        return candidates.count == 1 ? candidates[0].firstType : nil
    }

    /// The argument labels of the method `selector` names: its own when written, else those of
    /// the one method of that name in the file; nil when there is none or more than one.
    func labels(of selector: SelectorReference) -> [String]? {
        if let labels = selector.labels { return labels }
        guard let candidates = signaturesByName[selector.baseName], candidates.count == 1 else { return nil }
        return candidates[0].labels
    }
}
