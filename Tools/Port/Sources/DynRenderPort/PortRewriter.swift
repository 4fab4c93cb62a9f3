import SwiftSyntax

/// Walks one file and collects the edits that make it compile against DynRenderUIKit, and the
/// findings it recognises but cannot rewrite. Each rewrite is one of a fixed list, made the same
/// way every time, so a second pass over its output finds nothing to do.
final class PortRewriter: SyntaxVisitor {
    private(set) var edits: [SourceEdit] = []
    private(set) var findings: [PortFinding] = []
    private let converter: SourceLocationConverter
    private let methods: MethodIndex
    private let optionalRequirements: OptionalRequirements
    /// `#selector` expressions that a rewritten call consumed.
    private var handledSelectors: Set<SyntaxIdentifier> = []

    /// Objective-C and Interface Builder attributes, which Swift on Linux rejects or ignores.
    static let removedAttributes: Set<String> = [
        "objc", "objcMembers", "nonobjc", "IBOutlet", "IBOutletCollection", "IBAction", "IBInspectable",
        "IBDesignable", "IBSegueAction", "GKInspectable",
    ]

    init(file: SourceFileSyntax, converter: SourceLocationConverter) {
        self.converter = converter
        self.methods = MethodIndex(file)
        self.optionalRequirements = OptionalRequirements(file)
        super.init(viewMode: .sourceAccurate)
        edits += optionalRequirements.edits
        findings += optionalRequirements.findings(converter)
    }

    func report(_ node: some SyntaxProtocol, _ message: String) {
        let location = node.startLocation(converter: converter)
        findings.append(PortFinding(line: location.line, column: location.column, message: message))
    }

    // MARK: import UIKit

    override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind {
        if node.path.first?.name.text == "UIKit" {
            edits.append(SourceEdit(replacing: node.path, with: "DynRenderUIKit"))
        }
        return .skipChildren
    }

    // MARK: attributes

    override func visit(_ node: AttributeSyntax) -> SyntaxVisitorContinueKind {
        guard let name = node.attributeName.as(IdentifierTypeSyntax.self)?.name.text,
              Self.removedAttributes.contains(name) else { return .visitChildren }
        edits.append(Self.removal(of: Syntax(node)))
        return .skipChildren
    }

