import Foundation
import DynRenderDisplayList
import DynRenderGeometry
import DynRenderPixels
import DynRenderText

/// Painting: fills, strokes, clips and gradients, recorded as display-list entries.
extension GraphicsContext {
    // MARK: Recording

    /// Records `item` (context coordinates) under the clips in force.
    func record(_ item: DisplayItem) {
        // Each drawing casts its own shadow, as in Core Graphics.
        let item = state.shadow.map { DisplayItem.group(DisplayGroup(shapes: [item], shadow: $0)) } ?? item
        if state.clips != runClips {
            flushRun()
            runClips = state.clips
        }
        run.append(item)
    }

    /// Wraps the entries drawn under the same clips in one group masked by those clips (each
    /// further clip masking the one before, so they intersect), and files them.
    func flushRun() {
        defer { run = [] }
        guard !run.isEmpty else { return }
        guard let first = runClips.first else {
            finished += run
            return
        }
        var mask = DisplayItem.path(first)
        for clip in runClips.dropFirst() { mask = .group(DisplayGroup(shapes: [.path(clip)], mask: [mask])) }
        finished.append(.group(DisplayGroup(shapes: run, mask: [mask])))
    }

    /// The current transform's linear part and translation, for entries made in user space.
    private var placement: (origin: CGPoint, linear: CGAffineTransform) {
        let t = state.transform
        return (CGPoint(x: t.tx, y: t.ty), CGAffineTransform(a: t.a, b: t.b, c: t.c, d: t.d, tx: 0, ty: 0))
    }

    /// The path back in user space, or nil when the transform cannot be undone.
    private var userPath: VectorPath? {
        let t = state.transform
        let det = t.a * t.d - t.b * t.c
        guard det != 0, det.isFinite else { return nil }
        return path.applying(t.inverted())
    }

    private func emit(fill: RGBA8?, rule: FillRule, stroke: Bool) {
        defer { beginPath() }
        guard !path.isEmpty, let userPath else { return }
        checkSize(of: path, stroke ? "strokePath" : "fillPath")
        // The path back in user space, placed and turned by the transform, so a stroke's width
        // and dashes are in user space, as in Core Graphics.
        let (origin, linear) = placement
        if let fill {
            record(.path(PathShape(path: userPath, fillRule: rule, origin: origin, transform: linear, fill: fill, alpha: state.alpha)))
        }
        if stroke {
            var outline = userPath
            if let dash = state.dash, let dashed = PathMeasure(userPath).dashed(pattern: dash.lengths, phase: dash.phase) {
                outline = dashed
                checkSize(of: outline, "strokePath (dashed)")
            }
            record(.path(PathShape(path: outline, origin: origin, transform: linear, fill: RGBA8(0, 0, 0, 0), alpha: state.alpha,
                                   stroke: PathStroke(width: state.lineWidth, color: state.stroke, join: state.join, cap: state.cap,
                                                      miterLimit: state.miterLimit))))
        }
    }

    // MARK: Painting

    /// Fills the path (nonzero winding by default) and clears it.
    public func fillPath(using rule: FillRule = .nonzero) { emit(fill: state.fill, rule: rule, stroke: false) }
    /// Strokes the path with the line attributes and clears it.
    public func strokePath() { emit(fill: nil, rule: .nonzero, stroke: true) }
    /// Fills then strokes the path, as `drawPath(using: .fillStroke)`.
    public func fillAndStrokePath(using rule: FillRule = .nonzero) { emit(fill: state.fill, rule: rule, stroke: true) }

    /// Fills `rect` (the current path is replaced).
    public func fill(_ rect: CGRect) { beginPath(); addRect(rect); fillPath() }
    /// Fills each of `rects`.
    public func fill(_ rects: [CGRect]) { beginPath(); rects.forEach(addRect); fillPath() }
    /// Strokes `rect`'s outline.
    public func stroke(_ rect: CGRect) { beginPath(); addRect(rect); strokePath() }
    /// Strokes `rect`'s outline `width` points wide.
    public func stroke(_ rect: CGRect, width: CGFloat) {
        saveGState()
        setLineWidth(width)
        stroke(rect)
        restoreGState()
    }
    /// Fills the ellipse inscribed in `rect`.
    public func fillEllipse(in rect: CGRect) { beginPath(); addEllipse(in: rect); fillPath() }
    /// Strokes the ellipse inscribed in `rect`.
    public func strokeEllipse(in rect: CGRect) { beginPath(); addEllipse(in: rect); strokePath() }
    /// Strokes the lines between each pair of `points` (`strokeLineSegments(between:)`).
    public func strokeLineSegments(between points: [CGPoint]) {
        beginPath()
        for pair in stride(from: 0, to: points.count - 1, by: 2) {
            move(to: points[pair])
            addLine(to: points[pair + 1])
        }
        strokePath()
    }
    /// Makes `rect` transparent: paints nothing here (a recorded drawing starts transparent),
    /// so it is only right on an area nothing was drawn on yet; otherwise it stops with a message.
    public func clear(_ rect: CGRect) {
        guard items.isEmpty else { Self.unsupported("clear(_:) over what was drawn") }
    }

