import DynRenderUIKit
import Testing

// Buttons as apps make them since iOS 14: a primary action, a title font set through the
// title label, a disabled state.
@Suite struct ButtonSnippet {
    func ink(of button: UIButton, in host: Host) throws -> Int {
        let image = try #require(Still.render(host.scene, at: [host.scene.time], scale: 1).first).image
        let frame = button.frame
        return (Int(frame.minX)..<Int(frame.maxX)).reduce(0) { sum, x in
            sum + (Int(frame.minY)..<Int(frame.maxY)).reduce(0) { $0 + 255 - Int(image[x, $1].r) }
        }
    }

    /// The primary action names the button and runs on a tap; disabled, the button runs nothing
    /// and its title is drawn fainter; a bold font set on its title label inks more.
    @Test func aPrimaryActionTheTitleLabelAndTheDisabledState() throws {
        let host = Host()
        host.root.backgroundColor = .white
        var drops = 0
        let button = UIButton(type: .system, primaryAction: UIAction(title: "Drop") { _ in drops += 1 })
        button.frame = CGRect(x: 100, y: 100, width: 190, height: 50)
        host.root.addSubview(button)
        #expect(button.currentTitle == "Drop")
        host.scene.tap(at: CGPoint(x: 195, y: 125), time: 0.2)
        host.run(to: 0.5)
        #expect(drops == 1)
        let regular = try ink(of: button, in: host)
        button.titleLabel?.font = .boldSystemFont(ofSize: 17)
        #expect(button.titleFont == .system(size: 17, weight: 700))
        let bold = try ink(of: button, in: host)
        button.isEnabled = false
        host.scene.tap(at: CGPoint(x: 195, y: 125), time: 0.6)
        host.run(to: 1)
        let disabled = try ink(of: button, in: host)
        #expect(drops == 1, "a disabled button sends nothing")
        #expect(Double(bold) > 1.15 * Double(regular) && Double(disabled) < 0.5 * Double(bold), "\(regular) \(bold) \(disabled)")
    }
}
