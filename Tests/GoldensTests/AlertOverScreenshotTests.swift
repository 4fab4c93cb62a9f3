import DynRender
import DynRenderTesting
import Foundation
import Testing

/// The "your own screenshot" scene of the text-and-pictures article: its frames are goldens (the
/// article shows them), and
/// what they must show is asserted too — the screenshot behind, cells cut at the list's edges,
/// the alert falling and fading as one picture.
@Suite struct AlertOverScreenshotTests {
    /// `docs/pictures/alert-over-screenshot`: the goldens, which the article shows.
    static let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/pictures/alert-over-screenshot").path

    /// A user's files, made here: a 1170 × 2532 px screenshot of a photo-library screen and a
    /// 232 × 232 px photo, both drawn by dynrender.
    static func pictures() throws -> (screenshot: String, photo: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("screenshot-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        func write(_ list: DisplayList, _ name: String) throws -> String {
            let path = folder.appendingPathComponent(name).path
            try Data(PNGEncoder(compressionLevel: 9).encode(Rasterizer().render(list).image)).write(to: URL(fileURLWithPath: path))
            return path
        }
        func text(_ s: String, _ size: Double, _ weight: Int, _ x: Double, _ y: Double, _ fill: RGBA8 = RGBA8(0, 0, 0)) -> DisplayItem {
            .text(TextRun(text: s, font: .system(size: size, weight: weight), origin: CGPoint(x: x, y: y), fill: fill))
        }
        var screen: [DisplayItem] = [text("9:41", 17, 600, 40, 34), text("Library", 34, 700, 16, 100),
                                     text("Recent days", 20, 600, 16, 150)]
        for (i, tint) in [RGBA8(255, 204, 0), RGBA8(52, 199, 89), RGBA8(0, 122, 255), RGBA8(175, 82, 222)].enumerated() {
            let y = 170 + Double(i) * 72
            screen.append(.rect(RoundedRectangle(center: CGPoint(x: 48, y: y + 30), size: CGSize(width: 60, height: 60), cornerRadius: 10, fill: tint)))
            screen.append(text(["Today", "Yesterday", "Sunday", "Saturday"][i], 17, 600, 92, y + 26))
            screen.append(text("\(12 + i * 7) photos", 15, 400, 92, y + 48, RGBA8(142, 142, 147)))
        }
        let screenshot = try write(DisplayList(size: CGSize(width: 390, height: 844), scale: 3, background: RGBA8(242, 242, 247),
                                               shapes: screen), "screenshot@3x.png")
        let photo = try write(DisplayList(size: CGSize(width: 116, height: 116), scale: 2, background: RGBA8(120, 170, 240), shapes: [
            .rect(RoundedRectangle(center: CGPoint(x: 80, y: 34), size: CGSize(width: 26, height: 26), cornerRadius: 13, fill: RGBA8(255, 236, 180))),
            .rect(RoundedRectangle(center: CGPoint(x: 40, y: 110), size: CGSize(width: 160, height: 70), cornerRadius: 35,
                                   transform: CGAffineTransform(rotationAngle: -0.25), fill: RGBA8(70, 140, 80))),
        ]), "photo.png")
        return (screenshot, photo)
    }

    @Test func framesMatchTheirGoldensAndShowTheApp() throws {
        let (screenshot, photo) = try Self.pictures()
        try assertGoldenFrames(of: AlertOverScreenshotScene(screenshot: screenshot, photo: photo), at: [0.4, 1.2, 2.0],
                               named: "alert-over-screenshot", goldens: Self.goldens)

        let scene = AlertOverScreenshotScene(screenshot: screenshot, photo: photo)
        let backdrop = Scene(size: scene.size)
        backdrop.backgroundImage = .file(screenshot)
        let behind = Still.render(backdrop, at: [0], scale: 1)[0].image
        scene.advance(to: 1.2)
        let frame = Still.render(scene, at: [1.2], scale: 1)[0].image
        // The screenshot shows wherever nothing is drawn: the title bar above the alert, and
        // the rows just above and below the list (470…770 pt), where scrolled cells are cut.
        for y in [60, 466, 774, 820] {
            #expect((0..<390).allSatisfy { frame[$0, y] == behind[$0, y] }, "row \(y) is the screenshot")
        }
        // Inside the list, cells show the photo's sky (and the list's white between them).
        #expect((480..<760).contains { y in (0..<390).contains { frame[$0, y] == RGBA8(120, 170, 240) } })
        // The alert rests at its snap point, then falls away faded as one picture.
        let alert = scene.alert
        #expect(abs(alert.center.y - 300) < 1 && alert.alpha == 1)
        scene.advance(to: 2.0)
        #expect(alert.center.y > 330 && alert.alpha < 1 && alert.alpha > 0)
        let faded = scene.displayList(scale: 1).shapes.contains {
            if case .group(let group) = $0 { group.alpha < 1 && group.clip != nil } else { false }
        }
        #expect(faded, "the alert and its bar fade as one clipped group")
    }
}
