import DynRenderUIKit
import Testing

// Core Graphics as app views use it in draw(_:): dashed separators, clipped fills, gradients,
// rounded rectangles and text.
final class DrawingView: UIView {
    let body: (CGRect) -> Void

    init(frame: CGRect, body: @escaping (CGRect) -> Void) {
        self.body = body
        super.init(frame: frame)
    }

    required init?(coder: NSCoder) {
        return nil
    }

    override func draw(_ rect: CGRect) { body(rect) }
}

@Suite struct CoreGraphicsSnippet {
    func render(_ draw: @escaping (CGRect) -> Void, size: CGSize = CGSize(width: 100, height: 100)) throws -> RGBAImage {
        let host = Host()
        host.root.backgroundColor = .white
        host.root.addSubview(DrawingView(frame: CGRect(origin: .zero, size: size), body: draw))
        return try #require(Still.render(host.scene, at: [0], scale: 1).first).image
    }

    /// A 4-pt line from x = 0 to 100 dashed [10, 5] with phase 3: painted where
    /// (x + 3) mod 15 < 10, as the pattern says.
    @Test func dashesFollowThePattern() throws {
        let image = try render { _ in
            let context = UIGraphicsGetCurrentContext()!
            context.setStrokeColor(UIColor.black.cgColor)
            context.setLineWidth(4)
            context.setLineDash(phase: 3, lengths: [10, 5])
            context.move(to: CGPoint(x: 0, y: 50))
            context.addLine(to: CGPoint(x: 100, y: 50))
            context.strokePath()
        }
        for x in 0..<100 {
            let position = (Double(x) + 0.5 + 3).truncatingRemainder(dividingBy: 15)
            // Pixels whose square lies wholly inside a dash or a gap.
            if position > 0.5 && position < 9.5 {
                #expect(image[x, 50] == RGBA8(0, 0, 0), "x = \(x) in a dash")
            } else if position > 10.5 && position < 14.5 {
                #expect(image[x, 50] == RGBA8(255, 255, 255), "x = \(x) in a gap")
            }
        }
        #expect(image[50, 46] == RGBA8(255, 255, 255), "2 pt either side of the line, no more")
    }

    /// A fill after `addClip()` on an oval paints only inside the oval; restoring the state
    /// lifts the clip.
    @Test func clipsCutFillsAndAreRestored() throws {
        let image = try render { rect in
            let context = UIGraphicsGetCurrentContext()!
            context.saveGState()
            UIBezierPath(ovalIn: CGRect(x: 10, y: 10, width: 60, height: 60)).addClip()
            UIColor.systemGreen.setFill()
            UIRectFill(rect)
            context.restoreGState()
            UIColor.systemBlue.setFill()
            UIRectFill(CGRect(x: 80, y: 80, width: 20, height: 20))
        }
        #expect(image[40, 40] == UIColor.systemGreen.rgba && image[40, 12] == UIColor.systemGreen.rgba)
        #expect(image[12, 12] == RGBA8(255, 255, 255) && image[75, 40] == RGBA8(255, 255, 255), "outside the oval")
        #expect(image[90, 90] == UIColor.systemBlue.rgba, "after restoreGState the clip is gone")
    }

