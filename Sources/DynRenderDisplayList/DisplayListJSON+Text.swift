import Foundation
import DynRenderGeometry
import DynRenderPixels

/// Text entries (`"type": "text"`): record, checks and writer.
extension DisplayListJSON {
    struct TextRecord: Decodable {
        var text: String
        var font: FontRecord
        var x: Double, y: Double
        var angle: Double?
        var transform: [Double]?
        var fill: String
        var alpha: Double?
        var letterSpacing: Double?

        func run(_ fail: Failure, baseDirectory: URL?) throws -> TextRun {
            guard x.isFinite else { throw fail("x", "must be a finite number") }
            guard y.isFinite else { throw fail("y", "must be a finite number") }
            guard text.utf8.count <= DisplayListLimits.maximumTextBytes else {
                throw fail("text", "holds at most \(DisplayListLimits.maximumTextBytes) UTF-8 bytes (the limit), not \(text.utf8.count)")
            }
            guard !text.contains(where: { $0.isNewline }) else {
                throw fail("text", "must be one line: lay out line breaks as separate text entries")
            }
            let spacing = letterSpacing ?? 0
            guard spacing.isFinite else { throw fail("letterSpacing", "must be a finite number") }
            return TextRun(text: text, font: try font.descriptor(fail, baseDirectory: baseDirectory),
                           origin: CGPoint(x: x, y: y),
                           transform: try DisplayListJSON.transform(angle: angle ?? 0, matrix: transform, fail),
                           fill: try DisplayListJSON.color(fill, "fill", fail),
                           alpha: try DisplayListJSON.alpha(alpha ?? 1, fail), letterSpacing: spacing)
        }
    }

    struct FontRecord: Decodable {
        var family: String?
        var weight: Int?
        var file: String?
        var index: Int?
        var size: Double

        func descriptor(_ fail: Failure, baseDirectory: URL?) throws -> FontDescriptor {
            guard size.isFinite, size > 0 else { throw fail("font.size", "expected a number above 0") }
            guard size <= DisplayListLimits.maximumFontSize else {
                throw fail("font.size", "must be at most \(DisplayListLimits.format(DisplayListLimits.maximumFontSize)) pt (the limit), not \(size)")
            }
            switch (family, file) {
            case (let family?, nil):
                guard !family.isEmpty, family.utf8.count <= 256 else { throw fail("font.family", "must be a family name of 1 to 256 bytes") }
                let weight = self.weight ?? 400
                guard (1...1000).contains(weight) else { throw fail("font.weight", "must be from 1 to 1000 (400 regular, 700 bold), not \(weight)") }
                return FontDescriptor(source: .family(family, weight: weight), size: size)
            case (nil, let file?):
                guard !file.isEmpty, file.utf8.count <= 4096 else { throw fail("font.file", "must be a path of 1 to 4096 bytes") }
                let index = self.index ?? 0
                guard (0...65535).contains(index) else { throw fail("font.index", "must be from 0 to 65535, not \(index)") }
                var path = file
                if !file.hasPrefix("/"), let baseDirectory {
                    path = baseDirectory.appendingPathComponent(file).path
                }
                return FontDescriptor(source: .file(path, index: index), size: size)
            case (nil, nil):
                throw fail("font", "must name a family or a file")
            case (_?, _?):
                throw fail("font", "must name a family or a file, not both")
            }
        }
    }

    static func encode(_ run: TextRun) throws -> String {
        var out = "{\"type\":\"text\",\"text\":\(JSONText.quoted(run.text)),\"font\":{"
        switch run.font.source {
        case .family(let family, let weight): out += "\"family\":\(JSONText.quoted(family)),\"weight\":\(weight)"
        case .file(let path, let index): out += "\"file\":\(JSONText.quoted(path))" + (index == 0 ? "" : ",\"index\":\(index)")
        }
        out += ",\"size\":\(try number(run.font.size, "font.size"))}"
        out += ",\"x\":\(try number(Double(run.origin.x), "x")),\"y\":\(try number(Double(run.origin.y), "y"))"
        let (angle, matrix) = try transformFields(run.transform)
        out += ",\"angle\":\(angle)"
        if let matrix { out += ",\"transform\":\(matrix)" }
        out += ",\"fill\":\"\(hex(run.fill, alpha: true))\",\"alpha\":\(try number(run.alpha, "alpha"))"
        if run.letterSpacing != 0 { out += ",\"letterSpacing\":\(try number(run.letterSpacing, "letterSpacing"))" }
        return out + "}"
    }
}
