import Foundation
import DynRenderGeometry

/// The bounds every display list stays within, whoever made it: the JSON reader refuses a line
/// past them, and the render pipeline checks each frame a scene draws before rasterising it, so
/// nothing is accepted and then truncated, and no number can overflow the rasteriser's pixel
/// arithmetic. They are generous: a 1 000 000-pt coordinate is 3 000 iPhone screens away.
///
/// ```swift
/// print(DisplayListLimits.maximumShapes, DisplayListLimits.maximumBlur)
/// ```
package enum DisplayListLimits {
    /// Largest |cx|, |cy| and shadow offset, points.
    package static let maximumCoordinate = 1_000_000.0
    /// Largest width, height, corner radius and border width, points.
    package static let maximumExtent = 1_000_000.0
    /// Largest shadow blur, points (σ = 500 pt).
    package static let maximumBlur = 1_000.0
    /// Largest canvas side, points: what keeps pixel sizes far inside integer range. (The render
    /// pipeline's pixel budget, 16 384 a side and 20 Mpx, is checked after this.)
    package static let maximumCanvasPoints = 1_000_000.0
    /// Largest scale, pixels per point.
    package static let maximumScale = 8.0
    /// Largest |a|, |b|, |c|, |d| of a shape's transform: a 1 000× zoom.
    package static let maximumTransformEntry = 1_000.0
    /// Largest |angle| in a display-list file, radians.
    package static let maximumAngle = 1_000_000.0
    /// Largest font size, points.
    package static let maximumFontSize = 10_000.0
    /// Longest string in one text entry, UTF-8 bytes (a line of text is far shorter; a paragraph
    /// is laid out as several entries).
    package static let maximumTextBytes = 10_000
    /// Most commands in one path entry.
    package static let maximumPathCommands = 100_000
    /// Longest miter, in stroke widths.
    package static let maximumMiterLimit = 1_000.0
    /// Most stops in one gradient.
    package static let maximumGradientStops = 1_000
    /// Most shapes in one frame, counting the entries inside groups.
    package static let maximumShapes = 100_000
    /// Most groups nested one inside another. Each level that fades or clips draws into a layer
    /// of up to the canvas' size, so this bounds a frame's memory at 8 canvases.
    package static let maximumGroupDepth = 8
    /// Most frames in one display-list file: 600 s at 240 fps, the render limits.
    package static let maximumFrames = 144_000
    /// Longest line of a display-list file, bytes (100 000 shapes of about 300 bytes fit twice).
    package static let maximumLineBytes = 64 << 20

    /// Shortest text for a limit: 1000000 rather than 1000000.0.
    package static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}

/// A display list past `DisplayListLimits`, or with a number that is not finite: which field,
/// and what was wrong.
///
/// ```swift
/// do { try list.checkLimits() } catch let error as DisplayListLimitError { print(error.field, error.problem) }
/// ```
package struct DisplayListLimitError: Error, CustomStringConvertible, Equatable {
    /// The field, e.g. `shapes[3].cx`.
    package let field: String
    /// Which limit is passed, and by how much.
    package let problem: String

    /// An error in `field` saying `problem`.
    package init(field: String, problem: String) {
        self.field = field
        self.problem = problem
    }

    package var description: String { "\(field): \(problem)" }
}

extension DisplayList {
    /// Throws `DisplayListLimitError` for the first value that is not finite or past
    /// `DisplayListLimits`: what the rasteriser can draw exactly, checked before it draws.
    package func checkLimits() throws {
        func fail(_ field: String, _ problem: String) -> DisplayListLimitError { DisplayListLimitError(field: field, problem: problem) }
        for (field, value) in [("width", Double(size.width)), ("height", Double(size.height))] {
            guard value.isFinite, value > 0, value <= DisplayListLimits.maximumCanvasPoints else {
                throw fail(field, "must be a positive number of points, at most \(DisplayListLimits.format(DisplayListLimits.maximumCanvasPoints)) (the limit), not \(value)")
            }
        }
        guard scale.isFinite, scale > 0, scale <= DisplayListLimits.maximumScale else {
            throw fail("scale", "must be greater than 0 and at most \(DisplayListLimits.format(DisplayListLimits.maximumScale)) (the limit), not \(scale)")
        }
        var count = 0
        try Self.check(shapes, prefix: "", depth: 0, count: &count)
    }

