import DynRenderPort
import Testing

/// Each rewrite on a snippet written for it: the exact text out, comments and spacing outside the
/// rewritten spans kept, and a second pass changing nothing.
@Suite struct RewriteTests {
    struct Case: CustomStringConvertible {
        let name: String, before: String, after: String
        var description: String { name }
    }

    static let cases: [Case] = [
        Case(name: "import", before: "import UIKit\nimport Foundation\n", after: "import DynRenderUIKit\nimport Foundation\n"),
        Case(name: "import of a UIKit submodule",
             before: "import UIKit.UIGestureRecognizerSubclass\n", after: "import DynRenderUIKit\n"),
        Case(name: "gesture recogniser with the sender",
             before: "let pan = UIPanGestureRecognizer(target: self, action: #selector(handlePan(_:)))\n",
             after: "let pan = UIPanGestureRecognizer { [unowned self] recognizer in self.handlePan(recognizer) }\n"),
        Case(name: "gesture recogniser with a labelled sender",
             before: "let press = UILongPressGestureRecognizer(target: self, action: #selector(self.handleLongPress(sender:)))\n",
             after: "let press = UILongPressGestureRecognizer { [unowned self] recognizer in self.handleLongPress(sender: recognizer) }\n"),
        Case(name: "gesture recogniser without the sender, method found in the file",
             before: "func tap() {}\nlet tap = UITapGestureRecognizer(target: self, action: #selector(tap))\n",
             after: "func tap() {}\nlet tap = UITapGestureRecognizer { [unowned self] _ in self.tap() }\n"),
        Case(name: "gesture recogniser, sender found in the file's declaration",
             before: "func swiped(_ g: UISwipeGestureRecognizer) {}\nview.addGestureRecognizer(UISwipeGestureRecognizer(target: self, action: #selector(swiped)))\n",
             after: "func swiped(_ g: UISwipeGestureRecognizer) {}\nview.addGestureRecognizer(UISwipeGestureRecognizer { [unowned self] recognizer in self.swiped(recognizer) })\n"),
        Case(name: "another object as the target",
             before: "let pan = UIPanGestureRecognizer(target: handler, action: #selector(Handler.pan(_:)))\n",
             after: "let pan = UIPanGestureRecognizer { [unowned handler] recognizer in handler.pan(recognizer) }\n"),
        Case(name: "an expression as the target",
             before: "let pan = UIPanGestureRecognizer(target: self.model, action: #selector(Model.pan(_:)))\n",
             after: "let pan = UIPanGestureRecognizer { [unowned target = self.model] recognizer in target.pan(recognizer) }\n"),
        Case(name: "a recogniser's addTarget",
             before: "pan.addTarget(self, action: #selector(follow(_:)))\n",
             after: "pan.addTarget { [unowned self] recognizer in self.follow(recognizer) }\n"),
        Case(name: "a control's addTarget without the sender",
             before: "func reset() {}\nbutton.addTarget(self, action: #selector(reset), for: .touchUpInside)\n",
             after: "func reset() {}\nbutton.addAction(UIAction { [unowned self] _ in self.reset() }, for: .touchUpInside)\n"),
        Case(name: "a control's addTarget with the sender",
             before: "button.addTarget(self, action: #selector(tapped(_:)), for: .touchUpInside)\n",
             after: "button.addAction(UIAction { [unowned self, unowned button] _ in self.tapped(button) }, for: .touchUpInside)\n"),
        Case(name: "a property control's addTarget with the sender",
             before: "self.button.addTarget(self, action: #selector(tapped(_:)), for: .touchUpInside)\n",
             after: "self.button.addAction(UIAction { [unowned self] _ in self.tapped(self.button) }, for: .touchUpInside)\n"),
        Case(name: "a scheduled timer",
             before: "func tick(_ t: Timer) {}\ntimer = Timer.scheduledTimer(timeInterval: 0.5, target: self, selector: #selector(tick), userInfo: nil, repeats: true)\n",
             after: "func tick(_ t: Timer) {}\ntimer = Timer.scheduledTimer(withTimeInterval: 0.5, repeats: true) { [unowned self] timer in self.tick(timer) }\n"),
        Case(name: "a display link",
             before: "link = CADisplayLink(target: self, selector: #selector(step(_:)))\n",
             after: "link = CADisplayLink { [unowned self] link in self.step(link) }\n"),
        Case(name: "a notification observer",
             before: "NotificationCenter.default.addObserver(self, selector: #selector(rotated), name: UIDevice.orientationDidChangeNotification, object: nil)\nfunc rotated() {}\n",
             after: "_ = NotificationCenter.default.addObserver(forName: UIDevice.orientationDidChangeNotification, object: nil, queue: nil) { [unowned self] _ in self.rotated() }\nfunc rotated() {}\n"),
        Case(name: "a notification observer taking an NSNotification",
             before: "NotificationCenter.default.addObserver(self, selector: #selector(turned(notification:)), name: UIDevice.orientationDidChangeNotification, object: nil)\nfunc turned(notification: NSNotification) {}\n",
             after: "_ = NotificationCenter.default.addObserver(forName: UIDevice.orientationDidChangeNotification, object: nil, queue: nil) { [unowned self] notification in self.turned(notification: notification as NSNotification) }\nfunc turned(notification: NSNotification) {}\n"),
        Case(name: "attributes, weak and ! kept",
             before: "class C {\n    @IBOutlet weak var card: UIView!\n    @IBOutlet var label: UILabel!\n    @IBInspectable var radius: CGFloat = 4\n}\n",
             after: "class C {\n    weak var card: UIView!\n    var label: UILabel!\n    var radius: CGFloat = 4\n}\n"),
        Case(name: "@objc on its own line, with a name, and @IBAction",
             before: "@IBDesignable\nclass C {\n    @objc\n    func a() {}\n    @objc(bee) func b() {}\n    @IBAction func c(_ sender: Any) {}\n}\n",
             after: "class C {\n    func a() {}\n    func b() {}\n    func c(_ sender: Any) {}\n}\n"),
        Case(name: "a comment after an attribute stays",
             before: "@objc // called by the pan\nfunc pan() {}\n",
             after: "// called by the pan\nfunc pan() {}\n"),
        Case(name: "the debug switch",
             before: "animator.setValue(true, forKey: \"debugEnabled\") // springs\n",
             after: "animator.showsDebugOverlay = true // springs\n"),
        Case(name: "optional requirements of the file's own protocol",
             before: """
                @objc protocol CardDelegate: AnyObject {
                    func cardDidMove(_ card: Card)
                    @objc optional func cardDidStop(_ card: Card)
                    @objc optional func title(for card: Card) -> String?
                }
                class Card {
                    weak var delegate: CardDelegate?
                    func stop() { delegate?.cardDidStop?(self) }
                }

                """,
             after: """
                protocol CardDelegate: AnyObject {
                    func cardDidMove(_ card: Card)
                    func cardDidStop(_ card: Card)
                    func title(for card: Card) -> String?
                }

                /// Defaults for the requirements that were `optional` (`dynrender port`).
                extension CardDelegate {
                    func cardDidStop(_ card: Card) {}
                    func title(for card: Card) -> String? { nil }
                }
                class Card {
                    weak var delegate: CardDelegate?
                    func stop() { delegate?.cardDidStop(self) }
                }

                """),
        Case(name: "an @objc protocol stays class-bound",
             before: "@objc protocol A {}\n@objc public protocol B: Equatable {}\n@objc protocol C: class {}\n@objc\nprotocol D {}\n",
             after: "protocol A: AnyObject {}\npublic protocol B: Equatable, AnyObject {}\nprotocol C: class {}\nprotocol D: AnyObject {}\n"),
        Case(name: "a cell's init(frame:) is required",
             before: "class Cell: UICollectionViewCell {\n    override init(frame: CGRect) { super.init(frame: frame) }\n}\nclass V: UIView {\n    override init(frame: CGRect) { super.init(frame: frame) }\n}\n",
             after: "class Cell: UICollectionViewCell {\n    required override init(frame: CGRect) { super.init(frame: frame) }\n}\nclass V: UIView {\n    override init(frame: CGRect) { super.init(frame: frame) }\n}\n"),
        Case(name: "nothing to do", before: "import Foundation\n// UIKit\nlet x = 1\n", after: "import Foundation\n// UIKit\nlet x = 1\n"),
    ]

