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
    /// About how many bytes the frames' display lists hold (`DisplayList.estimatedBytes`).
    private(set) var heldBytes = 0
    /// How many frames the source expects to give (checked against the limit at the first).
    private let expectedFrameCount: Int

    init(expectedFrameCount: Int) {
        self.expectedFrameCount = expectedFrameCount
    }

    /// Draws `frame` (already checked against the limits) and counts its colours from the time it
    /// is shown until the next frame's. A frame equal to the one before is kept as that one's
    /// list, sharing its storage, so a scene at rest holds nothing more. Throws, before drawing,
    /// when the display lists kept would pass `RenderLimits.maximumHeldDisplayListBytes` (at the
    /// first frame, when it times the expected frame count would), and when its canvas is not the
    /// first frame's: every source of a render gives one size (`DisplayListFile` refuses a line
    /// of another), so that guards against a source that would not.
    mutating func add(_ frame: DisplayListFrame) throws {
        let list = frame.list
        if let (before, beforeList) = shown {
            guard before.width == list.pixelWidth, before.height == list.pixelHeight else {
                throw RenderUsageError("frame \(frame.index) is \(list.pixelWidth)×\(list.pixelHeight) px, the first was "
                                       + "\(before.width)×\(before.height): a GIF in one palette needs one canvas size")
            }
            if list == beforeList {
                advanceClock(to: frame.time)
                frames.append(DisplayListFrame(index: frame.index, time: frame.time, list: beforeList))
                return
            }
        }
        let bytes = list.estimatedBytes
        let projected = frames.isEmpty ? bytes * max(expectedFrameCount, 1) : heldBytes + bytes
        guard projected <= RenderLimits.maximumHeldDisplayListBytes else {
            throw Self.tooMuchHeld(projected, atFrame: frame.index, projection: frames.isEmpty)
        }
        heldBytes += bytes
        advanceClock(to: frame.time)
        frames.append(frame)
        guard let (before, beforeList) = shown else {
            let image = rasterizer.render(list).intoImage()
            count(image, rows: 0..<image.height, before: nil)
            shown = (image, list)
            return
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

    /// The error for display lists that would hold `bytes`: projected from the first frame, or
    /// reached at `frame`.
    private static func tooMuchHeld(_ bytes: Int, atFrame frame: Int, projection: Bool) -> RenderUsageError {
        let megabytes = (Double(bytes) / 1_048_576).rounded(.up)
        let limit = RenderLimits.maximumHeldDisplayListBytes >> 20
        let what = projection ? "this render's frames would hold about \(Int(megabytes)) MiB of display lists"
                              : "this render's frames hold over \(limit) MiB of display lists by frame \(frame)"
        return RenderUsageError([.option(.gifPalette), .text(" global keeps every frame for a second pass, and " + what
                                 + " (the limit is \(limit) MiB): render fewer frames ("), .option(.duration), .text(", "),
                                 .option(.fps), .text(") or use "), .option(.gifPalette), .text(" per-frame")])
    }

    /// The palette for the frames added, the last shown until `endTime` (seconds).
    mutating func palette(endTime: Double) -> GIFGlobalPalette {
        advanceClock(to: endTime)
        return GIFGlobalPalette(screenTime: screenTime)
    }

    /// Counts what is on screen as shown until `time` (seconds), in the GIF clock's ticks.
    private mutating func advanceClock(to time: Double) {
        let tick = clock.ticks(at: time)
        screenTime.advance(by: max(tick - shownAt, 0))
        shownAt = max(tick, shownAt)
    }

    /// Counts the pixels of `image` in `rows` that differ from `before` (every pixel of the first
    /// frame) as arriving, and what they replace as leaving: a frame's changes summed per colour
    /// first, so the histogram is touched once a colour, and run by run within the frame (a run
    /// of one colour arriving, or leaving, is one addition), so the table is touched once a run.
    private mutating func count(_ image: RGBAImage, rows: Range<Int>, before: RGBAImage?) {
        var changes = ColorTable()
        var arriving = ColorRun(), leaving = ColorRun()
        image.pixels.withUnsafePixelWords { now in
            guard let before else {
                for word in now { arriving.add(word & 0x00FF_FFFF, into: &changes, sign: 1) }
                return
            }
            before.pixels.withUnsafePixelWords { old in
                for i in (rows.lowerBound * image.width)..<(rows.upperBound * image.width) where now[i] != old[i] {
                    arriving.add(now[i] & 0x00FF_FFFF, into: &changes, sign: 1)
                    leaving.add(old[i] & 0x00FF_FFFF, into: &changes, sign: -1)
                }
            }
        }
        arriving.end(into: &changes, sign: 1)
        leaving.end(into: &changes, sign: -1)
        for (color, change) in changes.sortedEntries where change != 0 {
            screenTime.change(color, by: Int(change))
        }
    }
}

/// Consecutive counts of one colour, added to a table at once when the colour changes.
private struct ColorRun {
    var color: UInt32 = 0, length: Int32 = 0

    @inline(__always)
    mutating func add(_ next: UInt32, into table: inout ColorTable, sign: Int32) {
        if next != color {
            end(into: &table, sign: sign)
            color = next
        }
        length &+= 1
    }

    mutating func end(into table: inout ColorTable, sign: Int32) {
        if length > 0 { table.add(sign &* length, to: color) }
        length = 0
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
