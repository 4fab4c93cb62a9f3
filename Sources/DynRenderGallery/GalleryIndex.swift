import Foundation

/// The gallery's Markdown index: the contact sheet, then each demo's animation with its description,
/// size and poster. Only deterministic facts go in (no timings), so regenerating an unchanged
/// gallery changes no file.
struct GalleryIndex {
    let items: [GalleryItem]
    let options: GalleryOptions

    var markdown: String {
        var lines = [
            "# dynrender gallery",
            "",
            options.scenesDirectory == nil
                ? "Every demo, rendered by `dynrender gallery\(arguments)` with the scripted finger drawn."
                : "Every scene file in `\(options.scenesDirectory!)`, rendered by `dynrender gallery\(arguments)` with the scripted finger drawn.",
            "Regenerate this directory with the same command; unchanged demos give byte-identical files.",
            "",
            "![Contact sheet: the key moments of every demo](\(Gallery.contactSheetFile))",
            "",
            "| demo | duration | \(options.format.rawValue.uppercased()) | size | poster |",
            "|---|---|---|---|---|",
        ]
        for item in items {
            lines.append("| [\(item.demo.name)](#\(item.demo.name)) | \(Self.seconds(item.demo.duration)) s | "
                         + "\(item.pixelWidth)×\(item.pixelHeight) px, \(item.frameCount) frames | "
                         + "\(Self.kilobytes(item.animationBytes)) | [\(item.posterFile)](\(item.posterFile)) |")
        }
        lines.append("| all files | | | \(Self.kilobytes(totalBytes)) | |")
        for item in items {
            lines += [
                "",
                "## \(item.demo.name)",
                "",
                item.demo.summary,
                "",
                "![\(item.demo.name): \(item.demo.summary)](\(item.animationFile))",
                "",
                item.demo.sourceFile.map { "From `\($0)`, at \(Self.seconds(item.scale))× and \(Self.seconds(options.fps)) fps with the finger drawn." }
                    ?? "`dynrender demo \(item.demo.name) --scale \(Self.seconds(item.scale)) --fps \(Self.seconds(options.fps)) --show-touches`",
            ]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// GIFs and posters (the sheet and this index are not known until written).
    private var totalBytes: Int { items.reduce(0) { $0 + $1.animationBytes + $1.posterBytes } }

    private var arguments: String {
        var text = options.scenesDirectory.map { " --scenes \($0)" } ?? ""
        if let scale = options.scale { text += " --scale \(Self.seconds(scale))" }
        if options.fps != GalleryOptions().fps { text += " --fps \(Self.seconds(options.fps))" }
        if options.format != GalleryOptions().format { text += " --format \(options.format.rawValue)" }
        return text
    }

    static func kilobytes(_ bytes: Int) -> String {
        bytes >= 1_000_000 ? String(format: "%.2f MB", Double(bytes) / 1e6) : "\((bytes + 500) / 1000) KB"
    }

    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
