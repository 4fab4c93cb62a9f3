import Foundation
import DynRenderCodecs
import DynRenderDisplayList
import DynRenderText
import DynRenderImages
import DynRenderRaster
import DynRenderScene
import DynRenderPixels

/// Progress of a render, reported after each frame.
///
/// ```swift
/// try scene.render(options: options) { progress in print("\(progress.frame) of \(progress.frameCount)") }
/// ```
public struct RenderProgress: Sendable {
    /// Frames done so far.
    public var frame: Int
    /// Frames in the render.
    public var frameCount: Int
}

/// The streaming pipeline behind every render: each frame's display list is taken from the
/// source (a scene advanced to the frame's time, or a display-list file), drawn into one reused canvas, and handed
/// to every output. Memory is therefore the same for a 2 s and a 60 s render.
///
/// With `options.threads` = 2 the outputs run on a second thread, fed in order through a
/// `FrameHandoff` of two frames, so encoding frame n overlaps simulating and drawing frame n + 1;
/// the outputs see the same frames in the same order, so the files are byte-identical to a
/// single-threaded run.
///
/// Outputs are written atomically: on any error every output is abandoned, no partial file is left,
/// and files already at the destinations are untouched.
///
/// ```swift
/// var options = RenderOptions()
/// options.gifPath = "out.gif"
/// let renderer = try FrameRenderer(options: options)
/// var file = try DisplayListFile(path: "frames.jsonl")
/// try renderer.run(&file)
/// ```
package struct FrameRenderer {
    /// The options the renderer was made with, checked.
    package let options: RenderOptions

    /// Checks the output options (lossiness, loop, PNG level, threads; `RenderPlan` checks a
    /// scene's timing and canvas) and throws a `RenderUsageError` naming the bad one.
    package init(options: RenderOptions) throws {
        guard (0...GIFQuality.maximumLossiness).contains(options.gifQuality.lossiness) else {
            throw RenderUsageError(.lossiness, " must be 0...\(GIFQuality.maximumLossiness), not \(options.gifQuality.lossiness)")
        }
        if case .times(let plays) = options.loop, plays < 1 {
            throw RenderUsageError(.loop, " must be 0 (for ever) or a positive count, not \(plays)")
        }
        guard (0...9).contains(options.pngCompressionLevel) else {
            throw RenderUsageError(.pngCompressionLevel, " must be 0...9, not \(options.pngCompressionLevel)")
        }
        guard (1...RenderLimits.maximumThreads).contains(options.threads) else {
            throw RenderUsageError(.threads, " must be 1 or \(RenderLimits.maximumThreads), not \(options.threads)")
        }
        if options.gifQuality.palette == .global && options.gifQuality.dithers {
            throw RenderUsageError([.text("a GIF in one palette ("), .option(.gifPalette), .text(" global) is not dithered: "),
                                    .text("drop "), .option(.dither), .text(" or use the per-frame palette")])
        }
        if let quality = options.webpQuality {
            guard options.webpPath != nil else {
                throw RenderUsageError([.option(.webpQuality), .text(" is for lossy WebP; give "), .option(.webp), .text(" too")])
            }
            guard quality.isFinite, (0...100).contains(quality) else {
                throw RenderUsageError(.webpQuality, " must be 0...100, not \(RenderPlan.format(quality))")
            }
        }
        self.options = options
    }

    /// Refuses a canvas the outputs cannot hold (WebP: at most 16 383 pixels a side), before
    /// anything is drawn or written.
    package func checkOutputs(width: Int, height: Int) throws {
        if options.webpPath != nil && (width > WebPTiming.maximumSide || height > WebPTiming.maximumSide) {
            throw RenderUsageError([.text("the canvas would be \(width)x\(height) pixels; a WebP holds at most \(WebPTiming.maximumSide) a side (lower "),
                                    .option(.scale), .text(" or "), .option(.size), .text(", or write another format)")])
        }
    }

    /// Renders `scene` from its start as `plan` says, to the outputs in `options`; returns how
    /// many frames. `identity` heads the PNG sequence's manifest (a scene's or demo's name, say).
    @discardableResult
    package func render(_ scene: Scene, plan: RenderPlan, identity: [(key: String, json: String)] = [],
                       progress: ((RenderProgress) -> Void)? = nil) throws -> Int {
        try checkOutputs(width: plan.pixelWidth, height: plan.pixelHeight)
        var source = try SceneFrames(scene: scene, plan: plan, identity: identity)
        return try run(&source, progress: progress)
    }

    /// Renders every frame of `source` to the outputs in `options`; returns how many frames.
    /// A GIF in one palette (`GIFPalette.global`) takes two passes: the first draws every frame
    /// to choose the palette and keeps the display lists, the second draws them again for every
    /// output; progress counts both.
    @discardableResult
    package func run<Source: FrameSource>(_ source: inout Source, progress: ((RenderProgress) -> Void)? = nil) throws -> Int {
        guard options.gifPath != nil, options.gifQuality.palette == .global else {
            return try write(&source, globalPalette: nil, progress: progress)
        }
        var pass = GlobalPalettePass(expectedFrameCount: source.expectedFrameCount)
        let total = 2 * source.expectedFrameCount
        while let frame = try source.next() {
            try check(frame)
            if pass.frames.isEmpty {
                try RenderPlan.checkCanvas(width: frame.list.pixelWidth, height: frame.list.pixelHeight)
                try checkOutputs(width: frame.list.pixelWidth, height: frame.list.pixelHeight)
            }
            try pass.add(frame)
            progress?(RenderProgress(frame: pass.frames.count, frameCount: total))
        }
        let palette = pass.palette(endTime: source.endTime)
        var replay = ReplayedFrames(pass.frames, of: source)
        let done = pass.frames.count
        return try write(&replay, globalPalette: palette, progress: progress.map { report in
            { report(RenderProgress(frame: done + $0.frame, frameCount: total)) }
        })
    }

    /// Every frame within the display list's limits, its fonts and pictures found, before it is
    /// drawn: a scene's numbers can run away (a thrown item, a huge transform) as well as a file's.
    private func check(_ frame: DisplayListFrame) throws {
        do {
            try frame.list.checkLimits()
            try frame.list.checkFonts()
            try frame.list.checkImages()
        } catch let error as DisplayListLimitError {
            throw RenderUsageError("frame \(frame.index) (t = \(RenderPlan.format(frame.time)) s): \(error)")
        }
    }

    /// The render proper: every frame of `source` drawn and handed to every output, the GIF in
    /// `globalPalette` when one is given.
    private func write<Source: FrameSource>(_ source: inout Source, globalPalette: GIFGlobalPalette?,
                                            progress: ((RenderProgress) -> Void)?) throws -> Int {
        var outputs: [FrameOutput] = []
        var encoder: EncodingThread?
        do {
            let rasterizer = Rasterizer()
            // The animations keep what they need of a frame as it is handed to them, so one
            // canvas serves, redrawn in place; a PNG sequence written on the second thread reads
            // its frame later, so two more keep it from being copied.
            var buffers = FrameBuffers(depth: options.pngDirectory != nil && options.threads > 1 ? 3 : 1)
            var started = false
            var needsPixels = false, needsChange = false
            var count = 0
            while let frame = try source.next() {
                // Checked in the first pass already when there was one.
                if globalPalette == nil { try check(frame) }
                if !started {
                    started = true
                    try RenderPlan.checkCanvas(width: frame.list.pixelWidth, height: frame.list.pixelHeight)
                    try checkOutputs(width: frame.list.pixelWidth, height: frame.list.pixelHeight)
                    outputs = try makeOutputs(width: frame.list.pixelWidth, height: frame.list.pixelHeight,
                                              expectedFrames: source.expectedFrameCount, endTime: source.plannedEndTime,
                                              globalPalette: globalPalette)
                    needsPixels = outputs.contains(where: \.needsPixels)
                    needsChange = outputs.contains(where: \.needsChange)
                    if options.threads > 1 { encoder = EncodingThread() }
                }
                var image: RGBAImage?
                var change = FrameChange.unknown
                if needsPixels, let latest = buffers.latest, frame.list == latest.list {
                    // The same display list draws the same pixels (the rasteriser is deterministic):
                    // a scene at rest costs a comparison of its shapes, not a frame's drawing.
                    image = latest.image
                    change = .identical
                } else if needsPixels {
                    // A canvas reused from an earlier frame is redrawn only in the rows where this
                    // frame can differ from that one, and the outputs are told the rows where it
                    // can differ from the last frame: the rest are equal by construction.
                    let previousList = buffers.latest?.list
                    var (canvas, held) = buffers.canvas(width: frame.list.pixelWidth, height: frame.list.pixelHeight)
                    var redrawn: PixelRect?
                    if let held {
                        redrawn = rasterizer.regionThatMayDiffer(between: held, and: frame.list)
                        if let redrawn { rasterizer.render(frame.list, into: &canvas, rows: redrawn.y..<redrawn.maxY) }
                    } else {
                        rasterizer.render(frame.list, into: &canvas)
                    }
                    let drawn = canvas.intoImage()
                    if needsChange, let previousList, previousList.pixelWidth == drawn.width,
                       previousList.pixelHeight == drawn.height {
                        // Where this frame can differ from the last, as the display lists say: the
                        // box just redrawn (in whole rows) when the canvas held the last frame.
                        let box = held == previousList ? redrawn : rasterizer.regionThatMayDiffer(between: previousList, and: frame.list)
                        change = box.map { .region($0) } ?? .identical
                    }
                    buffers.keep(drawn, list: frame.list)
                    image = drawn
                }
                if let encoder {
                    // When the writing thread is behind — its queue full — this thread does the
                    // heavy part too. (Rejected: doing it whenever the writer is busy, which also
                    // keeps frames out of the handoff: this thread then compressed too much and
                    // drew too little, photos 19 % slower at scale 3. And doing it as soon as one
                    // frame waited, with two allowed to: after each large frame this thread took
                    // over the small ones that followed while the writer then sat idle, 31 % of
                    // the alert demo's samples on its thread against 69 % on this one.)
                    let behind = encoder.isFull
                    try encoder.add(try outputs.map { try $0.prepare(frame, image: image, change: change, writerIsBehind: behind) })
                } else {
                    for output in outputs { try output.prepare(frame, image: image, change: change, writerIsBehind: false)() }
                }
                count += 1
                progress?(RenderProgress(frame: count, frameCount: source.expectedFrameCount))
            }
            try encoder?.finish()
            for output in outputs { try output.finish(endTime: source.endTime, source: source.description) }
            return count
        } catch {
            encoder?.stop()
            for output in outputs { output.cancel() }
            throw error
        }
    }

    private func makeOutputs(width: Int, height: Int, expectedFrames: Int, endTime: Double?,
                             globalPalette: GIFGlobalPalette?) throws -> [FrameOutput] {
        var outputs: [FrameOutput] = []
        do {
            if let path = options.tracePath { outputs.append(try TraceOutput(path: path, embedsImages: options.traceEmbedsImages)) }
            if let path = options.gifPath {
                outputs.append(try AnimationOutput(GIFWriter(path: path, width: width, height: height,
                                                             loop: options.loop, quality: options.gifQuality,
                                                             globalPalette: globalPalette),
                                               endTime: endTime))
            }
            let plays: Int
            switch options.loop {
            case .forever: plays = 0
            case .times(let count): plays = count
            }
            if let path = options.apngPath {
                // Canvases are always opaque (the background is), so frames are RGB.
                outputs.append(try AnimationOutput(APNGWriter(path: path, width: width, height: height,
                                                              plays: plays, opaque: true),
                                               endTime: endTime))
            }
            if let path = options.webpPath {
                outputs.append(try AnimationOutput(WebPWriter(path: path, width: width, height: height, plays: min(plays, 65_535),
                                                              settings: WebPSettings(quality: options.webpQuality)),
                                               endTime: endTime))
            }
            if let directory = options.pngDirectory {
                outputs.append(try PNGSequenceOutput(directory: directory, expectedFrames: expectedFrames,
                                                     level: options.pngCompressionLevel))
            }
            return outputs
        } catch {
            for output in outputs { output.cancel() }
            throw error
        }
    }
}

