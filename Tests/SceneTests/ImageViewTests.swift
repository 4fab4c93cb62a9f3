import Foundation
import Testing
import DynRender

/// Image views place their pictures as `UIImageView` does for each content mode, read a file's
/// `@2x`/`@3x` scale from its name, and clip an overflowing picture only when they clip to their
/// bounds; collection-view cells show their pictures and are cut with them.
@Suite struct ImageViewTests {
    /// A PNG of `width` × `height` pixels in one colour, written to a fresh folder as `name`.
    static func pictureFile(_ name: String, width: Int, height: Int, color: RGBA8 = RGBA8(0, 122, 255)) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("imageview-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent(name).path
        try Data(PNGEncoder().encode(RGBAImage(width: width, height: height, fill: color))).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// A 200 × 100 px picture in a 100 × 100 pt view, in each mode: the rectangle in bounds
    /// coordinates that UIKit gives it.
    @Test(arguments: [
        (ContentMode.scaleToFill, CGRect(x: 0, y: 0, width: 100, height: 100)),
        (.scaleAspectFit, CGRect(x: 0, y: 25, width: 100, height: 50)),
        (.scaleAspectFill, CGRect(x: -50, y: 0, width: 200, height: 100)),
        (.center, CGRect(x: -50, y: 0, width: 200, height: 100)),
    ])
    func contentModesPlaceThePicture(mode: ContentMode, expected: CGRect) throws {
        let view = ImageView(frame: CGRect(x: 30, y: 40, width: 100, height: 100),
                             contentsOfFile: try Self.pictureFile("wide.png", width: 200, height: 100))
        view.contentMode = mode
        #expect(view.imageRect() == expected)
    }

    /// `…@2x.png` is a picture of half its pixel size in points, as `UIImage(contentsOfFile:)`
    /// reads it; `…@3x.png` a third.
    @Test func retinaSuffixesScaleTheNaturalSize() throws {
        for (name, points) in [("icon.png", 120.0), ("icon@2x.png", 60.0), ("icon@3x.png", 40.0)] {
            let view = ImageView(frame: CGRect(x: 0, y: 0, width: 100, height: 100),
                                 contentsOfFile: try Self.pictureFile(name, width: 120, height: 120))
            #expect(view.imageSize == CGSize(width: points, height: points), "\(name)")
            view.contentMode = .center
            #expect(view.imageRect() == CGRect(x: 50 - points / 2, y: 50 - points / 2, width: points, height: points))
        }
        let missing = ImageView(frame: CGRect(x: 0, y: 0, width: 10, height: 10), contentsOfFile: "/nonexistent/x.png")
        #expect(missing.imageSize == nil && missing.imageRect() == nil)
    }

    /// `Image(named:)` looks in the resource directories as `UIImage(named:)` looks in a
    /// bundle: the @3x file before @2x before the plain one, directory by directory; an image view
    /// made from the picture takes its size in points.
    @Test func namedImagesAreFoundAsInABundle() throws {
        let plain = try Self.pictureFile("ball.png", width: 30, height: 30)
        let folder = URL(fileURLWithPath: plain).deletingLastPathComponent()
        let saved = Image.resourceDirectories
        defer { Image.resourceDirectories = saved }
        Image.resourceDirectories = [folder]
        #expect(Image(named: "ball")?.size == CGSize(width: 30, height: 30))
        try Data(PNGEncoder().encode(RGBAImage(width: 90, height: 60, fill: RGBA8(255, 0, 0))))
            .write(to: folder.appendingPathComponent("ball@3x.png"))
        let retina = try #require(Image(named: "ball"))
        #expect(retina.scale == 3 && retina.size == CGSize(width: 30, height: 20))
        #expect(Image(named: "ball.png")?.scale == 1, "a name with an extension is that file")
        #expect(Image(named: "missing") == nil)
        let view = ImageView(image: retina)
        #expect(view.frame == CGRect(x: 0, y: 0, width: 30, height: 20))
        #expect(Image(named: "ball") != retina, "images are equal only to themselves")
    }

    /// Aspect fill overflows the bounds: shown whole without clipping, cut at the (rounded)
    /// bounds with it, where the result equals a rounded rectangle of the picture's colour.
    @Test func anAspectFillPictureIsCutOnlyWhenTheViewClips() throws {
        let blue = RGBA8(0, 122, 255), background = RGBA8(255, 255, 255)
        let view = ImageView(frame: CGRect(x: 35, y: 10, width: 50, height: 50),
                             contentsOfFile: try Self.pictureFile("wide.png", width: 200, height: 100, color: blue))
        view.contentMode = .scaleAspectFill
        view.cornerRadius = 12
        view.transform = CGAffineTransform(rotationAngle: 0.3)
        func render() -> RGBAImage {
            var items: [DisplayItem] = []
            view.appendShapes(to: &items)
            return Rasterizer().render(DisplayList(size: CGSize(width: 120, height: 70), scale: 2, background: background,
                                                   shapes: items)).image
        }
        let overflowing = render()
        // Unclipped, the picture is 100 pt wide (turned by 0.3 rad): it reaches past the 50 pt bounds.
        #expect(overflowing[2 * 60 - 2 * 45, 2 * 35] == blue)
        view.clipsToBounds = true
        let cut = render()
        let bounds = Rasterizer().render(DisplayList(size: CGSize(width: 120, height: 70), scale: 2, background: background, shapes: [
            .rect(RoundedRectangle(center: view.center, size: view.bounds.size, cornerRadius: 12, transform: view.transform, fill: blue)),
        ])).image
        let worst = zip(cut.pixels, bounds.pixels).reduce(0) { max($0, abs(Int($1.0) - Int($1.1))) }
        #expect(worst <= 1, "clipped picture against the rounded bounds: \(worst)")
        if worst > 1 {
            try Data(PNGEncoder().encode(cut)).write(to: URL(fileURLWithPath: "/tmp/cut.png"))
            try Data(PNGEncoder().encode(bounds)).write(to: URL(fileURLWithPath: "/tmp/bounds.png"))
        }
    }

    /// Cells with pictures: the picture fills the cell with its corners, and a cell crossing the
    /// collection view's frame is cut there together with its picture.
    @Test func cellPicturesFillTheirCellsAndAreCutWithThem() throws {
        let green = RGBA8(52, 199, 89), background = RGBA8(242, 242, 247)
        let picture = ImageSource.file(try Self.pictureFile("cell.png", width: 64, height: 64, color: green))
        let layout = FlowLayout()
        layout.itemSize = CGSize(width: 40, height: 40)
        let collectionView = CollectionView(frame: CGRect(x: 10, y: 10, width: 100, height: 50), collectionViewLayout: layout,
                                            itemCounts: [12]) { _, _ in
            CellAppearance(backgroundColor: RGBA8(255, 0, 0), cornerRadius: 8, image: picture)
        }
        collectionView.setContentOffset(CGPoint(x: 0, y: 5))
        var items: [DisplayItem] = []
        collectionView.appendShapes(to: &items)
        let cut = Rasterizer().render(DisplayList(size: CGSize(width: 120, height: 120), scale: 2, background: background,
                                                  shapes: items)).image
        // Rows are 40 pt apart by 10: on the canvas the first spans 5…45 pt (crossing the top at
        // 10), the second 55…95 (crossing the bottom at 60). Both show the picture, not the red.
        #expect(cut[2 * 30, 2 * 30] == green)
        #expect(cut[2 * 30, 2 * 57] == green)
        // The second row's top-left corner shows the background, as a rounded rect's would.
        #expect(cut[2 * 10 + 1, 2 * 55 + 1] == background)
        // Above the frame and below it, only the background: cells and pictures cut together.
        #expect((0..<240).allSatisfy { cut[$0, 2 * 62] == background && cut[$0, 2 * 9] == background })
        #expect(items.contains { if case .group(let g) = $0 { return g.shapes.contains { if case .image = $0 { true } else { false } } } else { return false } })
    }
}
