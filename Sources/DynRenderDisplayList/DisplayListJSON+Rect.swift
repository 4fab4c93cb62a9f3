import Foundation
import DynRenderGeometry
import DynRenderPixels

/// Rounded rectangles (v1 shapes, `"type": "rect"` or no type): their record, checks and writer,
/// and the fields every entry shares (angle or transform, colours).
extension DisplayListJSON {
    struct RectRecord: Decodable {
        var cx: Double, cy: Double, w: Double, h: Double, radius: Double, angle: Double
        var fill: String
        var alpha: Double
        var shadow: ShadowRecord?
        var gradient: GradientRecord?
        var transform: [Double]?
        var border: BorderRecord?
        var curve: String?

        func shape(_ fail: Failure) throws -> RoundedRectangle {
            for (name, value) in [("cx", cx), ("cy", cy), ("radius", radius), ("angle", angle), ("alpha", alpha)]
            where !value.isFinite {
                throw fail(name, "must be a finite number")
            }
            guard w.isFinite, w > 0 else { throw fail("w", "must be a positive number of points") }
            guard h.isFinite, h > 0 else { throw fail("h", "must be a positive number of points") }
            let alpha = try DisplayListJSON.alpha(alpha, fail)
            let fill = try DisplayListJSON.color(fill, "fill", fail)
            let shadow = try self.shadow.map { try $0.shadow(fail) }
            var border: Border?
            if let b = self.border {
                guard b.width.isFinite, b.width >= 0 else { throw fail("border.width", "must be a number ≥ 0") }
                border = Border(width: b.width, color: try DisplayListJSON.color(b.color, "border.color", fail))
            }
            let cornerCurve = try DisplayListJSON.cornerCurve(curve, fail)
            return RoundedRectangle(center: CGPoint(x: cx, y: cy), size: CGSize(width: w, height: h),
                                    cornerRadius: radius, transform: try DisplayListJSON.transform(angle: angle, matrix: transform, fail),
                                    fill: fill, alpha: alpha, shadow: shadow, border: border, cornerCurve: cornerCurve,
                                    gradient: try gradient.map { record in
                                        try record.gradient { field, problem in fail("gradient." + field, problem) }
                                    })
        }
    }

    struct BorderRecord: Decodable {
        var width: Double
        var color: String
    }

    struct ShadowRecord: Decodable {
        var dx: Double, dy: Double, blur: Double
        var color: String

        func shadow(_ fail: Failure) throws -> Shadow {
            for (name, value) in [("dx", dx), ("dy", dy)] where !value.isFinite {
                throw fail("shadow." + name, "must be a finite number")
            }
            guard blur.isFinite, blur >= 0 else { throw fail("shadow.blur", "must be a number ≥ 0") }
            return Shadow(offset: CGVector(dx: CGFloat(dx), dy: CGFloat(dy)), blur: blur,
                          color: try DisplayListJSON.color(color, "shadow.color", fail))
        }
    }

    static func encode(_ shadow: Shadow) throws -> String {
        var out = "{\"dx\":\(try number(Double(shadow.offset.dx), "dx")),\"dy\":\(try number(Double(shadow.offset.dy), "dy"))"
        out += ",\"blur\":\(try number(shadow.blur, "blur")),\"color\":\"\(hex(shadow.color, alpha: true))\"}"
        return out
    }

    static func encode(_ shape: RoundedRectangle) throws -> String {
        var out = "{\"cx\":\(try number(Double(shape.center.x), "cx")),\"cy\":\(try number(Double(shape.center.y), "cy"))"
        out += ",\"w\":\(try number(Double(shape.size.width), "w")),\"h\":\(try number(Double(shape.size.height), "h"))"
        out += ",\"radius\":\(try number(shape.cornerRadius, "radius"))"
        let (angle, matrix) = try transformFields(shape.transform)
        out += ",\"angle\":\(angle)"
        out += ",\"fill\":\"\(hex(shape.fill, alpha: true))\",\"alpha\":\(try number(shape.alpha, "alpha"))"
        if let shadow = shape.shadow {
            out += ",\"shadow\":" + (try encode(shadow))
        } else {
            out += ",\"shadow\":null"
        }
        if shape.cornerCurve == .continuous {
            out += ",\"curve\":\"continuous\""
        }
        if let border = shape.border {
            out += ",\"border\":{\"width\":\(try number(border.width, "border.width")),\"color\":\"\(hex(border.color, alpha: true))\"}"
        }
        if let matrix { out += ",\"transform\":\(matrix)" }
        if let g = shape.gradient { out += ",\"gradient\":" + (try encode(g)) }
        return out + "}"
    }

    // MARK: - Fields every entry shares

    /// `angle` (radians, clockwise on screen), replaced by `matrix` [a, b, c, d] when given.
    static func transform(angle: Double, matrix: [Double]?, _ fail: Failure) throws -> CGAffineTransform {
        guard angle.isFinite else { throw fail("angle", "must be a finite number") }
        guard abs(angle) <= DisplayListLimits.maximumAngle else {
            throw fail("angle", "must be within ±\(DisplayListLimits.format(DisplayListLimits.maximumAngle)) radians (the limit), not \(angle)")
        }
        guard let m = matrix else { return CGAffineTransform(rotationAngle: CGFloat(angle)) }
        guard m.count == 4, m.allSatisfy(\.isFinite) else { throw fail("transform", "must be four finite numbers [a, b, c, d]") }
        return CGAffineTransform(a: CGFloat(m[0]), b: CGFloat(m[1]), c: CGFloat(m[2]), d: CGFloat(m[3]), tx: 0, ty: 0)
    }

    /// The `angle` to write and, when the transform is not a pure rotation, the `transform` array.
    static func transformFields(_ t: CGAffineTransform) throws -> (angle: String, matrix: String?) {
        let isRotation = abs(t.a - t.d) < 1e-12 && abs(t.b + t.c) < 1e-12 && abs(t.a * t.a + t.b * t.b - 1) < 1e-9
        let angle = isRotation ? DeterministicMath.atan2(Double(t.b), Double(t.a)) : 0
        let matrix = isRotation ? nil
            : "[\(try [t.a, t.b, t.c, t.d].map { try number(Double($0), "transform") }.joined(separator: ","))]"
        return (try number(angle, "angle"), matrix)
    }

    /// `curve`: circular when absent.
    static func cornerCurve(_ name: String?, _ fail: Failure) throws -> CornerCurve {
        guard let name else { return .circular }
        guard let parsed = CornerCurve(rawValue: name) else {
            throw fail("curve", "must be \"circular\" or \"continuous\", not '\(name)'")
        }
        return parsed
    }

    static func alpha(_ value: Double, _ fail: Failure) throws -> Double {
        guard value.isFinite else { throw fail("alpha", "must be a finite number") }
        guard (0...1).contains(value) else { throw fail("alpha", "must be between 0 and 1, not \(value)") }
        return value
    }

    static func color(_ text: String, _ field: String, _ fail: Failure) throws -> RGBA8 {
        guard let color = RGBA8(hex: text) else { throw fail(field, "must be #RRGGBBAA or #RRGGBB, not '\(text)'") }
        return color
    }

}
