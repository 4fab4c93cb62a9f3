import DynRenderUIKit
import Testing

// Colours as apps extend them: `UIColor` is a class, so a palette is `class var`s and
// `class func`s in an extension, and a subclass is possible.
extension UIColor {
    class var brand: UIColor { UIColor(red: 0.2, green: 0.5, blue: 0.9, alpha: 1) }

    class func shade(_ step: Int, of count: Int) -> UIColor {
        UIColor(hue: CGFloat(step) / CGFloat(count), saturation: 0.8, brightness: 0.9, alpha: 1)
    }
}

@Suite struct ColorSnippet {
    /// The components given are the components read back (not their 8-bit levels), and what
    /// is drawn is each rounded to the nearest level.
    @Test func componentsAreKeptAndDrawnToTheNearestLevel() throws {
        var r: CGFloat = -1, g: CGFloat = -1, b: CGFloat = -1, a: CGFloat = -1
        #expect(UIColor.brand.getRed(&r, green: &g, blue: &b, alpha: &a))
        #expect([r, g, b, a] == [0.2, 0.5, 0.9, 1])
        #expect(UIColor.brand.rgba == RGBA8(51, 128, 230, 255), "0.2·255 = 51, 0.5·255 = 127.5 → 128, 0.9·255 = 229.5 → 230")
        let host = Host()
        host.root.backgroundColor = .white
        let swatch = UIView(frame: CGRect(x: 10, y: 10, width: 40, height: 40))
        swatch.backgroundColor = .brand
        host.root.addSubview(swatch)
        let image = try #require(Still.render(host.scene, at: [0], scale: 1).first).image
        #expect(image[30, 30] == RGBA8(51, 128, 230, 255))
        #expect(image[5, 5] == RGBA8(255, 255, 255, 255))
    }

    /// HSB as UIKit converts it: the six hue sectors' corners are the primaries and secondaries,
    /// and `getHue` reads back what `init(hue:…)` was given.
    @Test func hueSaturationBrightnessRoundTrip() {
        #expect(UIColor(hue: 0, saturation: 1, brightness: 1, alpha: 1) == .red)
        #expect(UIColor(hue: 1.0 / 3, saturation: 1, brightness: 1, alpha: 1) == UIColor(red: 0, green: 1, blue: 0, alpha: 1))
        #expect(UIColor(hue: 2.0 / 3, saturation: 1, brightness: 1, alpha: 1) == .blue)
        for step in 0..<12 {
            var h: CGFloat = 0, s: CGFloat = 0, v: CGFloat = 0, a: CGFloat = 0
            UIColor.shade(step, of: 12).getHue(&h, saturation: &s, brightness: &v, alpha: &a)
            #expect(abs(h - CGFloat(step) / 12) < 1e-12 && abs(s - 0.8) < 1e-12 && abs(v - 0.9) < 1e-12 && a == 1, "step \(step): \(h) \(s) \(v)")
        }
    }

    /// Equal components are equal colours, as UIKit's `isEqual(_:)`, so colours dedupe in a set
    /// and `==` compares what they are, not which object.
    @Test func coloursAreEqualByTheirComponents() {
        let palette: Set<UIColor> = [.red, UIColor(red: 1, green: 0, blue: 0, alpha: 1), .brand, .brand, .red.withAlphaComponent(0.5)]
        #expect(palette.count == 3)
        #expect(UIColor.brand !== UIColor.brand, "a class var makes a new object each time")
        #expect(UIColor(white: 0.5, alpha: 1) == .gray)
        let half = UIColor(white: 0.5, alpha: 1), nearlyHalf = UIColor(white: 0.501, alpha: 1)
        #expect(half.rgba == nearlyHalf.rgba && half != nearlyHalf, "drawn alike, yet different colours, as in UIKit")
        #expect(UIColor.red.withAlphaComponent(0.5).cgColor.alpha == 0.5)
        #expect(UIColor(cgColor: UIColor.brand.cgColor) == .brand)
    }
}
