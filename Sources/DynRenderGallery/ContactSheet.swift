import Foundation
import DynRenderRaster
import DynRenderDisplayList
import DynRenderPixels
import DynRenderText

/// A grid of labelled stills: one row per demo, its key moments side by side, each with its time
/// underneath. Thumbnails are rasterised from the display lists at thumbnail scale — sharp, not
/// downsampled — then placed on a sheet whose labels (the system font) and frames are a display
/// list of their own.
struct ContactSheet {
    struct Row {
        var title: String
        var frames: [(time: Double, list: DisplayList)]
    }

    let rows: [Row]
    /// Pixels.
    let thumbnailHeight: Double

    /// Sheet geometry, pixels (the sheet is drawn at scale 1).
    private static let margin = 24.0, gap = 12.0, rowGap = 28.0, labelGap = 8.0
    /// The sheet's title, the demos' names and the times, in the system font (pixels at scale 1).
    private static let titleFont = FontDescriptor.system(size: 28, weight: 700)
    private static let rowFont = FontDescriptor.system(size: 17, weight: 600)
    private static let timeFont = FontDescriptor.system(size: 13)
    private static let background = RGBA8(255, 255, 255)
    private static let ink = RGBA8(58, 58, 60)
    private static let frameColor = RGBA8(199, 199, 204)

    func render() throws -> RGBAImage {
        var shapes: [DisplayItem] = []
        /// A line of text whose top is at `y` (its line box's), starting at `x`; its width.
        func text(_ string: String, font: FontDescriptor, x: Double, y: Double, centredIn width: Double? = nil) throws -> Double {
            let layout = try FontLibrary.shared.layout(string, font: font)
            let left = width.map { x + ($0 - layout.width) / 2 } ?? x
            shapes.append(.text(TextRun(text: string, font: font, origin: CGPoint(x: left, y: y + layout.ascender), fill: Self.ink)))
            return layout.width
        }
        func lineHeight(_ font: FontDescriptor) throws -> Double {
            let layout = try FontLibrary.shared.layout("", font: font)
            return layout.ascender + layout.descender
        }
        let titleHeight = try lineHeight(Self.titleFont), labelHeight = try lineHeight(Self.rowFont)
        let timeHeight = try lineHeight(Self.timeFont)
        var width = Self.margin * 2 + (try text("dynrender gallery", font: Self.titleFont, x: Self.margin, y: Self.margin))
        var placements: [(image: RGBAImage, x: Int, y: Int)] = []
        var y = Self.margin + titleHeight + Self.rowGap
        for row in rows {
            _ = try text(row.title, font: Self.rowFont, x: Self.margin, y: y)
            y += labelHeight + Self.labelGap
            var x = Self.margin
            for frame in row.frames {
                var list = frame.list
                list.scale = thumbnailHeight / Double(list.size.height)
                var canvas = Canvas(width: list.pixelWidth, height: list.pixelHeight)
                Rasterizer().render(list, into: &canvas)
                let thumbnail = canvas.image
                let w = Double(thumbnail.width), h = Double(thumbnail.height)
                shapes.append(.rect(RoundedRectangle(center: CGPoint(x: x + w / 2, y: y + h / 2),
                                               size: CGSize(width: w + 2, height: h + 2), fill: Self.frameColor)))
                placements.append((thumbnail, Int(x), Int(y)))
                _ = try text(Self.timeLabel(frame.time), font: Self.timeFont, x: x, y: y + h + Self.labelGap, centredIn: w)
                x += w + Self.gap
            }
            width = max(width, x - Self.gap + Self.margin)
            y += thumbnailHeight + Self.labelGap + timeHeight + Self.rowGap
        }
        let height = y - Self.rowGap + Self.margin
        let sheet = DisplayList(size: CGSize(width: width.rounded(.up), height: height.rounded(.up)), scale: 1,
                                background: Self.background, shapes: shapes)
        var canvas = Canvas(width: sheet.pixelWidth, height: sheet.pixelHeight)
        Rasterizer().render(sheet, into: &canvas)
        var image = canvas.image
        for placement in placements { image.place(placement.image, x: placement.x, y: placement.y) }
        return image
    }

    /// "1.25 s": at most two decimals, no trailing zeros.
    static func timeLabel(_ seconds: Double) -> String {
        var text = String(format: "%.2f", seconds)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text + " s"
    }
}
