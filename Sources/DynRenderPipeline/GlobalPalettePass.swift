import DynRenderCodecs
import DynRenderDisplayList
import DynRenderPixels
import DynRenderRaster

/// The first pass of a GIF in one palette (`GIFPalette.global`): every frame of the source is
/// drawn once to count how long each colour is on screen, and kept as its display list, so the
/// second pass draws the same frames again without running the scene twice (a scene's time only
/// moves forward). A display list is a few kilobytes, where a frame is megabytes.
struct GlobalPalettePass {
    /// The frames the source gave, in order.
    private(set) var frames: [DisplayListFrame] = []
    private var screenTime = ScreenTimeHistogram()
    private let rasterizer = Rasterizer()
    /// The last frame drawn and the display list it is the render of.
    private var shown: (image: RGBAImage, list: DisplayList)?
    /// The GIF clock's tick at which the last frame was shown.
    private var shownAt = 0
    private let clock = GIFTiming.clock

    /// Draws `frame` (already checked against the limits) and counts its colours from the time it
    /// is shown until the next frame's.
    mutating func add(_ frame: DisplayListFrame) {
        let tick = clock.ticks(at: frame.time)
        screenTime.advance(by: max(tick - shownAt, 0))
        shownAt = max(tick, shownAt)
        frames.append(frame)
        let list = frame.list
        guard let (before, beforeList) = shown else {
            let image = rasterizer.render(list).intoImage()
            count(image, rows: 0..<image.height, before: nil)
            shown = (image, list)
            return
        }
        if list == beforeList { return }
        guard before.width == list.pixelWidth, before.height == list.pixelHeight else {
            // Every frame of a render has the same canvas (`FrameRenderer` checks the first).
            preconditionFailure("frames of one render differ in size")
        }
        // Drawn over a copy of the frame before, in the rows where the lists say they may differ
        // (all of them when the lists cannot say), as the render's own canvas is.
        let rows = rasterizer.rowsThatMayDiffer(between: beforeList, and: list) ?? 0..<before.height
        var canvas = Canvas(reusing: before)
        if !rows.isEmpty { rasterizer.render(list, into: &canvas, rows: rows) }
        let image = canvas.intoImage()
        count(image, rows: rows, before: before)
        shown = (image, list)
    }

    /// The palette for the frames added, the last shown until `endTime` (seconds).
    mutating func palette(endTime: Double) -> GIFGlobalPalette {
        screenTime.advance(by: max(clock.ticks(at: endTime) - shownAt, 0))
        shownAt = max(clock.ticks(at: endTime), shownAt)
        return GIFGlobalPalette(screenTime: screenTime)
    }

    /// Counts the pixels of `image` in `rows` that differ from `before` (every pixel of the first
    /// frame) as arriving, and what they replace as leaving: a frame's changes summed per colour
    /// first, so the histogram is touched once a colour.
    private mutating func count(_ image: RGBAImage, rows: Range<Int>, before: RGBAImage?) {
        var changes = ColorTable()
        image.pixels.withUnsafePixelWords { now in
            guard let before else {
                for word in now { changes.add(1, to: word & 0x00FF_FFFF) }
                return
            }
            before.pixels.withUnsafePixelWords { old in
                for i in (rows.lowerBound * image.width)..<(rows.upperBound * image.width) where now[i] != old[i] {
                    changes.add(1, to: now[i] & 0x00FF_FFFF)
                    changes.add(-1, to: old[i] & 0x00FF_FFFF)
                }
            }
        }
        for (color, change) in changes.sortedEntries where change != 0 {
            screenTime.change(color, by: Int(change))
        }
    }
}

/// A render's frames played again from their display lists: the second pass of
/// `GlobalPalettePass`, with the first source's timing and description.
struct ReplayedFrames: FrameSource {
    private let frames: [DisplayListFrame]
    private var index = 0
    let endTime: Double
    let plannedEndTime: Double?
    let expectedFrameCount: Int
    let description: [(key: String, json: String)]

    init<Source: FrameSource>(_ frames: [DisplayListFrame], of source: Source) {
        self.frames = frames
        endTime = source.endTime
        plannedEndTime = source.plannedEndTime
        expectedFrameCount = source.expectedFrameCount
        description = source.description
    }

    mutating func next() throws -> DisplayListFrame? {
        guard index < frames.count else { return nil }
        defer { index += 1 }
        return frames[index]
    }
}
