import DynRenderUIKit
import Testing

// Pictures made in code, as apps make them: a disc drawn with UIGraphicsImageRenderer used as a
// view's mask, a picture resized through UIGraphicsBeginImageContextWithOptions, and a pattern
// colour made from a drawn tile.
final class MaskedMarble: UIView {
    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .systemRed
        let disc = UIGraphicsImageRenderer(size: frame.size).image { context in
            UIColor.black.setFill()
            context.cgContext.fillEllipse(in: CGRect(origin: .zero, size: frame.size))
        }
        mask = UIImageView(image: resized(disc, to: frame.size))
    }

    required init?(coder: NSCoder) {
        return nil
    }

    func resized(_ image: UIImage, to size: CGSize) -> UIImage {
        UIGraphicsBeginImageContextWithOptions(size, false, 0)
        defer { UIGraphicsEndImageContext() }
        image.draw(in: CGRect(origin: .zero, size: size))
        return UIGraphicsGetImageFromCurrentImageContext()!
    }
}

@Suite struct ImageContextSnippet {
    /// The marble shows red inside the disc its mask draws and nothing outside it: the corners
    /// of its square are the background, the centre and points just inside the circle red.
    @Test func aDrawnPictureMasksAView() throws {
        let host = Host()
        host.root.backgroundColor = .white
        host.root.addSubview(MaskedMarble(frame: CGRect(x: 100, y: 100, width: 60, height: 60)))
        let image = try #require(Still.render(host.scene, at: [0], scale: 1).first).image
        #expect(image[130, 130] == UIColor.systemRed.rgba, "the centre")
        #expect(image[130, 102] == UIColor.systemRed.rgba && image[102, 130] == UIColor.systemRed.rgba, "just inside the circle")
        for (x, y) in [(101, 101), (158, 101), (101, 158), (158, 158)] {
            #expect(image[x, y] == UIColor.white.rgba, "the corner (\(x), \(y)) is masked off")
        }
    }

    /// A picture drawn at 2 pixels a point has twice the pixels and its size in points; a
    /// pattern colour tiles it over a view from the view's top-left corner.
    @Test func drawnPicturesTileAsAPatternColour() throws {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 2
        // A 20-pt tile: blue on its left half, clear on its right.
        let tile = UIGraphicsImageRenderer(size: CGSize(width: 20, height: 20), format: format).image { context in
            UIColor.systemBlue.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 10, height: 20))
        }
        #expect(tile.size == CGSize(width: 20, height: 20) && tile.scale == 2)
        let host = Host()
        host.root.backgroundColor = .white
        let striped = UIView(frame: CGRect(x: 50, y: 50, width: 100, height: 40))
        striped.backgroundColor = UIColor(patternImage: tile)
        host.root.addSubview(striped)
        let image = try #require(Still.render(host.scene, at: [0], scale: 1).first).image
        for stripe in 0..<5 {
            let left = 50 + 20 * stripe
            #expect(image[left + 4, 70] == UIColor.systemBlue.rgba, "stripe \(stripe)'s blue half")
            #expect(image[left + 15, 70] == UIColor.white.rgba, "stripe \(stripe)'s clear half")
        }
        #expect(image[160, 70] == UIColor.white.rgba, "nothing past the view")
    }
}

