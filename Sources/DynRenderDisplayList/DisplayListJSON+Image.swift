import Foundation
import DynRenderGeometry
import DynRenderPixels

/// Image entries (`"type": "image"`): record, checks and writer. Only the entry is read here; the
/// PNG itself is read when the frame is drawn (or checked, `DynRenderImages`).
extension DisplayListJSON {
    /// The prefix of an embedded PNG's `src`.
    package static let dataURLPrefix = "data:image/png;base64,"

    struct ImageRecord: Decodable {
        var src: String
        var cx: Double, cy: Double, w: Double, h: Double
        var radius: Double?
        var angle: Double?
        var transform: [Double]?
        var curve: String?
        var alpha: Double?
        var filter: String?
        var crop: [Double]?

        func shape(_ fail: Failure, baseDirectory: URL?) throws -> ImageShape {
            for (name, value) in [("cx", cx), ("cy", cy)] where !value.isFinite { throw fail(name, "must be a finite number") }
            guard w.isFinite, w > 0 else { throw fail("w", "must be a positive number of points") }
            guard h.isFinite, h > 0 else { throw fail("h", "must be a positive number of points") }
            let radius = self.radius ?? 0
            guard radius.isFinite, radius >= 0 else { throw fail("radius", "must be a number ≥ 0") }
            var imageFilter = ImageFilter.linear
            if let name = filter {
                guard let parsed = ImageFilter(rawValue: name) else { throw fail("filter", "must be \"linear\" or \"nearest\", not '\(name)'") }
                imageFilter = parsed
            }
            var part = ImageShape.wholePicture
            if let crop {
                guard crop.count == 4 else { throw fail("crop", ImageShape.cropProblem(.null)!) }
                part = CGRect(x: crop[0], y: crop[1], width: crop[2], height: crop[3])
                if let problem = ImageShape.cropProblem(part) { throw fail("crop", problem) }
            }
            return ImageShape(source: try source(fail, baseDirectory: baseDirectory), center: CGPoint(x: cx, y: cy),
                              size: CGSize(width: w, height: h), cornerRadius: radius,
                              transform: try DisplayListJSON.transform(angle: angle ?? 0, matrix: transform, fail),
                              cornerCurve: try DisplayListJSON.cornerCurve(curve, fail),
                              alpha: try DisplayListJSON.alpha(alpha ?? 1, fail), filter: imageFilter, crop: part)
        }

        /// `src`: a base64 PNG data URL, or a path (relative ones beside the display-list file).
        private func source(_ fail: Failure, baseDirectory: URL?) throws -> ImageSource {
            if src.hasPrefix("data:") {
                guard src.hasPrefix(DisplayListJSON.dataURLPrefix),
                      let bytes = Data(base64Encoded: String(src.dropFirst(DisplayListJSON.dataURLPrefix.count))),
                      !bytes.isEmpty else {
                    throw fail("src", "a data URL must be \(DisplayListJSON.dataURLPrefix) followed by base64 PNG bytes")
                }
                return .embedded(EmbeddedPNG([UInt8](bytes)))
            }
            guard !src.isEmpty, src.utf8.count <= 4096 else { throw fail("src", "must be a path of 1 to 4096 bytes or a data URL") }
            if !src.hasPrefix("/"), let baseDirectory {
                return .file(baseDirectory.appendingPathComponent(src).standardizedFileURL.path)
            }
            return .file(src)
        }
    }

    static func encode(_ image: ImageShape, source: (ImageSource) throws -> String) throws -> String {
        var out = "{\"type\":\"image\",\"src\":\(JSONText.quoted(try source(image.source)))"
        out += ",\"cx\":\(try number(Double(image.center.x), "cx")),\"cy\":\(try number(Double(image.center.y), "cy"))"
        out += ",\"w\":\(try number(Double(image.size.width), "w")),\"h\":\(try number(Double(image.size.height), "h"))"
        out += ",\"radius\":\(try number(image.cornerRadius, "radius"))"
        let (angle, matrix) = try transformFields(image.transform)
        out += ",\"angle\":\(angle)"
        if let matrix { out += ",\"transform\":\(matrix)" }
        if image.cornerCurve == .continuous { out += ",\"curve\":\"continuous\"" }
        out += ",\"alpha\":\(try number(image.alpha, "alpha"))"
        if image.filter != .linear { out += ",\"filter\":\"\(image.filter.rawValue)\"" }
        if image.crop != ImageShape.wholePicture {
            let c = image.crop
            out += ",\"crop\":[\(try number(Double(c.minX), "crop")),\(try number(Double(c.minY), "crop")),"
                + "\(try number(Double(c.width), "crop")),\(try number(Double(c.height), "crop"))]"
        }
        return out + "}"
    }

    /// An image source as written when no other rule is given: a file by its path as held, an
    /// embedded PNG as a data URL.
    package static func defaultImageSource(_ source: ImageSource) -> String {
        switch source {
        case .file(let path): return path
        case .embedded(let png): return dataURLPrefix + Data(png.bytes).base64EncodedString()
        }
    }
}
