import DynRenderUIKit
import Testing

// Layers as apps add them: a progress ring of CAShapeLayers, a card whose layerClass is a
// gradient, a gradient slid below a label with insertSublayer(at: 0).
final class ProgressRing: UIView {
    let track = CAShapeLayer()
    let bar = CAShapeLayer()

    override init(frame: CGRect) {
        super.init(frame: frame)
        let circle = UIBezierPath(arcCenter: CGPoint(x: frame.width / 2, y: frame.height / 2), radius: 40,
                                  startAngle: -.pi / 2, endAngle: 1.5 * .pi, clockwise: true)
        for (layer, color) in [(track, UIColor.systemGray5), (bar, UIColor.systemGreen)] {
            layer.path = circle.cgPath
            layer.fillColor = UIColor.clear.cgColor
            layer.strokeColor = color.cgColor
            layer.lineWidth = 10
            self.layer.addSublayer(layer)
        }
        bar.strokeEnd = 0.25
    }

    required init?(coder: NSCoder) {
        return nil
    }

    /// Checks that the ring of a 100-point `ProgressRing` drawn at (0, 0) in `image` is the
    /// bar's green from 12 o'clock clockwise to `end` of a turn and the track's grey after it:
    /// each pixel wholly inside the ring takes the colour of the part its angle is in (pixels
    /// within 0.01 of a turn of the butt-capped ends are left out). Returns how many it checked.
    static func checkPixels(of image: RGBAImage, barUpTo end: Double) -> Int {
        let green = UIColor.systemGreen.rgba, grey = UIColor.systemGray5.rgba
        var checked = 0
        for y in 0..<100 {
            for x in 0..<100 {
                let dx = Double(x) + 0.5 - 50, dy = Double(y) + 0.5 - 50, d = (dx * dx + dy * dy).squareRoot()
                guard d > 35.8 && d < 44.2 else { continue }
                var turn = atan2(dx, -dy) / (2 * .pi)
                if turn < 0 { turn += 1 }
                if turn > 0.01 && turn < end - 0.01 {
                    #expect(image[x, y] == green, "(\(x), \(y)) at \(turn) of a turn")
                    checked += 1
                } else if turn > end + 0.01 && turn < 0.99 {
                    #expect(image[x, y] == grey, "(\(x), \(y)) at \(turn) of a turn")
                    checked += 1
                }
            }
        }
        return checked
    }
}

final class GradientCard: UIView {
    override class var layerClass: AnyClass { CAGradientLayer.self }

    override init(frame: CGRect) {
        super.init(frame: frame)
        let gradient = layer as! CAGradientLayer
        gradient.colors = [UIColor.red.cgColor, UIColor.blue.cgColor]
        gradient.startPoint = CGPoint(x: 0, y: 0.5)
        gradient.endPoint = CGPoint(x: 1, y: 0.5)
        layer.cornerRadius = 10
        layer.masksToBounds = true
    }

    required init?(coder: NSCoder) {
        return nil
    }
}

@Suite struct LayerSnippet {
    func still(_ views: [UIView]) throws -> RGBAImage {
        let host = Host()
        host.root.backgroundColor = .white
        for view in views { host.root.addSubview(view) }
        return try #require(Still.render(host.scene, at: [0], scale: 1).first).image
    }

    /// The bar covers the first quarter of the circle from 12 o'clock, clockwise, and the track
    /// the rest: pixels wholly inside the ring take the colour of the part their angle is in.
    @Test func aProgressRingStrokesAQuarter() throws {
        let image = try still([ProgressRing(frame: CGRect(x: 0, y: 0, width: 100, height: 100))])
        #expect(ProgressRing.checkPixels(of: image, barUpTo: 0.25) > 1500)
    }

