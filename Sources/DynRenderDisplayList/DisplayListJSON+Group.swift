import Foundation
import DynRenderGeometry
import DynRenderPixels

/// Group entries (`"type": "group"`): record, checks and writer. The entries inside are read and
/// written by the same code as a frame's own.
extension DisplayListJSON {
    struct GroupRecord: Decodable {
        var shapes: [ShapeRecord]
        var alpha: Double?
        var clip: ClipRecord?
        var mask: MaskRecord?
        var shadow: ShadowRecord?

        private enum Keys: String, CodingKey { case shapes, alpha, clip, mask, shadow }

        init(from decoder: Decoder) throws {
            let keyed = try decoder.container(keyedBy: Keys.self)
            // Refused while reading, before the decoder descends further: each level of nesting
            // adds two steps to the path (`shapes`, the index), and the frame's own `shapes` two.
            guard decoder.codingPath.count <= 2 * DisplayListLimits.maximumGroupDepth else {
                throw DecodingError.dataCorruptedError(
                    forKey: .shapes, in: keyed,
                    debugDescription: "must nest groups at most \(DisplayListLimits.maximumGroupDepth) deep (the limit)")
            }
            shapes = try keyed.decode([ShapeRecord].self, forKey: .shapes)
            alpha = try keyed.decodeIfPresent(Double.self, forKey: .alpha)
            clip = try keyed.decodeIfPresent(ClipRecord.self, forKey: .clip)
            mask = try keyed.decodeIfPresent(MaskRecord.self, forKey: .mask)
            shadow = try keyed.decodeIfPresent(ShadowRecord.self, forKey: .shadow)
        }

        func group(_ fail: Failure, baseDirectory: URL?) throws -> DisplayGroup {
            let alpha = try DisplayListJSON.alpha(alpha ?? 1, fail)
            var clipShape: ClipRectangle?
            if let c = clip {
                func clipFail(_ field: String, _ problem: String) -> DisplayListError { fail("clip." + field, problem) }
                clipShape = try c.clip(clipFail)
            }
            let items = try DisplayListJSON.items(shapes, prefix: "shapes", fail, baseDirectory: baseDirectory)
            let maskItems = try mask.map { try DisplayListJSON.items($0.shapes, prefix: "mask.shapes", fail, baseDirectory: baseDirectory) }
            return DisplayGroup(shapes: items, alpha: alpha, clip: clipShape, mask: maskItems,
                                shadow: try shadow.map { try $0.shadow(fail) })
        }
    }

    /// A group's mask: `{"shapes": [...]}`, entries whose opacity multiplies the group.
    struct MaskRecord: Decodable {
        var shapes: [ShapeRecord]
    }

    struct ClipRecord: Decodable {
        var cx: Double, cy: Double, w: Double, h: Double
        var radius: Double?
        var angle: Double?
        var transform: [Double]?
        var curve: String?

        func clip(_ fail: Failure) throws -> ClipRectangle {
            for (name, value) in [("cx", cx), ("cy", cy)] where !value.isFinite { throw fail(name, "must be a finite number") }
            guard w.isFinite, w > 0 else { throw fail("w", "must be a positive number of points") }
            guard h.isFinite, h > 0 else { throw fail("h", "must be a positive number of points") }
            let radius = self.radius ?? 0
            guard radius.isFinite, radius >= 0 else { throw fail("radius", "must be a number ≥ 0") }
            return ClipRectangle(center: CGPoint(x: cx, y: cy), size: CGSize(width: w, height: h), cornerRadius: radius,
                                 transform: try DisplayListJSON.transform(angle: angle ?? 0, matrix: transform, fail),
                                 cornerCurve: try DisplayListJSON.cornerCurve(curve, fail))
        }
    }

    static func encode(_ group: DisplayGroup, imageSource: (ImageSource) throws -> String) throws -> String {
        var out = "{\"type\":\"group\",\"alpha\":\(try number(group.alpha, "alpha"))"
        if let clip = group.clip {
            out += ",\"clip\":{\"cx\":\(try number(Double(clip.center.x), "clip.cx")),\"cy\":\(try number(Double(clip.center.y), "clip.cy"))"
            out += ",\"w\":\(try number(Double(clip.size.width), "clip.w")),\"h\":\(try number(Double(clip.size.height), "clip.h"))"
            out += ",\"radius\":\(try number(clip.cornerRadius, "clip.radius"))"
            let (angle, matrix) = try transformFields(clip.transform)
            out += ",\"angle\":\(angle)"
            if let matrix { out += ",\"transform\":\(matrix)" }
            if clip.cornerCurve == .continuous { out += ",\"curve\":\"continuous\"" }
            out += "}"
        }
        if let shadow = group.shadow { out += ",\"shadow\":" + (try encode(shadow)) }
        if let mask = group.mask {
            out += ",\"mask\":{\"shapes\":[\(try encode(mask, imageSource: imageSource))]}"
        }
        return out + ",\"shapes\":[\(try encode(group.shapes, imageSource: imageSource))]}"
    }
}
