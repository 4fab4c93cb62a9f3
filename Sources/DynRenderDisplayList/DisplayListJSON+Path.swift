import Foundation
import DynRenderGeometry
import DynRenderPixels

/// Path entries (`"type": "path"`): record, checks and writer.
extension DisplayListJSON {
    struct PathRecord: Decodable {
        var d: String
        var fillRule: String?
        var x: Double, y: Double
        var angle: Double?
        var transform: [Double]?
        var fill: String
        var alpha: Double?
        var stroke: StrokeRecord?
        var gradient: GradientRecord?
        var shadow: ShadowRecord?

        func shape(_ fail: Failure) throws -> PathShape {
            guard x.isFinite else { throw fail("x", "must be a finite number") }
            guard y.isFinite else { throw fail("y", "must be a finite number") }
            // Cheap bound before parsing: every command takes at least one byte.
            guard d.utf8.count <= 64 * DisplayListLimits.maximumPathCommands else {
                throw fail("d", "holds at most \(64 * DisplayListLimits.maximumPathCommands) bytes (the limit), not \(d.utf8.count)")
            }
            let path: VectorPath
            do {
                path = try SVGPathData.parse(d)
            } catch let error as SVGPathData.ParseError {
                throw fail("d", error.description)
            }
            var rule = FillRule.nonzero
            if let name = fillRule {
                guard let parsed = FillRule(rawValue: name) else { throw fail("fillRule", "must be \"nonzero\" or \"evenodd\", not '\(name)'") }
                rule = parsed
            }
            var outline: PathStroke?
            if let s = stroke {
                guard s.width.isFinite, s.width >= 0 else { throw fail("stroke.width", "must be a number ≥ 0") }
                var join = LineJoin.miter, cap = LineCap.butt
                if let name = s.join {
                    guard let parsed = LineJoin(rawValue: name) else { throw fail("stroke.join", "must be \"miter\", \"round\" or \"bevel\", not '\(name)'") }
                    join = parsed
                }
                if let name = s.cap {
                    guard let parsed = LineCap(rawValue: name) else { throw fail("stroke.cap", "must be \"butt\", \"round\" or \"square\", not '\(name)'") }
                    cap = parsed
                }
                let limit = s.miterLimit ?? PathStroke.defaultMiterLimit
                guard limit.isFinite, limit >= 1, limit <= DisplayListLimits.maximumMiterLimit else {
                    throw fail("stroke.miterLimit", "must be a number from 1 to \(DisplayListLimits.format(DisplayListLimits.maximumMiterLimit))")
                }
                outline = PathStroke(width: s.width, color: try DisplayListJSON.color(s.color, "stroke.color", fail), join: join, cap: cap,
                                     miterLimit: limit)
            }
            return PathShape(path: path, fillRule: rule, origin: CGPoint(x: x, y: y),
                             transform: try DisplayListJSON.transform(angle: angle ?? 0, matrix: transform, fail),
                             fill: try DisplayListJSON.color(fill, "fill", fail),
                             alpha: try DisplayListJSON.alpha(alpha ?? 1, fail), stroke: outline,
                             gradient: try gradient.map { record in
                                 try record.gradient { field, problem in fail("gradient." + field, problem) }
                             },
                             shadow: try shadow.map { try $0.shadow(fail) })
        }
    }

    /// A path's gradient fill: `{"kind":"axial","x0":…,"y0":…,"x1":…,"y1":…,"stops":[[0,"#RRGGBBAA"],…]}`,
    /// radial with `r0` and `r1`, `extend` one of "both" (default), "start", "end", "none".
    struct GradientRecord: Decodable {
        var kind: String
        var x0: Double, y0: Double, x1: Double, y1: Double
        var r0: Double?, r1: Double?
        var stops: [StopRecord]
        var extend: String?

        struct StopRecord: Decodable {
            var location: Double
            var color: String

            init(from decoder: Decoder) throws {
                var pair = try decoder.unkeyedContainer()
                location = try pair.decode(Double.self)
                color = try pair.decode(String.self)
                guard pair.isAtEnd else {
                    throw DecodingError.dataCorruptedError(in: pair, debugDescription: "a stop is [location, \"#RRGGBBAA\"]")
                }
            }
        }

