import Foundation
import DynRenderRaster
import DynRenderDisplayList
import DynRenderPixels

/// A grid of labelled stills: one row per demo, its key moments side by side, each with its time
/// underneath. Thumbnails are rasterised from the display lists at thumbnail scale — sharp, not
/// downsampled — then placed on a sheet whose labels and frames are a display list of their own.
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
    private static let titlePixel = 3.0, labelPixel = 2.0
    private static let background = RGBA8(255, 255, 255)
    private static let ink = RGBA8(58, 58, 60)
    private static let frameColor = RGBA8(199, 199, 204)

    func render() -> RGBAImage {
        let titleHeight = Double(PixelFont.glyphHeight) * Self.titlePixel
        let labelHeight = Double(PixelFont.glyphHeight) * Self.labelPixel
        var shapes = PixelFont.shapes("dynrender gallery", origin: CGPoint(x: Self.margin, y: Self.margin),
                                      pixelSize: Self.titlePixel, color: Self.ink)
        var placements: [(image: RGBAImage, x: Int, y: Int)] = []
        var y = Self.margin + titleHeight + Self.rowGap
        var width = Self.margin * 2 + PixelFont.width("dynrender gallery", pixelSize: Self.titlePixel)
        for row in rows {
            shapes += PixelFont.shapes(row.title, origin: CGPoint(x: Self.margin, y: y), pixelSize: Self.labelPixel,
                                       color: Self.ink)
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
                let label = Self.timeLabel(frame.time)
                shapes += PixelFont.shapes(label, origin: CGPoint(x: x + (w - PixelFont.width(label, pixelSize: Self.labelPixel)) / 2,
                                                                  y: y + h + Self.labelGap),
                                           pixelSize: Self.labelPixel, color: Self.ink)
                x += w + Self.gap
            }
            width = max(width, x - Self.gap + Self.margin)
            y += thumbnailHeight + Self.labelGap + labelHeight + Self.rowGap
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
