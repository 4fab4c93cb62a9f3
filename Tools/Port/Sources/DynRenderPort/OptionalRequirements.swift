import SwiftSyntax

/// `@objc` protocols of the file with `optional` requirements: Swift without the Objective-C
/// runtime has no optional requirements, so each becomes a plain requirement with a default
/// implementation in an extension after the protocol (the `@objc` itself goes with the other
/// attributes), and `delegate?.method?(…)` calls lose the `?` that only optional requirements
/// allow. A requirement whose default could only be guessed (a non-optional result) is reported.
struct OptionalRequirements {
    private(set) var edits: [SourceEdit] = []
    private var problems: [(node: Syntax, message: String)] = []
    /// The requirements made plain, by name.
    private var names: Set<String> = []

    init(_ file: SourceFileSyntax) {
        for protocolDecl in file.statements.compactMap({ $0.item.as(ProtocolDeclSyntax.self) }) {
            var defaults: [String] = []
            for member in protocolDecl.memberBlock.members {
                let decl = member.decl
                guard let modifiers = decl.asProtocol(WithModifiersSyntax.self)?.modifiers,
                      let optional = modifiers.first(where: { $0.name.text == "optional" }) else { continue }
                edits.append(PortRewriter.removal(of: Syntax(optional)))
                if let function = decl.as(FunctionDeclSyntax.self) {
                    let signature = function.signature.trimmedDescription
                    let header = "func \(function.name.text)\(function.genericParameterClause?.trimmedDescription ?? "")\(signature.hasPrefix("(") ? "" : " ")\(signature)"
                    if let result = function.signature.returnClause?.type {
                        guard result.is(OptionalTypeSyntax.self) || result.is(ImplicitlyUnwrappedOptionalTypeSyntax.self) else {
                            problems.append((Syntax(function), "the optional requirement `\(function.name.text)` returns `\(result.trimmedDescription)`: its default cannot be known (callers used `?? value`)"))
                            continue
                        }
                        defaults.append("    \(header) { nil }")
                    } else {
                        defaults.append("    \(header) {}")
                    }
                    names.insert(function.name.text)
                } else if let variable = decl.as(VariableDeclSyntax.self), let binding = variable.bindings.first,
                          let type = binding.typeAnnotation?.type {
                    guard type.is(OptionalTypeSyntax.self) else {
                        problems.append((Syntax(variable), "the optional requirement `\(binding.pattern.trimmedDescription)` is a `\(type.trimmedDescription)`: its default cannot be known"))
                        continue
                    }
                    defaults.append("    var \(binding.pattern.trimmedDescription): \(type.trimmedDescription) { nil }")
                    names.insert(binding.pattern.trimmedDescription)
                }
            }
            guard !defaults.isEmpty else { continue }
            let end = protocolDecl.endPositionBeforeTrailingTrivia.utf8Offset
            let text = "\n\n/// Defaults for the requirements that were `optional` (`dynrender port`).\nextension \(protocolDecl.name.text) {\n"
                + defaults.joined(separator: "\n") + "\n}"
            edits.append(SourceEdit(start: end, end: end, text: text))
        }
    }

    func findings(_ converter: SourceLocationConverter) -> [PortFinding] {
        problems.map {
            let location = $0.node.startLocation(converter: converter)
            return PortFinding(line: location.line, column: location.column, message: $0.message)
        }
    }

    /// Removes the `?` of `delegate?.method?(…)` for a requirement made plain.
    func callEdit(_ call: FunctionCallExprSyntax) -> SourceEdit? {
        guard let chained = call.calledExpression.as(OptionalChainingExprSyntax.self),
              let member = chained.expression.as(MemberAccessExprSyntax.self),
              names.contains(member.declName.baseName.text) else { return nil }
        return SourceEdit(replacing: chained.questionMark, with: "")
    }
}
