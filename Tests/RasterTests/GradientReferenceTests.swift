import Foundation
import Testing
import DynRender
import DynRenderGeometry
@testable import DynRenderImages

/// Gradients against Cairo's: the cases of References/gradients/gradient-cases.json, drawn by
/// Cairo into the PNGs beside it (Benchmarks/gradient_references.py) and by dynrender here. Away
/// from the rectangle's edges (where the two anti-alias differently) every pixel is within one
/// level of Cairo's.
@Suite struct GradientReferenceTests {
    struct Case: Decodable {
        let name: String
        let width: Int, height: Int
        let background: String
        let rect: [Double]
        let kind: String
        let x0: Double, y0: Double, x1: Double, y1: Double, r0: Double, r1: Double
        let stops: [[Stop]]

        enum Stop: Decodable {
            case location(Double), color(String)
            init(from decoder: Decoder) throws {
                let value = try decoder.singleValueContainer()
                if let number = try? value.decode(Double.self) { self = .location(number) } else { self = .color(try value.decode(String.self)) }
            }
        }
    }

    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("References/gradients")

    static func color(_ text: String) -> RGBA8 {
        let v = Array(text.dropFirst()).chunked(2).map { UInt8(String($0), radix: 16)! }
        return RGBA8(v[0], v[1], v[2], v.count > 3 ? v[3] : 255)
    }

    static var cases: [Case] {
        (try? JSONDecoder().decode([Case].self, from: Data(contentsOf: folder.appendingPathComponent("gradient-cases.json")))) ?? []
    }

    @Test(arguments: cases.map(\.name))
    func matchesCairo(_ name: String) throws {
        let c = try #require(Self.cases.first { $0.name == name })
        var stops: [GradientStop] = []
        for pair in c.stops {
            guard case .location(let location) = pair[0], case .color(let color) = pair[1] else { throw CancellationError() }
            stops.append(GradientStop(location, Self.color(color)))
        }
        let gradient = c.kind == "axial"
            ? Gradient(axialFrom: CGPoint(x: c.x0, y: c.y0), to: CGPoint(x: c.x1, y: c.y1), stops: stops)
            : Gradient(radialFrom: CGPoint(x: c.x0, y: c.y0), radius: c.r0, to: CGPoint(x: c.x1, y: c.y1), radius: c.r1, stops: stops)
        let rect = CGRect(x: c.rect[0], y: c.rect[1], width: c.rect[2], height: c.rect[3])
        let ours = Rasterizer().render(DisplayList(size: CGSize(width: c.width, height: c.height), scale: 1, background: Self.color(c.background),
                                                   shapes: [.path(PathShape(path: .rectangle(rect), fill: RGBA8(0, 0, 0), gradient: gradient))])).image
        let png = try [UInt8](Data(contentsOf: Self.folder.appendingPathComponent(name + "-cairo.png")))
        let cairo = try PNGReader.decode(png).image
        #expect(cairo.width == c.width && cairo.height == c.height)
        var worst = 0, compared = 0
        for y in Int(rect.minY) + 1..<Int(rect.maxY) - 1 {
            for x in Int(rect.minX) + 1..<Int(rect.maxX) - 1 {
                let p = ours[x, y], q = cairo[x, y]
                let d = max(abs(Int(p.r) - Int(q.r)), abs(Int(p.g) - Int(q.g)), abs(Int(p.b) - Int(q.b)))
                worst = max(worst, d)
                compared += 1
            }
        }
        #expect(compared > 3000)
        #expect(worst <= 1, "\(name): largest difference from Cairo \(worst) levels")
    }
}

private extension Array {
    func chunked(_ size: Int) -> [[Element]] {
        stride(from: 0, to: count, by: size).map { Array(self[$0..<Swift.min($0 + size, count)]) }
    }
}
