import DynRenderUIKit
import Testing

// Fonts as apps name them: a type scale in an extension, system weights, a named face.
extension UIFont {
    class var cardTitle: UIFont { .systemFont(ofSize: 24, weight: .bold) }
}

@Suite struct FontSnippet {
    /// UIKit's weights are CSS weights here (bold 700, semibold 600, regular 400); a font is
    /// equal to another naming the same face and size; `UIFont(name:size:)` reads the weight
    /// from the name.
    @Test func fontsNameFacesAsUIKitDoes() {
        #expect(UIFont.cardTitle == .system(size: 24, weight: 700))
        #expect(UIFont.systemFont(ofSize: 17, weight: .semibold).descriptor == FontDescriptor(family: "Inter", weight: 600, size: 17))
        #expect(UIFont.boldSystemFont(ofSize: 13) == UIFont.systemFont(ofSize: 13, weight: .bold))
        #expect(UIFont.preferredFont(forTextStyle: .headline) == .preferred(.headline))
        #expect(UIFont(name: "Inter-Heavy", size: 20)?.descriptor == FontDescriptor(family: "Inter", weight: 800, size: 20))
        #expect(UIFont.cardTitle.withSize(12).pointSize == 12)
    }

    /// A bold title inks more of the label than the same text in regular: the weight reaches
    /// the picture.
    @Test func boldInksMoreThanRegular() throws {
        func ink(_ font: UIFont) throws -> Int {
            let host = Host()
            host.root.backgroundColor = .white
            let label = UILabel(frame: CGRect(x: 0, y: 0, width: 300, height: 60))
            label.text = "Gravity"
            label.font = font
            host.root.addSubview(label)
            let image = try #require(Still.render(host.scene, at: [0], scale: 1).first).image
            return (0..<300).reduce(0) { sum, x in sum + (0..<60).reduce(0) { $0 + (255 - Int(image[x, $1].r)) } }
        }
        let regular = try ink(.systemFont(ofSize: 32)), bold = try ink(.cardTitle.withSize(32))
        #expect(Double(bold) > 1.2 * Double(regular), "bold \(bold), regular \(regular)")
    }
}
