import ArgumentParser
import DynRender

/// The output options every rendering command shares: where to write and how.
struct OutputOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Write an animated GIF here.", valueName: "path"))
    var gif: String?

    @Option(help: ArgumentHelp("Write an animated PNG (APNG) here: full alpha, no palette.", valueName: "path"))
    var apng: String?

    @Option(help: ArgumentHelp("Write an animated WebP here: lossless unless --webp-quality is given.", valueName: "path"))
    var webp: String?

    @Option(name: .customLong("webp-quality"), parsing: .unconditional, help: ArgumentHelp("Lossy WebP at this quality, 0...100 (80 suits photographs); each frame is stored lossless instead where that is smaller, so UI frames stay exact.", valueName: "Q"))
    var webpQuality: Double?

    @Option(name: .customLong("png-dir"), help: ArgumentHelp("Write a PNG sequence into this directory.", valueName: "dir"))
    var pngDirectory: String?

    @Flag(help: "Ordered dithering in GIF frames with more than 256 colours (gradients, shadows); off by default.")
    var dither = false

    @Option(parsing: .unconditional, help: ArgumentHelp("Lossy GIF: how far (RGB distance, 0 = off) an edge or gradient pixel may move so LZW finds longer strings; flat fills stay exact. Saves 1-16 %, most on shadows and anti-aliased edges.", valueName: "N"))
    var lossy: Int = 0

    @Option(name: .customLong("gif-palette"), help: ArgumentHelp("per-frame (the default: exact colours in flat UI frames) or global: one palette for the whole animation, chosen in a first pass over the frames. Smaller where every frame holds hundreds of colours (shadows, gradients); lossy beyond 255 colours; not with --dither.", valueName: "kind"))
    var gifPalette: GIFPalette = .perFrame

    @Option(parsing: .unconditional, help: ArgumentHelp("How many times the GIF, APNG or WebP plays; 0 = for ever.", valueName: "N"))
    var loop: Int = 0

    @Option(name: .customLong("png-level"), parsing: .unconditional, help: ArgumentHelp("zlib level of PNG frames, 0...9.", valueName: "N"))
    var pngLevel: Int = RenderOptions.defaultPNGCompressionLevel

    @Option(parsing: .unconditional, help: ArgumentHelp("1 to render on one thread; 2 (the default on a multi-core machine) encodes while the next frame is drawn. Output is identical.", valueName: "N"))
    var threads: Int?

    @Flag(help: "Print nothing on success.")
    var quiet = false

    /// Whether any image output was asked for.
    var hasImageOutput: Bool { gif != nil || apng != nil || webp != nil || pngDirectory != nil }

    /// Copies these options into `options`; `FrameRenderer` checks them.
    func apply(to options: inout RenderOptions) {
        options.gifPath = gif
        options.apngPath = apng
        options.webpPath = webp
        options.webpQuality = webpQuality
        options.gifQuality = GIFQuality(dithers: dither, lossiness: lossy, palette: gifPalette)
        options.pngDirectory = pngDirectory
        options.loop = loop == 0 ? .forever : .times(loop)
        options.pngCompressionLevel = pngLevel
        if let threads { options.threads = threads }
    }
}

/// `--gif-palette per-frame|global`.
extension GIFPalette: ExpressibleByArgument {}
