import Foundation
import Testing
import DynRender

/// The DocC articles' listings for scenes, as the articles show them (DocumentationListingTests
/// holds the articles to these lines), each with the property the article claims for it.
@Suite struct DocumentationSnippetTests {
    /// The views' pixels alone, drawn over white at 1 px/pt.
    func draw(_ views: [View], size: CGSize = CGSize(width: 390, height: 500)) -> RGBAImage {
        var items: [DisplayItem] = []
        for view in views { view.appendShapes(to: &items) }
        return Rasterizer().render(DisplayList(size: size, scale: 1, background: RGBA8(255, 255, 255), shapes: items)).image
    }

    /// "Dynamics for UIKit users": a square under gravity in a box bounces on the floor and rests.
    @Test func dynamicsArticleSquareBouncesAndRests() {
        let square = View(frame: CGRect(x: 100, y: 100, width: 100, height: 100))
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 390, height: 844))
        let gravity = GravityBehavior(items: [square])
        let collision = CollisionBehavior(items: [square])
        collision.translatesReferenceBoundsIntoBoundary = true
        animator.addBehavior(gravity)
        animator.addBehavior(collision)
        animator.advance(to: 1.5)   // the caller's clock, seconds
        // An item in no item behaviour bounces with UIKit's underlying restitution of 0.2 (the
        // spec's observation): it falls 644 pt in t₁ = √(2 · 644 / 1000) = 1.135 s, leaves the
        // floor at 0.2 · 1 000 · t₁ = 227 pt/s, and 0.365 s later is 227 · 0.365 − 500 · 0.365²
        // = 16.2 pt up. The soft contact takes a few steps of that: within 1 pt.
        let t1 = (2 * 644 / 1000.0).squareRoot(), up = 0.2 * 1000 * t1, dt = 1.5 - t1
        let height = (844 - 50) - Double(square.center.y)
        #expect(abs(height - (up * dt - 500 * dt * dt)) < 1, "\(height) pt above the floor at 1.5 s")
        // Two more, ever smaller bounces later it rests on the floor.
        animator.advance(to: 3)
        #expect(abs(Double(square.center.y) - (844 - 50)) < 0.1, "center.y \(square.center.y) at 3 s")
        #expect(square.center.x == 150)
    }

    /// "Text, fades and pictures": a centred headline and a system button's white title.
    @Test func textArticleTitleIsCentredAndTheButtonTitleWhite() {
        let title = Label(frame: CGRect(x: 16, y: 47, width: 358, height: 44), text: "Gravity")
        title.font = .preferred(.headline)          // Dynamic Type sizes: largeTitle 34 … caption2 11
        title.textAlignment = .center               // left, center, right, natural
        title.numberOfLines = 0                     // wrap by words; the last line allowed ends in "…"
        let show = Button(frame: CGRect(x: 115, y: 400, width: 160, height: 44), title: "Show Alert",
                          backgroundColor: .systemBlue, cornerRadius: 10)
        show.titleColor = .white                   // a system button's title dims while a finger is on it
        let image = draw([title, show])
        // The ink of the title: its horizontal extent is centred on the label's centre (195 pt)
        // within a pixel, and it lies inside the label.
        var minX = Int.max, maxX = Int.min
        for y in 0..<200 {
            for x in 0..<image.width where image[x, y].r < 128 {
                #expect(y >= 47 && y < 91, "ink outside the label at (\(x), \(y))")
                minX = min(minX, x); maxX = max(maxX, x)
            }
        }
        #expect(minX < maxX, "the title is drawn")
        #expect(abs(Double(minX + maxX + 1) / 2 - 195) <= 1, "ink spans \(minX)...\(maxX)")
        // Inside the button: the blue fill, and white where the title's strokes are.
        let inside = (405..<439).flatMap { y in (125..<265).map { image[$0, y] } }
        #expect(inside.filter { $0 == SystemColors.blue }.count > inside.count / 2)
        #expect(inside.contains { $0.r > 240 && $0.g > 240 && $0.b > 240 }, "white title pixels")
    }

    /// "Text, fades and pictures": a card with a white bar, clipped and faded as one picture —
    /// the bar shows white over the white page (not pink from the card beneath it), the card red
    /// at half strength, and the rounded corner cuts the bar.
    @Test func textArticleCardFadesAsOnePicture() {
        let card = View(frame: CGRect(x: 70, y: 300, width: 250, height: 150), backgroundColor: .systemRed, cornerRadius: 10)
        card.addSubview(View(frame: CGRect(x: 0, y: 0, width: 250, height: 40), backgroundColor: .white))
        card.clipsToBounds = true                   // the bar follows the card's rounded top corners
        card.alpha = 0.5                            // card and bar fade together
        let image = draw([card])
        #expect(image[195, 320] == RGBA8(255, 255, 255), "the bar: \(image[195, 320])")
        let body = image[195, 400]
        // Red (255, 59, 48) at alpha 0.5 over white: (255, 157, 152), within a level of rounding.
        #expect(body.r == 255 && abs(Int(body.g) - 157) <= 1 && abs(Int(body.b) - 152) <= 1, "the card: \(body)")
        #expect(image[70, 300] == RGBA8(255, 255, 255), "the rounded corner cuts the bar")
    }
}
