import Foundation
import DynRenderGeometry
import DynRenderPixels
import DynRenderDisplayList
import DynRenderScene
import DynRenderDynamics

/// A point `[x, y]` in points, each within `DisplayListLimits.maximumCoordinate`.
struct PointValue: Decodable, Equatable {
    var point: CGPoint

    init(from decoder: Decoder) throws {
        let numbers = try NumberList(from: decoder, count: 2, what: "a point [x, y]", limit: DisplayListLimits.maximumCoordinate)
        point = CGPoint(x: numbers[0], y: numbers[1])
    }
}

/// A vector `[dx, dy]`.
struct VectorValue: Decodable, Equatable {
    var vector: CGVector

    init(from decoder: Decoder) throws {
        let numbers = try NumberList(from: decoder, count: 2, what: "a vector [dx, dy]", limit: DisplayListLimits.maximumCoordinate)
        vector = CGVector(dx: numbers[0], dy: numbers[1])
    }
}

/// A size `[width, height]` in points, each 0 or more and within `DisplayListLimits.maximumExtent`.
struct SizeValue: Decodable, Equatable {
    var size: CGSize

    init(from decoder: Decoder) throws {
        let numbers = try NumberList(from: decoder, count: 2, what: "a size [width, height]", limit: DisplayListLimits.maximumExtent)
        guard numbers.allSatisfy({ $0 >= 0 }) else { throw numbers.invalid("a width and height of 0 or more") }
        size = CGSize(width: numbers[0], height: numbers[1])
    }
}

/// A frame `[x, y, width, height]` in points, as UIKit's `CGRect(x:y:width:height:)`.
struct RectValue: Decodable, Equatable {
    var rect: CGRect

    init(from decoder: Decoder) throws {
        let numbers = try NumberList(from: decoder, count: 4, what: "a frame [x, y, width, height]",
                                     limit: DisplayListLimits.maximumCoordinate)
        guard numbers[2] >= 0, numbers[3] >= 0 else { throw numbers.invalid("a width and height of 0 or more") }
        rect = CGRect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
    }
}

/// Insets `[top, left, bottom, right]` in points, as UIKit's `UIEdgeInsets`.
struct InsetsValue: Decodable, Equatable {
    var insets: EdgeInsets

    init(from decoder: Decoder) throws {
        let n = try NumberList(from: decoder, count: 4, what: "insets [top, left, bottom, right]", limit: DisplayListLimits.maximumExtent)
        insets = EdgeInsets(top: n[0], left: n[1], bottom: n[2], right: n[3])
    }
}

/// A fixed-length list of finite numbers within ±`limit`.
struct NumberList {
    let values: [Double]
    let codingPath: [CodingKey]

    init(from decoder: Decoder, count: Int, what: String, limit: Double) throws {
        codingPath = decoder.codingPath
        var list: UnkeyedDecodingContainer
        do { list = try decoder.unkeyedContainer() } catch {
            throw DecodingError.typeMismatch(Any.self, .init(codingPath: codingPath, debugDescription: "expected \(what)"))
        }
        guard list.count == count else {
            throw DecodingError.dataCorrupted(.init(codingPath: codingPath,
                                                    debugDescription: "expected \(what): \(count) numbers, found \(list.count ?? 0)"))
        }
        var values: [Double] = []
        while !list.isAtEnd { values.append(try list.decode(Double.self)) }
        self.values = values
        if let index = values.firstIndex(where: { abs($0) > limit }) {
            throw DecodingError.dataCorrupted(.init(codingPath: codingPath + [NodeKey(index: index)],
                                                    debugDescription: "\(DisplayListLimits.format(values[index])) is past the limit of ±\(DisplayListLimits.format(limit))"))
        }
    }

    subscript(index: Int) -> Double { values[index] }
    func allSatisfy(_ test: (Double) -> Bool) -> Bool { values.allSatisfy(test) }

    func invalid(_ message: String) -> DecodingError {
        DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "expected \(message)"))
    }
}

/// A colour: `#RRGGBB`, `#RRGGBBAA`, or a UIKit colour name (`systemBlue`, `white`, `clear`…).
struct ColorValue: Decodable, Equatable {
    var color: Color

    /// UIKit's colour names and the colours dynrender draws them in.
    static let named: [(String, Color)] = [
        ("black", .black), ("darkGray", .darkGray), ("lightGray", .lightGray), ("white", .white), ("gray", .gray),
        ("red", .red), ("green", .green), ("blue", .blue), ("cyan", .cyan), ("yellow", .yellow), ("magenta", .magenta),
        ("orange", .orange), ("purple", .purple), ("brown", .brown), ("clear", .clear),
        ("systemRed", .systemRed), ("systemGreen", .systemGreen), ("systemBlue", .systemBlue), ("systemOrange", .systemOrange),
        ("systemPurple", .systemPurple), ("systemGray", .systemGray), ("systemYellow", .systemYellow), ("systemPink", .systemPink),
        ("systemTeal", .systemTeal), ("systemIndigo", .systemIndigo), ("systemBrown", .systemBrown),
        ("systemBackground", .systemBackground), ("secondarySystemBackground", .secondarySystemBackground),
        ("label", .label), ("secondaryLabel", .secondaryLabel),
    ]

    init(from decoder: Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        if text.hasPrefix("#") {
            let hex = text.dropFirst()
            guard hex.count == 6 || hex.count == 8, let value = UInt32(hex, radix: 16) else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                        debugDescription: "'\(text)' is not a colour: write #RRGGBB or #RRGGBBAA"))
            }
            let full = hex.count == 6 ? value << 8 | 0xFF : value
            color = Color(RGBA8(UInt8(full >> 24), UInt8(full >> 16 & 0xFF), UInt8(full >> 8 & 0xFF), UInt8(full & 0xFF)))
            return
        }
        guard let match = Self.named.first(where: { $0.0 == text }) else {
            let hint = closest(to: text, in: Self.named.map(\.0)).map { "; did you mean '\($0)'?" } ?? " (#RRGGBB[AA] or a UIKit colour name)"
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "unknown colour '\(text)'\(hint)"))
        }
        color = match.1
    }

    static func == (a: ColorValue, b: ColorValue) -> Bool { a.color.rgba == b.color.rgba }
}

/// A number within `range`, with the range named in the error.
func checked(_ value: Double?, _ range: ClosedRange<Double>, _ key: some CodingKey, in container: KeyedDecodingContainer<some CodingKey>) throws -> Double? {
    guard let value else { return nil }
    guard range.contains(value) else {
        throw DecodingError.dataCorrupted(.init(codingPath: container.codingPath + [key],
                                                debugDescription: "\(DisplayListLimits.format(value)) is out of range \(DisplayListLimits.format(range.lowerBound))...\(DisplayListLimits.format(range.upperBound))"))
    }
    return value
}

/// A choice among names (`type: label`, `mode: continuous`): an unknown name is refused with
/// the closest one suggested and the whole list.
protocol NamedChoice: RawRepresentable, CaseIterable, Decodable where RawValue == String {}

extension NamedChoice {
    init(from decoder: Decoder) throws {
        let name = try decoder.singleValueContainer().decode(String.self)
        guard let value = Self(rawValue: name) else {
            let names = Self.allCases.map(\.rawValue)
            let hint = closest(to: name, in: names).map { "; did you mean '\($0)'?" } ?? ""
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                    debugDescription: "unknown value '\(name)'\(hint) (one of: \(names.joined(separator: ", ")))"))
        }
        self = value
    }
}