    // MARK: Clipping

    /// Intersects the clip with the current path's area by `rule`, and clears the path.
    public func clip(using rule: FillRule = .nonzero) {
        defer { beginPath() }
        guard state.clips.count < Self.maximumClips else {
            fatalError("CGContext.clip: at most \(Self.maximumClips) clips may be in force at once (each is a layer of the drawing); restore the state, or clip to one path")
        }
        checkSize(of: path, "clip")
        state.clips.append(PathShape(path: path, fillRule: rule, fill: RGBA8(0, 0, 0)))
    }

    /// Most clips in force at once: each nests the drawing one group deeper, and a frame's
    /// groups nest at most `DisplayListLimits.maximumGroupDepth` (8) deep, views included.
    public static let maximumClips = 3

    /// Stops with a message when `path` has more elements than a display-list path may.
    private func checkSize(of path: VectorPath, _ call: String) {
        guard path.elements.count <= DisplayListLimits.maximumPathCommands else {
            fatalError("CGContext.\(call): a path of \(path.elements.count) elements is over the limit of \(DisplayListLimits.maximumPathCommands)")
        }
    }

    /// Intersects the clip with `rect` (user space).
    public func clip(to rect: CGRect) {
        beginPath()
        addRect(rect)
        clip()
    }

    /// Intersects the clip with the union of `rects` (user space).
    public func clip(to rects: [CGRect]) {
        beginPath()
        rects.forEach(addRect)
        clip()
    }

    /// Removes every clip (`resetClip()`, iOS 16).
    public func resetClip() { state.clips = [] }

    /// The bounding box of the clip in user space: the context's area (infinite without one)
    /// cut by the boxes of the clip paths.
    public var boundingBoxOfClipPath: CGRect {
        guard let area = clipArea, !area.isNull else { return .null }
        guard !area.isInfinite else { return .infinite }
        let t = state.transform
        let det = t.a * t.d - t.b * t.c
        guard det != 0, det.isFinite else { return .null }
        return area.applying(t.inverted())
    }

    /// The area drawing can reach in context coordinates: `bounds` cut by the clips' boxes;
    /// infinite with neither, nil when empty.
    private var clipArea: CGRect? {
        var area = bounds.isNull ? CGRect.infinite : bounds
        for clip in state.clips {
            guard let box = clip.path.controlBounds else { return nil }
            area = area.intersection(CGRect(x: box.minX, y: box.minY, width: box.maxX - box.minX, height: box.maxY - box.minY))
        }
        return area.isNull || area.isEmpty ? nil : area
    }

    // MARK: Gradients

    /// Paints `gradient` along the line from `start` to `end` (user space) over the clip's area,
    /// extended before and after as `options` say.
    public func drawLinearGradient(_ gradient: GraphicsGradient, start: CGPoint, end: CGPoint, options: GradientDrawingOptions) {
        paint(Gradient(axialFrom: start, to: end, stops: gradient.stops,
                       extendsStart: options.contains(.drawsBeforeStartLocation), extendsEnd: options.contains(.drawsAfterEndLocation)),
              "drawLinearGradient")
    }

    /// Paints `gradient` between the circle about `startCenter` of `startRadius` and the one
    /// about `endCenter` of `endRadius` (user space) over the clip's area.
    public func drawRadialGradient(_ gradient: GraphicsGradient, startCenter: CGPoint, startRadius: CGFloat,
                                   endCenter: CGPoint, endRadius: CGFloat, options: GradientDrawingOptions) {
        paint(Gradient(radialFrom: startCenter, radius: Double(max(startRadius, 0)), to: endCenter, radius: Double(max(endRadius, 0)),
                       stops: gradient.stops, extendsStart: options.contains(.drawsBeforeStartLocation),
                       extendsEnd: options.contains(.drawsAfterEndLocation)),
              "drawRadialGradient")
    }

    /// Fills the clip's area with `gradient` (user-space geometry): a quadrilateral covering
    /// that area, in user space, so the gradient turns with the transform.
    private func paint(_ gradient: Gradient, _ call: String) {
        guard !gradient.stops.isEmpty, let area = clipArea else { return }
        guard !area.isInfinite else {
            Self.unsupported("\(call) with neither a clip nor an area: clip first, or draw in a view or image context")
        }
        let t = state.transform
        let det = t.a * t.d - t.b * t.c
        guard det != 0, det.isFinite else { return }
        let inverse = t.inverted()
        let corners = [CGPoint(x: area.minX, y: area.minY), CGPoint(x: area.maxX, y: area.minY),
                       CGPoint(x: area.maxX, y: area.maxY), CGPoint(x: area.minX, y: area.maxY)].map { $0.applying(inverse) }
        var cover = VectorPath()
        cover.move(to: Vector2(Double(corners[0].x), Double(corners[0].y)))
        for corner in corners.dropFirst() { cover.line(to: Vector2(Double(corner.x), Double(corner.y))) }
        cover.close()
        let (origin, linear) = placement
        record(.path(PathShape(path: cover, origin: origin, transform: linear, fill: RGBA8(0, 0, 0), alpha: state.alpha, gradient: gradient)))
    }

