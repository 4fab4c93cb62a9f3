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
                outline = PathStroke(width: s.width, color: try DisplayListJSON.color(s.color, "stroke.color", fail), join: join, cap: cap)
            }
            return PathShape(path: path, fillRule: rule, origin: CGPoint(x: x, y: y),
                             transform: try DisplayListJSON.transform(angle: angle ?? 0, matrix: transform, fail),
                             fill: try DisplayListJSON.color(fill, "fill", fail),
                             alpha: try DisplayListJSON.alpha(alpha ?? 1, fail), stroke: outline)
        }
    }

    struct StrokeRecord: Decodable {
        var width: Double
        var color: String
        var join: String?
        var cap: String?
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
            out += ",\"join\":\"\(stroke.join.rawValue)\",\"cap\":\"\(stroke.cap.rawValue)\"}"
        }
        return out + "}"
    }
}