        func gradient(_ fail: Failure) throws -> Gradient {
            guard let kind = Gradient.Kind(rawValue: kind) else { throw fail("kind", "must be \"axial\" or \"radial\", not '\(self.kind)'") }
            let ends: [String: (Bool, Bool)] = ["both": (true, true), "start": (true, false), "end": (false, true), "none": (false, false)]
            guard let (before, after) = ends[extend ?? "both"] else {
                throw fail("extend", "must be \"both\", \"start\", \"end\" or \"none\", not '\(extend ?? "")'")
            }
            var parsed: [GradientStop] = []
            for (index, stop) in stops.enumerated() {
                parsed.append(GradientStop(stop.location, try DisplayListJSON.color(stop.color, "stops[\(index)]", fail)))
            }
            let gradient = Gradient(kind: kind, stops: parsed, start: CGPoint(x: x0, y: y0), end: CGPoint(x: x1, y: y1),
                                    startRadius: r0 ?? 0, endRadius: r1 ?? 0, extendsStart: before, extendsEnd: after)
            if let (field, problem) = gradient.limitViolation() { throw fail(field, problem) }
            return gradient
        }
    }

    struct StrokeRecord: Decodable {
        var width: Double
        var color: String
        var join: String?
        var cap: String?
        var miterLimit: Double?
    }

    static func encode(_ shape: PathShape) throws -> String {
        for element in shape.path.elements {
            switch element {
            case .move(let p), .line(let p):
                _ = try number(p.x, "d"); _ = try number(p.y, "d")
            case .quad(let c, let p):
                for v in [c.x, c.y, p.x, p.y] { _ = try number(v, "d") }
            case .cubic(let c1, let c2, let p):
                for v in [c1.x, c1.y, c2.x, c2.y, p.x, p.y] { _ = try number(v, "d") }
            case .close: break
            }
        }
        var out = "{\"type\":\"path\",\"d\":\(JSONText.quoted(SVGPathData.format(shape.path))),\"fillRule\":\"\(shape.fillRule.rawValue)\""
        out += ",\"x\":\(try number(Double(shape.origin.x), "x")),\"y\":\(try number(Double(shape.origin.y), "y"))"
        let (angle, matrix) = try transformFields(shape.transform)
        out += ",\"angle\":\(angle)"
        if let matrix { out += ",\"transform\":\(matrix)" }
        out += ",\"fill\":\"\(hex(shape.fill, alpha: true))\",\"alpha\":\(try number(shape.alpha, "alpha"))"
        if let stroke = shape.stroke {
            out += ",\"stroke\":{\"width\":\(try number(stroke.width, "stroke.width")),\"color\":\"\(hex(stroke.color, alpha: true))\""
            out += ",\"join\":\"\(stroke.join.rawValue)\",\"cap\":\"\(stroke.cap.rawValue)\""
            // Written only when not the default, so traces without it keep their bytes.
            if stroke.miterLimit != PathStroke.defaultMiterLimit {
                out += ",\"miterLimit\":\(try number(stroke.miterLimit, "stroke.miterLimit"))"
            }
            out += "}"
        }
        if let g = shape.gradient { out += ",\"gradient\":" + (try encode(g)) }
        // Written only when there is one, so traces without shadows keep their bytes.
        if let shadow = shape.shadow { out += ",\"shadow\":" + (try encode(shadow)) }
        return out + "}"
    }

    /// A gradient's object, as paths and rectangles write it.
    static func encode(_ g: Gradient) throws -> String {
        var out = "{\"kind\":\"\(g.kind.rawValue)\""
        out += ",\"x0\":\(try number(Double(g.start.x), "gradient.x0")),\"y0\":\(try number(Double(g.start.y), "gradient.y0"))"
        out += ",\"x1\":\(try number(Double(g.end.x), "gradient.x1")),\"y1\":\(try number(Double(g.end.y), "gradient.y1"))"
        if g.kind == .radial {
            out += ",\"r0\":\(try number(g.startRadius, "gradient.r0")),\"r1\":\(try number(g.endRadius, "gradient.r1"))"
        }
        let stops = try g.stops.map { "[\(try number($0.location, "gradient.stops")),\"\(hex($0.color, alpha: true))\"]" }
        out += ",\"stops\":[\(stops.joined(separator: ","))]"
        let extend = g.extendsStart ? (g.extendsEnd ? "both" : "start") : (g.extendsEnd ? "end" : "none")
        return out + ",\"extend\":\"\(extend)\"}"
    }
}
