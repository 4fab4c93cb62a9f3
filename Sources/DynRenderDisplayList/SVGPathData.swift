import Foundation
import DynRenderGeometry

/// SVG path data (`d`), the text form of a `path` entry: reads `M L H V Q T C S Z` in absolute
/// and relative (lower-case) forms with SVG's number syntax (`1.5.5` is 1.5 then .5, `-1-2` two
/// numbers, exponents, commas or spaces), and writes absolute `M L Q C Z`.
///
/// Elliptical arcs (`A`) are refused with a clear message rather than approximated: a converter
/// (or `UIBezierPath`'s own arcs, which are cubics) gives curves that dynrender draws exactly.
///
/// ```swift
/// let path = try SVGPathData.parse("M 0 0 L 40 0 L 20 30 Z")
/// print(SVGPathData.format(path))
/// ```
package enum SVGPathData {
    /// Most drawing commands in one path (each implicit repeat counts).
    package static let maximumCommands = 100_000

    /// A problem in path data: what and at which character (1-based).
    ///
    /// ```swift
    /// do { _ = try SVGPathData.parse("M 0 0 L 10") } catch let error as SVGPathData.ParseError {
    ///     print(error.position, error.problem)
    /// }
    /// ```
    package struct ParseError: Error, Equatable, CustomStringConvertible {
        /// The 0-based character offset where the problem is.
        package let position: Int
        /// What is wrong there.
        package let problem: String
        package var description: String { "at character \(position): \(problem)" }
    }

    /// Parses `d` into a path; throws `ParseError` for anything SVG would reject, and for arcs.
    package static func parse(_ d: String) throws -> VectorPath {
        var parser = Parser(bytes: Array(d.utf8))
        return try parser.parse()
    }

    /// `path` as absolute SVG path data, numbers in their shortest exact form.
    package static func format(_ path: VectorPath) -> String {
        var out = ""
        func add(_ command: String, _ points: Vector2...) {
            if !out.isEmpty { out += " " }
            out += command
            for p in points { out += " \(JSONText.number(p.x)) \(JSONText.number(p.y))" }
        }
        for element in path.elements {
            switch element {
            case .move(let p): add("M", p)
            case .line(let p): add("L", p)
            case .quad(let c, let p): add("Q", c, p)
            case .cubic(let c1, let c2, let p): add("C", c1, c2, p)
            case .close: add("Z")
            }
        }
        return out
    }

    private struct Parser {
        let bytes: [UInt8]
        var index = 0
        var path = VectorPath()
        var current = Vector2.zero, start = Vector2.zero
        /// The last control point of a previous Q/T or C/S, for the smooth forms' reflection.
        var lastQuadControl: Vector2?, lastCubicControl: Vector2?
        var commands = 0

        init(bytes: [UInt8]) { self.bytes = bytes }

        func fail(_ problem: String) -> ParseError { ParseError(position: index + 1, problem: problem) }

        mutating func skipSeparators() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x20, 0x09, 0x0A, 0x0D, 0x0C, 0x2C: index += 1  // space, tab, line ends, form feed, comma
                default: return
                }
            }
        }

        /// Whether a number starts here (after separators).
        mutating func numberFollows() -> Bool {
            skipSeparators()
            guard index < bytes.count else { return false }
            let b = bytes[index]
            return (b >= 0x30 && b <= 0x39) || b == 0x2E || b == 0x2B || b == 0x2D
        }

        mutating func number() throws -> Double {
            skipSeparators()
            let begin = index
            if index < bytes.count, bytes[index] == 0x2B || bytes[index] == 0x2D { index += 1 }
            var digits = 0
            while index < bytes.count, bytes[index] >= 0x30 && bytes[index] <= 0x39 { index += 1; digits += 1 }
            if index < bytes.count, bytes[index] == 0x2E {
                index += 1
                while index < bytes.count, bytes[index] >= 0x30 && bytes[index] <= 0x39 { index += 1; digits += 1 }
            }
            guard digits > 0 else {
                index = begin
                throw fail("expected a number")
            }
            if index < bytes.count, bytes[index] == 0x65 || bytes[index] == 0x45 {
                var look = index + 1
                if look < bytes.count, bytes[look] == 0x2B || bytes[look] == 0x2D { look += 1 }
                if look < bytes.count, bytes[look] >= 0x30 && bytes[look] <= 0x39 {
                    index = look
                    while index < bytes.count, bytes[index] >= 0x30 && bytes[index] <= 0x39 { index += 1 }
                }
            }
            guard index - begin <= 64, let value = Double(String(decoding: bytes[begin..<index], as: UTF8.self)),
                  value.isFinite else {
                index = begin
                throw fail("not a finite number")
            }
            return value
        }

        mutating func point(relative: Bool) throws -> Vector2 {
            let x = try number(), y = try number()
            return relative ? Vector2(current.x + x, current.y + y) : Vector2(x, y)
        }

        mutating func count() throws {
            commands += 1
            guard commands <= SVGPathData.maximumCommands else {
                throw fail("a path holds at most \(SVGPathData.maximumCommands) commands (the limit)")
            }
        }

        mutating func parse() throws -> VectorPath {
            var command: UInt8 = 0
            var started = false
            while true {
                skipSeparators()
                guard index < bytes.count else { break }
                let b = bytes[index]
                let commandStart = index
                let isLetter = (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A)
                if isLetter {
                    command = b
                    index += 1
                } else if command == 0 || command == 0x5A || command == 0x7A {
                    throw fail(command == 0 ? "path data must start with M" : "expected a command letter")
                }
                // After M, further pairs are implicit lines (SVG).
                let upper = command & ~0x20, relative = command != upper
                if !started && upper != 0x4D {
                    index = commandStart
                    throw fail("path data must start with M")
                }
                try count()
                switch upper {
                case 0x4D:  // M
                    current = try point(relative: relative && started)
                    start = current
                    path.move(to: current)
                    started = true
                    command = relative ? 0x6C : 0x4C
                    lastQuadControl = nil; lastCubicControl = nil
                    continue
                case 0x4C:  // L
                    current = try point(relative: relative)
                    path.line(to: current)
                    lastQuadControl = nil; lastCubicControl = nil
                case 0x48:  // H
                    let x = try number()
                    current = Vector2(relative ? current.x + x : x, current.y)
                    path.line(to: current)
                    lastQuadControl = nil; lastCubicControl = nil
                case 0x56:  // V
                    let y = try number()
                    current = Vector2(current.x, relative ? current.y + y : y)
                    path.line(to: current)
                    lastQuadControl = nil; lastCubicControl = nil
                case 0x51, 0x54:  // Q, T
                    let control = upper == 0x51 ? try point(relative: relative)
                        : lastQuadControl.map { 2 * current - $0 } ?? current
                    let to = try point(relative: relative)
                    path.quad(control: control, to: to)
                    current = to
                    lastQuadControl = control; lastCubicControl = nil
                case 0x43, 0x53:  // C, S
                    let first = upper == 0x43 ? try point(relative: relative)
                        : lastCubicControl.map { 2 * current - $0 } ?? current
                    let second = try point(relative: relative)
                    let to = try point(relative: relative)
                    path.cubic(control1: first, control2: second, to: to)
                    current = to
                    lastCubicControl = second; lastQuadControl = nil
                case 0x5A:  // Z
                    path.close()
                    current = start
                    lastQuadControl = nil; lastCubicControl = nil
                    continue
                case 0x41:
                    index -= 1
                    throw fail("elliptical arcs (A) are not supported; give arcs as cubic curves (C)")
                default:
                    index -= 1
                    throw fail("unknown command '\(Character(Unicode.Scalar(b)))'")
                }
                if !numberFollows() && index < bytes.count {
                    let next = bytes[index]
                    let letter = (next >= 0x41 && next <= 0x5A) || (next >= 0x61 && next <= 0x7A)
                    if !letter { throw fail("expected a number or a command letter") }
                }
            }
            return path
        }
    }
}
