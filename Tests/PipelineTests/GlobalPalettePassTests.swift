import Testing
import DynRender
@testable import DynRenderPipeline

/// The first pass of a GIF in one palette keeps every frame's display list, within a stated
/// limit, and refuses a frame whose canvas is not the first one's with a message instead of
/// trapping: one palette is counted over one canvas.
@Suite struct GlobalPalettePassTests {
    func frame(_ index: Int, width: Double, fill: RGBA8) -> DisplayListFrame {
        DisplayListFrame(index: index, time: Double(index) / 50, list: DisplayList(
            size: CGSize(width: width, height: 8), scale: 1, background: RGBA8(255, 255, 255), shapes: [
                .rect(RoundedRectangle(center: CGPoint(x: 4, y: 4), size: CGSize(width: 4, height: 4), fill: fill))]))
    }

    @Test func aFrameOfAnotherSizeIsRefused() throws {
        var pass = GlobalPalettePass(expectedFrameCount: 3)
        try pass.add(frame(0, width: 8, fill: RGBA8(200, 0, 0)))
        try pass.add(frame(1, width: 8, fill: RGBA8(0, 200, 0)))
        #expect(throws: RenderUsageError("frame 2 is 9×8 px, the first was 8×8: a GIF in one palette needs one canvas size")) {
            try pass.add(frame(2, width: 9, fill: RGBA8(0, 0, 200)))
        }
        #expect(pass.frames.count == 2)
    }

    /// A list of `count` small squares filled with 1 000-stop gradients (about 4 MB of display
    /// list for 200), most of them off the canvas, so drawing it is quick.
    func crowded(_ count: Int, index: Int, shade: UInt8 = 0) -> DisplayListFrame {
        let stops = (0..<1_000).map { GradientStop(Double($0) / 999, RGBA8(UInt8($0 & 255), shade, 0)) }
        return DisplayListFrame(index: index, time: Double(index) / 50, list: DisplayList(
            size: CGSize(width: 8, height: 8), scale: 1, background: RGBA8(255, 255, 255),
            shapes: (0..<count).map { k in
                var square = RoundedRectangle(center: CGPoint(x: 4 + 20 * Double(k), y: 4), size: CGSize(width: 2, height: 2),
                                              fill: RGBA8(0, shade, 0))
                square.gradient = Gradient(axialFrom: CGPoint(x: 0, y: 0), to: CGPoint(x: 8, y: 0), stops: stops)
                return .rect(square)
            }))
    }

    @Test func theFirstFrameTimesTheExpectedCountIsCheckedBeforeDrawing() throws {
        let frame = crowded(200, index: 0)
        let bytes = frame.list.estimatedBytes
        // The stops alone: 200 × 1 000 of them, each a location and a colour.
        #expect(bytes >= 200 * 1_000 * 12)
        let fits = RenderLimits.maximumHeldDisplayListBytes / bytes
        var pass = GlobalPalettePass(expectedFrameCount: fits + 1)
        #expect(throws: RenderUsageError.self) { try pass.add(frame) }
        #expect(pass.frames.isEmpty)
        var within = GlobalPalettePass(expectedFrameCount: fits)
        try within.add(frame)
        #expect(within.heldBytes == bytes)
    }

    @Test func everyNewPictureCountsTowardsTheLimit() throws {
        // Two lists of the same size taking turns: every frame differs from the one before.
        let lists = [crowded(200, index: 0).list, crowded(200, index: 0, shade: 1).list]
        let bytes = lists[0].estimatedBytes
        #expect(lists[1].estimatedBytes == bytes)
        let fits = RenderLimits.maximumHeldDisplayListBytes / bytes
        var pass = GlobalPalettePass(expectedFrameCount: 1)
        for index in 0..<fits {
            try pass.add(DisplayListFrame(index: index, time: Double(index) / 50, list: lists[index % 2]))
        }
        #expect(pass.heldBytes == fits * bytes)
        let error = #expect(throws: RenderUsageError.self) {
            try pass.add(DisplayListFrame(index: fits, time: Double(fits) / 50, list: lists[fits % 2]))
        }
        #expect(error?.description.contains("by frame \(fits)") == true)
        #expect(pass.frames.count == fits)
    }

    /// A frame equal to the one before shares its storage: a scene at rest holds nothing more.
    @Test func aRepeatedPictureHoldsNothingMore() throws {
        let list = crowded(200, index: 0).list
        let bytes = list.estimatedBytes
        let fits = RenderLimits.maximumHeldDisplayListBytes / bytes
        var pass = GlobalPalettePass(expectedFrameCount: 1)
        for index in 0..<(fits + 2) {
            // A list built afresh each frame, as a scene builds it.
            try pass.add(crowded(200, index: index))
        }
        #expect(pass.heldBytes == bytes)
        #expect(pass.frames.count == fits + 2)
        #expect(pass.frames.allSatisfy { $0.list == list })
        // One array of entries for all of them.
        let storage = Set(pass.frames.map { $0.list.shapes.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) } })
        #expect(storage.count == 1)
    }

    @Test func theEstimateCountsPathsTextAndGroups() {
        let square = DisplayItem.rect(RoundedRectangle(center: CGPoint(x: 4, y: 4), size: CGSize(width: 2, height: 2),
                                                       fill: RGBA8(0, 0, 0)))
        let empty = DisplayList(size: CGSize(width: 8, height: 8), scale: 1, background: RGBA8(255, 255, 255))
        var one = empty
        one.shapes = [square]
        let entry = one.estimatedBytes - empty.estimatedBytes
        #expect(entry > 0)
        var grouped = empty
        grouped.shapes = [.group(DisplayGroup(shapes: [square, square]))]
        #expect(grouped.estimatedBytes - empty.estimatedBytes == 3 * entry)
        var path = VectorPath()
        for k in 0..<1_000 { path.line(to: Vector2(Double(k), 1)) }
        var long = empty
        long.shapes = [.path(PathShape(path: path, fill: RGBA8(0, 0, 0)))]
        #expect(long.estimatedBytes - empty.estimatedBytes >= entry + 1_000 * 16)
        // Text: the entry and its UTF-8 bytes ("é" is two).
        func text(_ string: String) -> Int {
            var list = empty
            list.shapes = [.text(TextRun(text: string, font: FontDescriptor(source: .family("Inter", weight: 400), size: 17),
                                         origin: CGPoint(x: 0, y: 8), fill: RGBA8(0, 0, 0)))]
            return list.estimatedBytes - empty.estimatedBytes
        }
        #expect(text("café au lait") - text("") == 13)
    }
}