    /// Checks `items` and the groups inside them, depth first, counting every entry.
    private static func check(_ items: [DisplayItem], prefix: String, depth: Int, count: inout Int) throws {
        count += items.count
        guard count <= DisplayListLimits.maximumShapes else {
            throw DisplayListLimitError(field: prefix + "shapes",
                                        problem: "a frame holds at most \(DisplayListLimits.maximumShapes) shapes, groups' entries included (the limit)")
        }
        for (index, item) in items.enumerated() {
            let at = prefix + "shapes[\(index)]."
            if let (field, problem) = item.limitViolation() { throw DisplayListLimitError(field: at + field, problem: problem) }
            if case .group(let group) = item {
                guard depth < DisplayListLimits.maximumGroupDepth else {
                    throw DisplayListLimitError(field: at + "shapes",
                                                problem: "groups nest at most \(DisplayListLimits.maximumGroupDepth) deep (the limit)")
                }
                try check(group.shapes, prefix: at, depth: depth + 1, count: &count)
                if let mask = group.mask { try check(mask, prefix: at + "mask.", depth: depth + 1, count: &count) }
            }
        }
    }
}

/// `value`'s problem, if it is not finite or its magnitude is over `limit`; `signed` values are
/// "within ±", magnitudes "at most".
private func check(_ value: Double, _ limit: Double, _ field: String, _ unit: String,
                   signed: Bool = false) -> (field: String, problem: String)? {
    guard value.isFinite else { return (field, "must be a finite number") }
    guard abs(value) > limit else { return nil }
    return (field, "must be \(signed ? "within ±" : "at most ")\(DisplayListLimits.format(limit))\(unit) (the limit), not \(value)")
}

/// The first entry of a transform past `DisplayListLimits.maximumTransformEntry`.
private func check(_ transform: CGAffineTransform) -> (field: String, problem: String)? {
    let entry = DisplayListLimits.maximumTransformEntry
    return check(Double(transform.a), entry, "transform", "", signed: true) ?? check(Double(transform.b), entry, "transform", "", signed: true)
        ?? check(Double(transform.c), entry, "transform", "", signed: true) ?? check(Double(transform.d), entry, "transform", "", signed: true)
}

extension DisplayItem {
    /// The first field of this entry that is not finite or is past `DisplayListLimits`, with what
    /// is allowed; nil when the entry is within them.
    package func limitViolation() -> (field: String, problem: String)? {
        switch self {
        case .rect(let shape): return shape.limitViolation()
        case .text(let run): return run.limitViolation()
        case .path(let shape): return shape.limitViolation()
        case .image(let image): return image.limitViolation()
        case .group(let group): return group.limitViolation()
        }
    }
}

extension ImageShape {
    /// The first field (`cx`, `w`, `src`…) past `DisplayListLimits`, or nil; the PNG's own size
    /// is checked when it is read.
    package func limitViolation() -> (field: String, problem: String)? {
        var geometry = outline.shape()
        geometry.alpha = alpha
        if let v = geometry.limitViolation() { return v }
        if case .file(let path) = source, path.utf8.count > 4096 { return ("src", "must be a path of at most 4096 bytes") }
        return Self.cropProblem(crop).map { ("crop", $0) }
    }
}

extension DisplayGroup {
    /// The first field (`alpha`, `clip.cx`…) past `DisplayListLimits`, or nil; the entries inside
    /// are checked by `DisplayList.checkLimits`.
    package func limitViolation() -> (field: String, problem: String)? {
        if let v = check(alpha, .greatestFiniteMagnitude, "alpha", "") { return v }
        if let clip, let v = clip.shape().limitViolation() { return ("clip." + v.field, v.problem) }
        if let shadow, let v = shadow.limitViolation() { return v }
        return nil
    }
}

extension TextRun {
    /// The first field (`x`, `font.size`, `text`…) past `DisplayListLimits`, or nil.
    package func limitViolation() -> (field: String, problem: String)? {
        let coordinate = DisplayListLimits.maximumCoordinate
        if let v = check(Double(origin.x), coordinate, "x", " pt", signed: true) ?? check(Double(origin.y), coordinate, "y", " pt", signed: true)
            ?? check(font.size, DisplayListLimits.maximumFontSize, "font.size", " pt")
            ?? check(letterSpacing, DisplayListLimits.maximumExtent, "letterSpacing", " pt", signed: true)
            ?? check(alpha, .greatestFiniteMagnitude, "alpha", "") ?? check(transform) {
            return v
        }
        let bytes = text.utf8.count
        if bytes > DisplayListLimits.maximumTextBytes {
            return ("text", "holds at most \(DisplayListLimits.maximumTextBytes) UTF-8 bytes (the limit), not \(bytes)")
        }
        return nil
    }
}