    // MARK: Pictures and text

    /// Draws `image` stretched over `rect` (user space), as `UIImage.draw(in:)` and
    /// `CGContext.draw(_:in:)` place it (upright, as UIKit's drawing does).
    public func draw(_ image: Image, in rect: CGRect, alpha: Double = 1) {
        guard rect.width != 0, rect.height != 0, rect.width.isFinite, rect.height.isFinite else { return }
        let shape = ImageShape(source: image.source, center: CGPoint(x: rect.midX, y: rect.midY),
                               size: CGSize(width: abs(rect.width), height: abs(rect.height)), alpha: alpha)
        record(DisplayItem.image(shape).placed(by: state.transform, alpha: state.alpha))
    }

    /// Draws `text` with the top-left of its first line box at `origin` (user space), wrapped
    /// at `width` points when given (else one line a paragraph), lines whose box would pass
    /// `height` left out; as `NSString.draw(at:)` and `draw(in:)`.
    package func drawText(_ text: String, font: FontDescriptor, at origin: CGPoint, width: Double?, height: Double? = nil, color: RGBA8) {
        guard !text.isEmpty, let layout = try? ParagraphLayout(text, font: font, width: width ?? .greatestFiniteMagnitude, numberOfLines: 0,
                                                              lineBreakMode: .byWordWrapping, letterSpacing: 0) else { return }
        var top = Double(origin.y)
        for line in layout.lines {
            if let height, top + layout.lineHeight > Double(origin.y) + height + 1e-9, top > Double(origin.y) { break }
            let run = TextRun(text: line.text, font: font, origin: CGPoint(x: Double(origin.x), y: top + layout.ascender), fill: color)
            if !line.text.isEmpty { record(DisplayItem.text(run).placed(by: state.transform, alpha: state.alpha)) }
            top += layout.lineHeight
        }
    }

    /// The size `text` takes on one line a paragraph in `font`, points, fractional as UIKit's
    /// (`ceil` it to size a view).
    package static func textSize(_ text: String, font: FontDescriptor) -> CGSize {
        guard !text.isEmpty, let layout = try? ParagraphLayout(text, font: font, width: .greatestFiniteMagnitude, numberOfLines: 0,
                                                              lineBreakMode: .byWordWrapping, letterSpacing: 0) else { return .zero }
        return CGSize(width: layout.width, height: layout.lineHeight * Double(layout.lines.count))
    }
}

/// A gradient's colours and where they are (Core Graphics' `CGGradient`).
///
/// ```swift
/// let fade = GraphicsGradient(colors: [SystemColors.blue, SystemColors.indigo], locations: [0, 1])!
/// context.drawLinearGradient(fade, start: .zero, end: CGPoint(x: 0, y: 100), options: [])
/// ```
public final class GraphicsGradient {
    /// The stops, in ascending order of location.
    package let stops: [GradientStop]

    /// A gradient of `colors` at `locations` (0…1; evenly spread from 0 to 1 when nil); nil when
    /// the counts differ, there are no colours, or a location is not finite. Locations are put in
    /// ascending order and clamped to 0…1.
    public init?(colors: [Color], locations: [CGFloat]?) {
        guard !colors.isEmpty else { return nil }
        let spots = locations.map { $0.map(Double.init) }
            ?? colors.indices.map { colors.count == 1 ? 0 : Double($0) / Double(colors.count - 1) }
        guard spots.count == colors.count, spots.allSatisfy(\.isFinite) else { return nil }
        stops = zip(spots, colors).map { GradientStop(min(max($0.0, 0), 1), $0.1.rgba) }.enumerated()
            .sorted { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }.map(\.element)
    }
}

/// Whether a gradient extends past its ends (`CGGradientDrawingOptions`).
///
/// ```swift
/// context.drawLinearGradient(fade, start: a, end: b, options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
/// ```
public struct GradientDrawingOptions: OptionSet, Sendable {
    /// The bits.
    public let rawValue: UInt32
    /// Options with these bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// Points before the start take the first colour.
    public static let drawsBeforeStartLocation = GradientDrawingOptions(rawValue: 1)
    /// Points after the end take the last colour.
    public static let drawsAfterEndLocation = GradientDrawingOptions(rawValue: 2)
}