    @Test(arguments: cases)
    func rewrites(_ c: Case) throws {
        let result = try Porting.port(c.before)
        #expect(result.text == c.after)
        #expect(result.findings.isEmpty, "\(result.findings)")
        #expect(result.changed == (c.before != c.after))
        let again = try Porting.port(result.text)
        #expect(!again.changed && again.findings.isEmpty, "a second pass changed: \(again.text)")
    }

    /// What is recognised but cannot be rewritten is reported where it is, and left as it was.
    @Test(arguments: [
        ("let s = Selector(\"tap:\")\n", 1, 9, "a selector built from a string"),
        ("if delegate.responds(to: #selector(Delegate.moved)) {}\n", 1, 4, "`responds(to:)`"),
        ("perform(#selector(reset), with: nil, afterDelay: 1)\n", 1, 9, "`#selector` outside"),
        ("defaults.setValue(3, forKey: \"count\")\n", 1, 1, "key-value coding"),
        ("let pan = UIPanGestureRecognizer(target: self, action: #selector(elsewhere))\n", 1, 56, "names no single method"),
        ("let t = Timer.scheduledTimer(timeInterval: 1, target: self, selector: #selector(tick), userInfo: info, repeats: false)\nfunc tick() {}\n", 1, 9, "`userInfo`"),
        ("button.addTarget(nil, action: #selector(go), for: .touchUpInside)\nfunc go() {}\n", 1, 1, "nil target"),
        ("@objc protocol P { @objc optional func count() -> Int }\n", 1, 20, "returns `Int`"),
    ])
    func reportsWhatItCannotRewrite(source: String, line: Int, column: Int, message: String) throws {
        let result = try Porting.port(source)
        let finding = try #require(result.findings.first, "nothing reported for \(source)")
        #expect(finding.line == line && finding.column == column, "\(finding)")
        #expect(finding.message.contains(message), "\(finding.message)")
        // The reported call is left as it was.
        let call = source.split(separator: "\n").first.map(String.init) ?? ""
        if !call.hasPrefix("@objc") { #expect(result.text.contains(call)) }
    }

    /// A file that does not parse gets swift-syntax's diagnostics with line and column.
    @Test func aFileThatDoesNotParseIsAnError() {
        #expect {
            try Porting.port("import UIKit\nclass C {\n    func f( {\n}\n")
        } throws: { error in
            guard let error = error as? PortSyntaxError, let first = error.diagnostics.first else { return false }
            return first.hasPrefix("3:") && first.contains(":")
        }
    }
}