    /// The card is its layer: red at the left, blue at the right, the mix between, cut at its
    /// rounded corners.
    @Test func aViewsLayerClassDrawsItsGradient() throws {
        let card = GradientCard(frame: CGRect(x: 10, y: 10, width: 100, height: 50))
        #expect(card.layer is CAGradientLayer)
        let image = try still([card])
        for x in [12, 35, 60, 85, 107] {
            let t = (Double(x) + 0.5 - 10) / 100
            let p = image[x, 35]
            #expect(abs(Int(p.r) - Int((255 * (1 - t)).rounded())) <= 1 && p.g == 0 && abs(Int(p.b) - Int((255 * t).rounded())) <= 1,
                    "x = \(x): \(p)")
        }
        #expect(image[10, 10] == RGBA8(255, 255, 255), "the rounded corner is cut")
    }

    /// A layer inserted at 0 lies below the subviews; one added after them, above; a layer's
    /// own transform turns it about its anchor point.
    @Test func sublayersKeepTheirPlaceAmongSubviews() throws {
        let card = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        let chip = UIView(frame: CGRect(x: 20, y: 20, width: 40, height: 40))
        chip.backgroundColor = .systemYellow
        card.addSubview(chip)
        let below = CALayer()
        below.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        below.backgroundColor = UIColor.systemTeal.cgColor
        card.layer.insertSublayer(below, at: 0)
        let above = CALayer()
        above.frame = CGRect(x: 50, y: 30, width: 60, height: 20)
        above.backgroundColor = UIColor.systemPurple.cgColor
        card.layer.addSublayer(above)
        let turned = CALayer()
        turned.frame = CGRect(x: 130, y: 40, width: 60, height: 20)
        turned.backgroundColor = UIColor.systemPink.cgColor
        turned.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        card.layer.addSublayer(turned)
        let image = try still([card])
        #expect(image[5, 5] == UIColor.systemTeal.rgba)
        #expect(image[30, 25] == UIColor.systemYellow.rgba, "the subview above the layer inserted at 0")
        #expect(image[55, 40] == UIColor.systemPurple.rgba, "the layer added later above the subview")
        // Turned a quarter about its centre (160, 50): 20 wide and 60 tall.
        #expect(image[160, 25] == UIColor.systemPink.rgba && image[160, 75] == UIColor.systemPink.rgba)
        #expect(image[140, 50] == RGBA8(255, 255, 255) && image[180, 50] == RGBA8(255, 255, 255))
    }

    /// A shape layer's shadow is its shape's: a disc casts a disc, not its bounds' square.
    @Test func aShapeLayerCastsItsShapesShadow() throws {
        let host = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let dot = CAShapeLayer()
        dot.frame = CGRect(x: 20, y: 20, width: 60, height: 60)
        dot.path = UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 60, height: 60)).cgPath
        dot.fillColor = UIColor.systemBlue.cgColor
        dot.shadowColor = UIColor.black.cgColor
        dot.shadowOpacity = 0.5
        dot.shadowRadius = 0
        dot.shadowOffset = CGSize(width: 30, height: 30)
        host.layer.addSublayer(dot)
        let image = try still([host])
        #expect(image[50, 50] == UIColor.systemBlue.rgba)
        #expect(image[95, 95] == RGBA8(127, 127, 127), "inside the moved disc: white under black at 128/255")
        #expect(image[112, 52] == RGBA8(255, 255, 255), "the moved square's corner, outside the moved disc")
    }

    /// A clear view backed by a shape layer casts its shape's shadow, as on iOS, not a square.
    @Test func aShapeBackedViewCastsItsShapesShadow() throws {
        final class Dot: UIView {
            override class var layerClass: AnyClass { CAShapeLayer.self }
        }
        let dot = Dot(frame: CGRect(x: 20, y: 20, width: 60, height: 60))
        let shape = dot.layer as! CAShapeLayer
        shape.path = UIBezierPath(ovalIn: dot.bounds).cgPath
        shape.fillColor = UIColor.systemBlue.cgColor
        dot.layer.shadowOpacity = 0.5
        dot.layer.shadowRadius = 0
        dot.layer.shadowOffset = CGSize(width: 30, height: 30)
        let image = try still([dot])
        #expect(image[50, 50] == UIColor.systemBlue.rgba)
        #expect(image[95, 95] == RGBA8(127, 127, 127), "inside the moved disc")
        #expect(image[112, 52] == RGBA8(255, 255, 255), "the moved square's corner, outside the moved disc")
    }

    /// `shadowPath` decides the shadow's shape whatever the layer draws: a square card with a
    /// disc as its shadow path casts a disc (moved by the offset); a rounded-rectangle shadow
    /// path smaller than the card casts that rectangle; a layer of its own does the same.
    @Test func aShadowPathShapesTheShadow() throws {
        let card = UIView(frame: CGRect(x: 20, y: 20, width: 60, height: 60))
        card.backgroundColor = .systemBlue
        card.layer.shadowOpacity = 0.5
        card.layer.shadowRadius = 0
        card.layer.shadowOffset = CGSize(width: 30, height: 30)
        card.layer.shadowPath = UIBezierPath(ovalIn: card.bounds).cgPath
        let inset = CALayer()
        inset.frame = CGRect(x: 120, y: 20, width: 60, height: 60)
        inset.backgroundColor = UIColor.systemGreen.cgColor
        inset.shadowOpacity = 0.5
        inset.shadowRadius = 0
        inset.shadowOffset = CGSize(width: 0, height: 50)
        inset.shadowPath = UIBezierPath(roundedRect: CGRect(x: 10, y: 10, width: 40, height: 40), cornerRadius: 8).cgPath
        let host = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        host.addSubview(card)
        host.layer.addSublayer(inset)
        let image = try still([host])
        #expect(image[50, 50] == UIColor.systemBlue.rgba)
        #expect(image[95, 95] == RGBA8(127, 127, 127), "inside the moved disc")
        #expect(image[104, 56] == RGBA8(255, 255, 255), "the moved square's corner, outside the moved disc")
        #expect(image[150, 110] == RGBA8(127, 127, 127), "inside the moved inset rectangle")
        #expect(image[125, 110] == RGBA8(255, 255, 255) && image[175, 110] == RGBA8(255, 255, 255),
                "beside it: the inset, not the layer's bounds")
        #expect(image[131, 119] == RGBA8(255, 255, 255), "the rounded corner")
    }
}