    /// An `@objc` protocol is class-bound; without `@objc` it must say so, or `weak var delegate:
    /// P?` stops compiling: `: AnyObject` is added (or `, AnyObject` to its inheritance list)
    /// unless it already names `AnyObject`, `class` or `NSObjectProtocol`.
    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        let isObjC = node.attributes.contains { attribute in
            attribute.as(AttributeSyntax.self)?.attributeName.as(IdentifierTypeSyntax.self)?.name.text == "objc"
        }
        guard isObjC else { return .visitChildren }
        if let clause = node.inheritanceClause {
            let names = clause.inheritedTypes.map { $0.type.trimmedDescription }
            if !names.contains(where: { ["AnyObject", "class", "NSObjectProtocol"].contains($0) }), let last = clause.inheritedTypes.last {
                let end = last.endPositionBeforeTrailingTrivia.utf8Offset
                edits.append(SourceEdit(start: end, end: end, text: ", AnyObject"))
            }
        } else {
            let end = (node.primaryAssociatedTypeClause.map { Syntax($0) } ?? Syntax(node.name)).endPositionBeforeTrailingTrivia.utf8Offset
            edits.append(SourceEdit(start: end, end: end, text: ": AnyObject"))
        }
        return .visitChildren
    }

    /// A cell's `override init(frame:)` becomes `required override init(frame:)`: a collection
    /// view makes its registered cell class through that initialiser (UIKit does it with the
    /// Objective-C runtime; Swift needs it required).
    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        let labels = node.signature.parameterClause.parameters.map { $0.firstName.text }
        guard labels == ["frame"], node.modifiers.contains(where: { $0.name.text == "override" }),
              !node.modifiers.contains(where: { $0.name.text == "required" }),
              let owner = node.parent?.parent?.parent?.as(ClassDeclSyntax.self) ?? node.parent?.parent?.parent?.parent?.as(ClassDeclSyntax.self),
              let inherited = owner.inheritanceClause?.inheritedTypes.first?.type.trimmedDescription,
              ["UICollectionViewCell", "UICollectionReusableView"].contains(inherited),
              let overrideModifier = node.modifiers.first(where: { $0.name.text == "override" }) else { return .visitChildren }
        let start = overrideModifier.positionAfterSkippingLeadingTrivia.utf8Offset
        edits.append(SourceEdit(start: start, end: start, text: "required "))
        return .visitChildren
    }

    /// Removes `node` and the spacing after it, up to the next token: `@objc func` becomes
    /// `func`, and an attribute on a line of its own leaves no blank line. A comment in the
    /// spacing after it is kept.
    static func removal(of node: Syntax) -> SourceEdit {
        let start = node.positionAfterSkippingLeadingTrivia.utf8Offset
        guard let last = node.lastToken(viewMode: .sourceAccurate) else {
            return SourceEdit(start: start, end: node.endPosition.utf8Offset, text: "")
        }
        // A comment on the same line after it stays, from its first character.
        var end = node.endPositionBeforeTrailingTrivia.utf8Offset
        for piece in last.trailingTrivia {
            if piece.isComment { return SourceEdit(start: start, end: end, text: "") }
            end += piece.sourceLength.utf8Length
        }
        if let next = last.nextToken(viewMode: .sourceAccurate), !next.leadingTrivia.contains(where: \.isComment) {
            end = next.positionAfterSkippingLeadingTrivia.utf8Offset
        }
        return SourceEdit(start: start, end: end, text: "")
    }

    // MARK: target–action and the debug switch

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if let rewrite = rewriteTargetAction(node) ?? rewriteDebugSwitch(node) {
            edits.append(rewrite)
        }
        if let edit = optionalRequirements.callEdit(node) { edits.append(edit) }
        if let name = node.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text, name == "Selector" {
            report(node, "a selector built from a string (`Selector(…)`): name the method in a closure instead")
        }
        if let member = node.calledExpression.as(MemberAccessExprSyntax.self) {
            let labels = node.arguments.map { $0.label?.text }
            switch (member.declName.baseName.text, labels) {
            case ("responds", ["to"]):
                report(node, "`responds(to:)` needs the Objective-C runtime: call the method, or give the protocol requirement a default")
            default:
                break
            }
        }
        return .visitChildren
    }

    override func visit(_ node: MacroExpansionExprSyntax) -> SyntaxVisitorContinueKind {
        if node.macroName.text == "selector", !handledSelectors.contains(node.id) {
            report(node, "`#selector` outside the target–action forms dynrender rewrites (gesture recognisers, controls' `addTarget`, `Timer`, `CADisplayLink`, `NotificationCenter`)")
        }
        return .visitChildren
    }

    /// The target expression as a capture list and the name to call the method on: `self`, a
    /// local name, or any other expression captured as `target`.
    private func capture(of target: ExprSyntax, extra: [String] = []) -> (list: String, receiver: String)? {
        let text = target.trimmedDescription
        if target.is(NilLiteralExprSyntax.self) { return nil }
        var list: [String]
        let receiver: String
        if text == "self" || (target.is(DeclReferenceExprSyntax.self) && !text.contains(".")) {
            list = ["unowned \(text)"]
            receiver = text
        } else {
            list = ["unowned target = \(text)"]
            receiver = "target"
        }
        list += extra.filter { !list.contains($0) }
        return ("[" + list.joined(separator: ", ") + "]", receiver)
    }

    /// `receiver.method(…)` with the sender passed under the method's own label, when it takes one.
    private func call(_ receiver: String, _ selector: SelectorReference, labels: [String], sender: String) -> String {
        switch labels.count {
        case 0: return "\(receiver).\(selector.baseName)()"
        default: return "\(receiver).\(selector.baseName)(\(labels[0] == "_" ? "" : labels[0] + ": ")\(sender))"
        }
    }

    /// The closure an action becomes: `{ [captures] parameter in receiver.method(parameter) }`,
    /// or, for a method without the sender, `{ [captures] ignored in receiver.method() }`.
    /// `sender` is what the method is passed, when not the parameter itself.
    private func closure(_ capture: (list: String, receiver: String), _ selector: SelectorReference, labels: [String],
                         parameter: String, ignored: String = "_", sender: String? = nil) -> String {
        labels.isEmpty
            ? "{ \(capture.list) \(ignored) in \(call(capture.receiver, selector, labels: labels, sender: "")) }"
            : "{ \(capture.list) \(parameter) in \(call(capture.receiver, selector, labels: labels, sender: sender ?? parameter)) }"
    }

    private func rewriteTargetAction(_ node: FunctionCallExprSyntax) -> SourceEdit? {
        let arguments = Array(node.arguments)
        let labels = arguments.map { $0.label?.text }
        guard let selectorIndex = labels.firstIndex(where: { $0 == "action" || $0 == "selector" }),
              let selector = SelectorReference(arguments[selectorIndex].expression) else { return nil }
        let selectorNode = arguments[selectorIndex].expression
        func handled(_ edit: SourceEdit?) -> SourceEdit? {
            if edit != nil { handledSelectors.insert(selectorNode.id) }
            return edit
        }
        guard let methodLabels = methods.labels(of: selector) else {
            report(selectorNode, "`#selector(\(selector.baseName))` names no single method of this file: say which, with its argument labels")
            handledSelectors.insert(selectorNode.id)
            return nil
        }
        guard methodLabels.count <= 1 else {
            report(selectorNode, "`\(selector.baseName)` takes \(methodLabels.count) arguments; an action takes the sender at most")
            handledSelectors.insert(selectorNode.id)
            return nil
        }
        let called = node.calledExpression
        let member = called.as(MemberAccessExprSyntax.self)
        let name = member?.declName.baseName.text

        // UIPanGestureRecognizer(target: self, action: #selector(handlePan(_:))), CADisplayLink(target:selector:)
        if labels == ["target", "action"] || labels == ["target", "selector"], member == nil,
           node.trailingClosure == nil {
            guard let target = capture(of: arguments[0].expression) else {
                report(node, "a nil target sends the action up the responder chain, which dynrender does not")
                return handled(nil)
            }
            let parameter = labels == ["target", "selector"] ? "link" : "recognizer"
            let body = closure(target, selector, labels: methodLabels, parameter: parameter)
            return handled(SourceEdit(replacing: node, with: "\(called.trimmedDescription) \(body)"))
        }
        guard let member, let base = member.base else { return nil }
        let baseText = base.trimmedDescription

        // button.addTarget(self, action: #selector(tap(_:)), for: .touchUpInside)
        if name == "addTarget", labels == [nil, "action", "for"] {
            var extra: [String] = []
            if !methodLabels.isEmpty {
                // The sender is the control: captured without a cycle when it is a name.
                guard base.is(DeclReferenceExprSyntax.self) || baseText.hasPrefix("self.") else {
                    report(node, "the control `\(baseText)` is not a name to pass as the sender")
                    return handled(nil)
                }
                if base.is(DeclReferenceExprSyntax.self), baseText != "self" { extra = ["unowned \(baseText)"] }
            }
            guard let target = capture(of: arguments[0].expression, extra: extra) else {
                report(node, "a nil target sends the action up the responder chain, which dynrender does not")
                return handled(nil)
            }
            let action = "UIAction { \(target.list) _ in \(call(target.receiver, selector, labels: methodLabels, sender: baseText)) }"
            return handled(SourceEdit(replacing: node, with: "\(baseText).addAction(\(action), for: \(arguments[2].expression.trimmedDescription))"))
        }
        // recognizer.addTarget(self, action: #selector(handle(_:)))
        if name == "addTarget", labels == [nil, "action"] {
            guard let target = capture(of: arguments[0].expression) else {
                report(node, "a nil target sends the action up the responder chain, which dynrender does not")
                return handled(nil)
            }
            // Without the sender, the closure names the recogniser's type for the generic.
            let body = closure(target, selector, labels: methodLabels, parameter: "recognizer", ignored: "(_: UIGestureRecognizer)")
            return handled(SourceEdit(replacing: node, with: "\(baseText).addTarget \(body)"))
        }
        // Timer.scheduledTimer(timeInterval:target:selector:userInfo:repeats:), Timer(timeInterval:…)
        if (name == "scheduledTimer" && baseText == "Timer") || (name == "init" && baseText == "Timer"),
           labels == ["timeInterval", "target", "selector", "userInfo", "repeats"] {
            guard arguments[3].expression.is(NilLiteralExprSyntax.self) else {
                report(node, "a timer's `userInfo` has no place in the block form: capture the value in the closure instead")
                return handled(nil)
            }
            guard let target = capture(of: arguments[1].expression) else {
                report(node, "a timer needs a target")
                return handled(nil)
            }
            let interval = arguments[0].expression.trimmedDescription, repeats = arguments[4].expression.trimmedDescription
            let body = closure(target, selector, labels: methodLabels, parameter: "timer")
            let made = name == "scheduledTimer" ? "Timer.scheduledTimer(withTimeInterval: \(interval), repeats: \(repeats))"
                : "Timer(timeInterval: \(interval), repeats: \(repeats))"
            return handled(SourceEdit(replacing: node, with: "\(made) \(body)"))
        }
        // NotificationCenter.default.addObserver(self, selector: #selector(m(_:)), name: N, object: O)
        if name == "addObserver", labels == [nil, "selector", "name", "object"] {
            guard let target = capture(of: arguments[0].expression) else {
                report(node, "an observer needs a target")
                return handled(nil)
            }
            // The block hands on a `Notification`; a handler written for `NSNotification` gets
            // the bridged object, as the selector form gave it.
            let bridges = methods.firstParameterType(of: selector).map { ["NSNotification", "NSNotification?", "NSNotification!"].contains($0) } ?? false
            let body = closure(target, selector, labels: methodLabels, parameter: "notification",
                               sender: bridges ? "notification as NSNotification" : nil)
            let observe = "\(baseText).addObserver(forName: \(arguments[2].expression.trimmedDescription), object: \(arguments[3].expression.trimmedDescription), queue: nil) \(body)"
            return handled(SourceEdit(replacing: node, with: "_ = " + observe))
        }
        return nil
    }

    /// `animator.setValue(true, forKey: "debugEnabled")` → `animator.showsDebugOverlay = true`.
    private func rewriteDebugSwitch(_ node: FunctionCallExprSyntax) -> SourceEdit? {
        guard let member = node.calledExpression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "setValue",
              let base = member.base, node.arguments.map({ $0.label?.text }) == [nil, "forKey"] else { return nil }
        let key = node.arguments.last!.expression
        guard let literal = key.as(StringLiteralExprSyntax.self), literal.representedLiteralValue == "debugEnabled" else {
            report(node, "key-value coding (`setValue(_:forKey:)`) is not on Linux; only the animator's \"debugEnabled\" switch is rewritten")
            return nil
        }
        return SourceEdit(replacing: node, with: "\(base.trimmedDescription).showsDebugOverlay = \(node.arguments.first!.expression.trimmedDescription)")
    }
}