    /// A vertical gradient drawn into a clipped rectangle: each row's colour is the stops' mix
    /// at that row's centre; nothing outside the clip.
    @Test func linearGradientsFillTheClip() throws {
        let top = UIColor(red: 1, green: 0.8, blue: 0, alpha: 1), bottom = UIColor(red: 0, green: 0.2, blue: 1, alpha: 1)
        let image = try render { _ in
            let context = UIGraphicsGetCurrentContext()!
            let gradient = CGGradient(colorsSpace: CGColorSpaceCreateDeviceRGB(), colors: [top.cgColor, bottom.cgColor] as CFArray,
                                      locations: [0, 1])!
            context.clip(to: CGRect(x: 20, y: 20, width: 60, height: 60))
            context.drawLinearGradient(gradient, start: CGPoint(x: 0, y: 20), end: CGPoint(x: 0, y: 80), options: [])
        }
        for y in 20..<80 {
            let t = (Double(y) + 0.5 - 20) / 60
            func level(_ a: UInt8, _ b: UInt8) -> Int { Int((Double(a) + (Double(b) - Double(a)) * t).rounded()) }
            let p = image[50, y]
            #expect(abs(Int(p.r) - level(top.rgba.r, bottom.rgba.r)) <= 1 && abs(Int(p.g) - level(top.rgba.g, bottom.rgba.g)) <= 1
                    && abs(Int(p.b) - level(top.rgba.b, bottom.rgba.b)) <= 1, "row \(y): \(p)")
        }
        #expect(image[10, 50] == RGBA8(255, 255, 255) && image[50, 85] == RGBA8(255, 255, 255))
    }

    /// Rounded rectangles: their bounds, what they contain (the corner's cut), and the fill
    /// leaving the corner's outside unpainted.
    @Test func roundedRectanglesAreRoundedRectangles() throws {
        let card = UIBezierPath(roundedRect: CGRect(x: 10, y: 10, width: 80, height: 60), cornerRadius: 20)
        #expect(card.bounds == CGRect(x: 10, y: 10, width: 80, height: 60))
        #expect(card.contains(CGPoint(x: 50, y: 40)) && card.contains(CGPoint(x: 12, y: 40)))
        #expect(!card.contains(CGPoint(x: 12, y: 12)), "outside the corner's arc")
        let image = try render { _ in
            UIColor.systemOrange.setFill()
            card.fill()
        }
        #expect(image[50, 40] == UIColor.systemOrange.rgba && image[11, 40] == UIColor.systemOrange.rgba)
        // The corner's centre is (30, 30); the pixel at (14, 14) is 22.6 pt from it.
        #expect(image[14, 14] == RGBA8(255, 255, 255))
    }

    /// Text drawn with `draw(at:withAttributes:)` is the same picture a label of that font
    /// and colour draws with its line box at the same point.
    @Test func drawnTextMatchesALabel() throws {
        let font = UIFont.systemFont(ofSize: 17, weight: .semibold)
        let drawn = try render({ _ in
            ("Hello, draw" as NSString).draw(at: CGPoint(x: 10, y: 20), withAttributes: [.font: font, .foregroundColor: UIColor.systemIndigo])
        }, size: CGSize(width: 200, height: 60))
        let size = "Hello, draw".size(withAttributes: [.font: font])
        let host = Host()
        host.root.backgroundColor = .white
        let label = UILabel(frame: CGRect(x: 10, y: 20, width: size.width + 20, height: size.height))
        label.text = "Hello, draw"
        label.font = font
        label.textColor = .systemIndigo
        host.root.addSubview(label)
        let labelled = try #require(Still.render(host.scene, at: [0], scale: 1).first).image
        var inked = 0
        for y in 0..<60 {
            for x in 0..<200 {
                #expect(drawn[x, y] == labelled[x, y], "(\(x), \(y))")
                if drawn[x, y] != RGBA8(255, 255, 255) { inked += 1 }
            }
        }
        #expect(inked > 200, "text was drawn")
    }

    /// A shadow with no blur is the drawing's outline, moved by the offset (down for a positive
    /// height, as UIKit's contexts), in black at a third: white under it becomes 170.
    @Test func contextShadowsFollowTheDrawing() throws {
        let image = try render { _ in
            let context = UIGraphicsGetCurrentContext()!
            context.setShadow(offset: CGSize(width: 0, height: 20), blur: 0)
            UIColor.systemRed.setFill()
            context.fillEllipse(in: CGRect(x: 20, y: 10, width: 40, height: 40))
            context.setShadow(offset: .zero, blur: 0, color: nil)
            context.fill(CGRect(x: 80, y: 10, width: 10, height: 10))
        }
        #expect(image[40, 30] == UIColor.systemRed.rgba)
        #expect(image[40, 65] == RGBA8(170, 170, 170), "the shadow below the disc")
        #expect(image[40, 5] == RGBA8(255, 255, 255) && image[10, 40] == RGBA8(255, 255, 255))
        #expect(image[85, 25] == RGBA8(255, 255, 255), "a nil colour turns the shadow off")
    }

    /// A 30° corner's miter is 3.86 widths long: drawn with the default limit of 10, bevelled
    /// with a limit of 2. The point 10 pt above the vertex lies inside the miter's tip (19.3 pt
    /// out) and outside the bevel (1.3 pt out).
    @Test func theMiterLimitCutsSharpCorners() throws {
        func corner(limit: CGFloat?) throws -> RGBAImage {
            try render { _ in
                let context = UIGraphicsGetCurrentContext()!
                context.setStrokeColor(UIColor.black.cgColor)
                context.setLineWidth(10)
                if let limit { context.setMiterLimit(limit) }
                let arm = 60.0, s = 0.25881904510252074, c = 0.9659258262890683  // sin and cos of 15°
                context.move(to: CGPoint(x: 50 - arm * s, y: 30 + arm * c))
                context.addLine(to: CGPoint(x: 50, y: 30))
                context.addLine(to: CGPoint(x: 50 + arm * s, y: 30 + arm * c))
                context.strokePath()
            }
        }
        let mitred = try corner(limit: nil), bevelled = try corner(limit: 2)
        #expect(mitred[50, 20] == RGBA8(0, 0, 0), "inside the miter")
        #expect(bevelled[50, 20] == RGBA8(255, 255, 255), "cut off by the bevel")
        #expect(mitred[50, 40] == RGBA8(0, 0, 0) && bevelled[50, 40] == RGBA8(0, 0, 0), "the arms themselves")
    }
}