extension PathShape {
    /// The first field (`x`, `d`, `stroke.width`…) past `DisplayListLimits`, or nil.
    package func limitViolation() -> (field: String, problem: String)? {
        let coordinate = DisplayListLimits.maximumCoordinate
        if let v = check(Double(origin.x), coordinate, "x", " pt", signed: true) ?? check(Double(origin.y), coordinate, "y", " pt", signed: true)
            ?? check(alpha, .greatestFiniteMagnitude, "alpha", "") ?? check(transform) {
            return v
        }
        if let stroke, let v = check(stroke.width, DisplayListLimits.maximumExtent, "stroke.width", " pt") { return v }
        if let stroke, !(stroke.miterLimit >= 1 && stroke.miterLimit <= DisplayListLimits.maximumMiterLimit) {
            return ("stroke.miterLimit", "must be a number from 1 to \(DisplayListLimits.format(DisplayListLimits.maximumMiterLimit))")
        }
        if let gradient, let v = gradient.limitViolation() { return ("gradient." + v.field, v.problem) }
        if path.elements.count > DisplayListLimits.maximumPathCommands {
            return ("d", "holds at most \(DisplayListLimits.maximumPathCommands) commands (the limit), not \(path.elements.count)")
        }
        if let box = path.controlBounds {
            for value in [box.minX, box.minY, box.maxX, box.maxY] {
                if let v = check(value, coordinate, "d", " pt", signed: true) { return (v.field, "every point " + v.problem) }
            }
        }
        return nil
    }
}

extension RoundedRectangle {
    /// The first field (`cx`, `shadow.blur`…) that is not finite or is past `DisplayListLimits`,
    /// with what is allowed; nil when the shape is within them. (Signs, zero sizes and alpha
    /// outside 0…1 are drawn as documented on the types, so only magnitudes are checked.)
    package func limitViolation() -> (field: String, problem: String)? {
        let coordinate = DisplayListLimits.maximumCoordinate, extent = DisplayListLimits.maximumExtent
        // One check after another, with no array: this runs for every shape of every frame.
        // (Signs, zero sizes and alpha outside 0…1 are drawn as documented, so only magnitudes count.)
        if let v = check(Double(center.x), coordinate, "cx", " pt", signed: true) ?? check(Double(center.y), coordinate, "cy", " pt", signed: true)
            ?? check(Double(size.width), extent, "w", " pt") ?? check(Double(size.height), extent, "h", " pt")
            ?? check(cornerRadius, extent, "radius", " pt") ?? check(alpha, .greatestFiniteMagnitude, "alpha", "") {
            return v
        }
        if let v = check(transform) { return v }
        if let shadow, let v = shadow.limitViolation() { return v }
        if let gradient, let v = gradient.limitViolation() { return ("gradient." + v.field, v.problem) }
        if let border, let v = check(border.width, extent, "border.width", " pt") { return v }
        return nil
    }
}

extension Gradient {
    /// The first field (`x0`, `r1`, `stops`…) past `DisplayListLimits`, or nil.
    package func limitViolation() -> (field: String, problem: String)? {
        let coordinate = DisplayListLimits.maximumCoordinate
        if let v = check(Double(start.x), coordinate, "x0", " pt", signed: true) ?? check(Double(start.y), coordinate, "y0", " pt", signed: true)
            ?? check(Double(end.x), coordinate, "x1", " pt", signed: true) ?? check(Double(end.y), coordinate, "y1", " pt", signed: true)
            ?? check(startRadius, DisplayListLimits.maximumExtent, "r0", " pt") ?? check(endRadius, DisplayListLimits.maximumExtent, "r1", " pt") {
            return v
        }
        guard startRadius >= 0, endRadius >= 0 else { return (startRadius < 0 ? "r0" : "r1", "must be a number ≥ 0") }
        guard !stops.isEmpty, stops.count <= DisplayListLimits.maximumGradientStops else {
            return ("stops", "holds 1 to \(DisplayListLimits.maximumGradientStops) stops (the limit), not \(stops.count)")
        }
        var previous = 0.0
        for (index, stop) in stops.enumerated() {
            guard stop.location.isFinite, stop.location >= previous, stop.location <= 1 else {
                return ("stops[\(index)]", "locations must be 0…1 in ascending order, not \(stop.location)")
            }
            previous = stop.location
        }
        return nil
    }
}

extension Shadow {
    /// The first field (`shadow.dx`, `shadow.blur`…) past `DisplayListLimits`, or nil.
    package func limitViolation() -> (field: String, problem: String)? {
        let coordinate = DisplayListLimits.maximumCoordinate
        return check(Double(offset.dx), coordinate, "shadow.dx", " pt", signed: true)
            ?? check(Double(offset.dy), coordinate, "shadow.dy", " pt", signed: true)
            ?? check(blur, DisplayListLimits.maximumBlur, "shadow.blur", " pt")
    }
}
