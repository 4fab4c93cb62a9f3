import Foundation
import DynRenderCodecs
import DynRenderDemos
import DynRenderRaster
import DynRenderDisplayList
import DynRenderPipeline

/// What `dynrender gallery` renders and where.
package struct GalleryOptions: Sendable {
    /// Directory the files go into (created if missing; files of other names are left alone).
    package var directory = "output/gallery"
    /// Pixels per point for every demo; nil: each demo's `galleryScale`.
    package var scale: Double?
    /// Frame rate of the animations: 25 fps keeps README media small and still reads as motion.
    package var fps = 25.0
    /// The animations' format: GIF (the default, shown everywhere), lossless WebP or APNG.
    package var format = GalleryFormat.gif
    /// Height of the contact sheet's thumbnails, pixels.
    package var thumbnailHeight = 180.0
    /// Threads per render (see `RenderOptions.threads`).
    package var threads = RenderOptions.defaultThreads
    /// The folder of scene files the gallery was made from, as given (`--scenes`); nil for the
    /// demos.
    package var scenesDirectory: String?

    package init() {}
}

/// The format of the gallery's animations.
package enum GalleryFormat: String, CaseIterable, Sendable {
    case gif, webp, apng

    /// The animations' file extension (an APNG is a `.png`).
    package var fileExtension: String { self == .apng ? "png" : rawValue }
}

/// A file larger than docs pages and issue trackers take well: over 5 MB.
package let galleryFileWarningBytes = 5_000_000

/// The gallery's directory names a file: the caller's mistake (the CLI's `--out`, exit 2).
package struct GalleryDirectoryIsAFile: Error, CustomStringConvertible {
    package let path: String
    package var description: String { "\(path) is a file, not a directory" }
}

/// One demo's files in the gallery.
package struct GalleryItem: Sendable {
    package let demo: Demo
    /// The animation: `NAME.gif`, `NAME.webp`, or for an APNG `NAME.apng.png` (the poster is `NAME.png`).
    package let animationFile: String
    package let posterFile: String
    package let animationBytes: Int
    package let posterBytes: Int
    package let pixelWidth: Int
    package let pixelHeight: Int
    package let scale: Double
    package let frameCount: Int
}

/// Renders every demo as documentation media: a GIF, WebP or APNG (with the scripted finger drawn) and a PNG
/// poster each, a contact sheet of every demo's key moments, and a Markdown index of it all.
/// Every file is written atomically and the same options give byte-identical files.
package struct Gallery {
    package let options: GalleryOptions
    package static let contactSheetFile = "contact-sheet.png"
    package static let indexFile = "README.md"

    package init(options: GalleryOptions) {
        self.options = options
    }

    /// Renders `demos` (by default all of them); `progress` is told after each demo. Returns
    /// what was written, in the demos' order.
    @discardableResult
    package func run(demos: [Demo] = DemoRegistry.all, progress: ((GalleryItem) -> Void)? = nil) throws -> [GalleryItem] {
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        if fm.fileExists(atPath: options.directory, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw GalleryDirectoryIsAFile(path: options.directory)
        }
        do {
            try fm.createDirectory(atPath: options.directory, withIntermediateDirectories: true)
        } catch {
            throw RenderUsageError("cannot create the directory \(options.directory): \(error.localizedDescription)")
        }
        var items: [GalleryItem] = []
        var rows: [ContactSheet.Row] = []
        for demo in demos {
            let (item, keyFrames) = try render(demo)
            items.append(item)
            rows.append(ContactSheet.Row(title: demo.name, frames: keyFrames))
            progress?(item)
        }
        let sheet = try ContactSheet(rows: rows, thumbnailHeight: options.thumbnailHeight).render()
        try write(PNGEncoder(compressionLevel: 9).encode(sheet), to: Self.contactSheetFile)
        try write(Array(GalleryIndex(items: items, options: options).markdown.utf8), to: Self.indexFile)
        return items
    }

    /// The demo's GIF and poster; returns them with its key frames' display lists.
    private func render(_ demo: Demo) throws -> (GalleryItem, [(time: Double, list: DisplayList)]) {
        let scale = options.scale ?? demo.galleryScale
        var renderOptions = RenderOptions()
        let animationFile = demo.name + (options.format == .apng ? ".apng.png" : "." + options.format.fileExtension)
        switch options.format {
        case .gif: renderOptions.gifPath = path(animationFile)
        case .webp: renderOptions.webpPath = path(animationFile)
        case .apng: renderOptions.apngPath = path(animationFile)
        }
        renderOptions.fps = options.fps
        renderOptions.scale = scale
        renderOptions.showsTouches = true
        renderOptions.threads = options.threads
        let plan = try demo.render(options: renderOptions)

        // The stills come from their own run of the scene, advanced to each exact moment (the
        // end showing what the GIF's closing hold shows).
        let scene = demo.makeScene(demo.size)
        scene.showsTouches = true
        var keyFrames: [(time: Double, list: DisplayList)] = []
        var poster: DisplayList?
        for time in Set(demo.keyTimes + [demo.posterTime]).sorted() {
            scene.advance(to: demo.sceneTime(at: time))
            let list = scene.displayList(scale: scale)
            if demo.keyTimes.contains(time) { keyFrames.append((time, list)) }
            if time == demo.posterTime { poster = list }
        }
        var canvas = Canvas(width: plan.pixelWidth, height: plan.pixelHeight)
        Rasterizer().render(poster!, into: &canvas)
        let posterBytes = try PNGEncoder(compressionLevel: 9).encode(canvas.image)
        try write(posterBytes, to: demo.name + ".png")

        let animationBytes = (try FileManager.default.attributesOfItem(atPath: path(animationFile))[.size] as? Int) ?? 0
        let item = GalleryItem(demo: demo, animationFile: animationFile, posterFile: demo.name + ".png",
                               animationBytes: animationBytes, posterBytes: posterBytes.count, pixelWidth: plan.pixelWidth,
                               pixelHeight: plan.pixelHeight, scale: scale, frameCount: plan.frameCount)
        return (item, keyFrames)
    }

    private func path(_ file: String) -> String {
        (options.directory as NSString).appendingPathComponent(file)
    }

    private func write(_ bytes: [UInt8], to file: String) throws {
        try AtomicFile.write(bytes, to: path(file))
    }
}
