import Foundation

/// The bounds every display list stays within, whoever made it: the JSON reader refuses a line
/// past them, and the render pipeline checks each frame a scene draws before rasterising it, so
/// nothing is accepted and then truncated, and no number can overflow the rasteriser's pixel
/// arithmetic. They are generous: a 1 000 000-pt coordinate is 3 000 iPhone screens away.
public enum DisplayListLimits {
    /// Largest |cx|, |cy| and shadow offset, points.
    public static let maximumCoordinate = 1_000_000.0
    /// Largest width, height, corner radius and border width, points.
    public static let maximumExtent = 1_000_000.0
    /// Largest shadow blur, points (σ = 500 pt).
    public static let maximumBlur = 1_000.0
    /// Largest canvas side, points: what keeps pixel sizes far inside integer range. (The render
    /// pipeline's pixel budget, 16 384 a side and 20 Mpx, is checked after this.)
    public static let maximumCanvasPoints = 1_000_000.0
    /// Largest scale, pixels per point.
    public static let maximumScale = 8.0
    /// Largest |a|, |b|, |c|, |d| of a shape's transform: a 1 000× zoom.
    public static let maximumTransformEntry = 1_000.0
    /// Largest |angle| in a display-list file, radians.
    public static let maximumAngle = 1_000_000.0
    /// Most shapes in one frame.
    public static let maximumShapes = 100_000
    /// Most frames in one display-list file: 600 s at 240 fps, the render limits.
    public static let maximumFrames = 144_000
    /// Longest line of a display-list file, bytes (100 000 shapes of about 300 bytes fit twice).
    public static let maximumLineBytes = 64 << 20

    /// Shortest text for a limit: 1000000 rather than 1000000.0.
    static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}

/// A display list past `DisplayListLimits`, or with a number that is not finite: which field,
/// and what was wrong.
public struct DisplayListLimitError: Error, CustomStringConvertible, Equatable {
    /// The field, e.g. `shapes[3].cx`.
    public let field: String
    public let problem: String

    public var description: String { "\(field): \(problem)" }
}

extension DisplayList {
    /// Throws `DisplayListLimitError` for the first value that is not finite or past
    /// `DisplayListLimits`: what the rasteriser can draw exactly, checked before it draws.
    public func checkLimits() throws {
        func fail(_ field: String, _ problem: String) -> DisplayListLimitError { DisplayListLimitError(field: field, problem: problem) }
        for (field, value) in [("width", Double(size.width)), ("height", Double(size.height))] {
            guard value.isFinite, value > 0, value <= DisplayListLimits.maximumCanvasPoints else {
                throw fail(field, "must be a positive number of points, at most \(DisplayListLimits.format(DisplayListLimits.maximumCanvasPoints)) (the limit), not \(value)")
            }
        }
        guard scale.isFinite, scale > 0, scale <= DisplayListLimits.maximumScale else {
            throw fail("scale", "must be greater than 0 and at most \(DisplayListLimits.format(DisplayListLimits.maximumScale)) (the limit), not \(scale)")
        }
        guard shapes.count <= DisplayListLimits.maximumShapes else {
            throw fail("shapes", "a frame holds at most \(DisplayListLimits.maximumShapes) shapes, not \(shapes.count)")
        }
        for (index, shape) in shapes.enumerated() {
            if let (field, problem) = shape.limitViolation() { throw fail("shapes[\(index)].\(field)", problem) }
        }
    }
}

extension RoundedRectangle {
    /// The first field (`cx`, `shadow.blur`…) that is not finite or is past `DisplayListLimits`,
    /// with what is allowed; nil when the shape is within them. (Signs, zero sizes and alpha
    /// outside 0…1 are drawn as documented on the types, so only magnitudes are checked.)
    public func limitViolation() -> (field: String, problem: String)? {
        /// `value`'s problem, if it is not finite or its magnitude is over `limit`.
        func check(_ value: Double, _ limit: Double, _ field: String, _ unit: String) -> (field: String, problem: String)? {
            guard value.isFinite else { return (field, "must be a finite number") }
            guard abs(value) > limit else { return nil }
            // Positions and transform entries have a sign; sizes are magnitudes.
            let bound = ["cx", "cy", "shadow.dx", "shadow.dy", "transform"].contains(field) ? "within ±" : "at most "
            return (field, "must be \(bound)\(DisplayListLimits.format(limit))\(unit) (the limit), not \(value)")
        }
        let coordinate = DisplayListLimits.maximumCoordinate, extent = DisplayListLimits.maximumExtent
        let entry = DisplayListLimits.maximumTransformEntry
        // One check after another, with no array: this runs for every shape of every frame.
        if let v = check(Double(center.x), coordinate, "cx", " pt") ?? check(Double(center.y), coordinate, "cy", " pt")
            ?? check(Double(size.width), extent, "w", " pt") ?? check(Double(size.height), extent, "h", " pt")
            ?? check(cornerRadius, extent, "radius", " pt") ?? check(alpha, .greatestFiniteMagnitude, "alpha", "") {
            return v
        }
        if let v = check(Double(transform.a), entry, "transform", "") ?? check(Double(transform.b), entry, "transform", "")
            ?? check(Double(transform.c), entry, "transform", "") ?? check(Double(transform.d), entry, "transform", "") {
            return v
        }
        if let shadow, let v = check(Double(shadow.offset.dx), coordinate, "shadow.dx", " pt")
            ?? check(Double(shadow.offset.dy), coordinate, "shadow.dy", " pt")
            ?? check(shadow.blur, DisplayListLimits.maximumBlur, "shadow.blur", " pt") {
            return v
        }
        if let border, let v = check(border.width, extent, "border.width", " pt") { return v }
        return nil
    }
}