/// The last few frames handed to the outputs. The oldest one's storage becomes the next frame's
/// canvas: by then the outputs have (almost always) let go of it, so drawing into it neither
/// allocates nor copies; if an output still holds it, copy-on-write keeps that output's frame
/// intact. `depth` covers what the outputs hold after `prepare`: nothing for the animations
/// (their sequencer packs what it keeps), so 1; a PNG sequence on the writing thread holds a
/// frame until it is written, and sometimes one waits.
struct FrameBuffers {
    /// The frames, oldest first, each with the display list it is the render of.
    private var frames: [(image: RGBAImage, list: DisplayList)] = []
    let depth: Int

    init(depth: Int) {
        self.depth = depth
    }

    /// A canvas for the next frame, and the display list whose render it holds (nil for a new,
    /// transparent canvas).
    mutating func canvas(width: Int, height: Int) -> (Canvas, holding: DisplayList?) {
        if frames.count >= depth {
            let oldest = frames.removeFirst()
            if oldest.image.width == width && oldest.image.height == height {
                return (Canvas(reusing: oldest.image), oldest.list)
            }
        }
        return (Canvas(width: width, height: height), nil)
    }

    /// The frame just drawn from `list`, kept as the newest.
    mutating func keep(_ image: RGBAImage, list: DisplayList) {
        frames.append((image, list))
    }

    var latest: (image: RGBAImage, list: DisplayList)? { frames.last }
}
