import DynRender
@testable import DynRenderDisplayList
@testable import DynRenderCodecs
import FuzzSupport

@main enum Main {
    static func main() { runFuzzer(fuzzRaster) }
}

/// Reads a fuzzer's bytes as the numbers of a frame: each call consumes a few bytes (zeros once
/// they run out), so every input maps to one frame and small mutations make small changes.
struct ByteStream {
    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0

    mutating func byte() -> UInt8 {
        defer { position += 1 }
        return position < bytes.count ? bytes[position] : 0
    }

    /// One of `choices`.
    mutating func pick<T>(_ choices: [T]) -> T { choices[Int(byte()) % choices.count] }

    /// A value in low…high from two bytes.
    mutating func unit(_ low: Double, _ high: Double) -> Double {
        let raw = Double(UInt16(byte()) << 8 | UInt16(byte())) / 65535
        return low + (high - low) * raw
    }

    /// A length: a hair, an ordinary size, the limit, or anything between.
    mutating func extent(_ ordinary: Double) -> Double {
        switch byte() % 6 {
        case 0: return unit(0, 0.05)
        case 1: return DisplayListLimits.maximumExtent * unit(0, 1)
        case 2: return DisplayListLimits.maximumExtent
        default: return unit(0, ordinary)
        }
    }

    /// A coordinate: on the canvas, just off it, or far away up to the limit.
    mutating func coordinate(_ canvas: Double) -> Double {
        switch byte() % 5 {
        case 0: return unit(-1, 1) * DisplayListLimits.maximumCoordinate
        case 1: return pick([0, canvas, -0.5, canvas + 0.5])
        default: return unit(-0.5, 1.5) * canvas
        }
    }
}

/// libFuzzer's entry: draws the frame the bytes describe (small canvases, any scale up to the
/// limit; rectangles, paths (gradient-filled too), text, pictures and groups — faded, clipped,
/// masked, shadowed, nested — at and across
/// every limit)
/// and checks that nothing traps and every pixel of the opaque canvas stays opaque.
/// One input; libFuzzer calls it through `runFuzzer`.
func fuzzRaster(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    var input = ByteStream(bytes: inputBytes(data, count))
    let scale = input.pick([1, 2, 3, 1.37, 0.5, 8, 2.5, 7.99])
    let size = CGSize(width: input.unit(1, 96) / max(1, scale / 2), height: input.unit(1, 96) / max(1, scale / 2))
    let shapes = randomItems(&input, canvas: size, depth: 0)
    let list = DisplayList(size: size, scale: scale, background: RGBA8(200, 210, 220), shapes: shapes)
    guard (try? list.checkLimits()) != nil, list.pixelWidth >= 1, list.pixelHeight >= 1 else { return 0 }
    let canvas = Rasterizer().render(list)
    for pixel in stride(from: 3, to: canvas.pixels.count, by: 4) where canvas.pixels[pixel] != 255 {
        fatalError("pixel \(pixel / 4) lost its opacity")
    }
    return 0
}

/// Up to five entries; a group holds entries of its own, up to three levels deep.
func randomItems(_ input: inout ByteStream, canvas size: CGSize, depth: Int) -> [DisplayItem] {
    var shapes: [DisplayItem] = []
    for _ in 0..<Int(input.byte() % 6) {
        switch input.byte() % 6 {
        case 0: shapes.append(.path(randomPath(&input, canvas: size))); continue
        case 1: shapes.append(.text(randomText(&input, canvas: size))); continue
        case 3: shapes.append(.image(randomImage(&input, canvas: size))); continue
        case 2 where depth < 3:
            let clip = input.byte() % 2 == 0 ? nil
                : ClipRectangle(center: CGPoint(x: input.coordinate(Double(size.width)), y: input.coordinate(Double(size.height))),
                                size: CGSize(width: input.extent(60), height: input.extent(60)), cornerRadius: input.extent(20),
                                transform: randomTransform(&input), cornerCurve: input.byte() % 2 == 0 ? .circular : .continuous)
            // Masks (any entries, nested too) and shadows cast by the group's picture.
            let mask = input.byte() % 3 == 0 ? randomItems(&input, canvas: size, depth: depth + 1) : nil
            let shadow = input.byte() % 4 == 0
                ? Shadow(offset: CGVector(dx: input.coordinate(20) - 10, dy: input.coordinate(20) - 10),
                         blur: input.pick([0, 0.3, 4, 30, 300, DisplayListLimits.maximumBlur]), color: RGBA8(0, 0, 0, input.byte()))
                : nil
            shapes.append(.group(DisplayGroup(shapes: randomItems(&input, canvas: size, depth: depth + 1),
                                              alpha: input.pick([1, 0.5, 0, 0.003, 0.999]), clip: clip, mask: mask, shadow: shadow)))
            continue
        default: break
        }
        let w = input.extent(80), h = input.extent(80)
        let radius: Double = input.pick([0, min(w, h) / 2, input.extent(40), min(w, h) * 3])
        let transform = randomTransform(&input)
        let shadow = input.byte() % 3 == 0
            ? Shadow(offset: CGVector(dx: input.coordinate(20) - 10, dy: input.coordinate(20) - 10),
                     blur: input.pick([0, 0.3, 4, 60, DisplayListLimits.maximumBlur]), color: RGBA8(0, 0, 0, input.byte()))
            : nil
        let border = input.byte() % 3 == 0 ? Border(width: input.extent(20), color: RGBA8(9, 9, 200, input.byte())) : nil
        shapes.append(.rect(RoundedRectangle(center: CGPoint(x: input.coordinate(Double(size.width)), y: input.coordinate(Double(size.height))),
                                       size: CGSize(width: w, height: h), cornerRadius: radius, transform: transform,
                                       fill: RGBA8(input.byte(), input.byte(), input.byte(), input.byte()),
                                       alpha: input.pick([1, 0.5, 0, 0.003]), shadow: shadow, border: border,
                                       cornerCurve: input.byte() % 2 == 0 ? .circular : .continuous,
                                       gradient: input.byte() % 4 == 0 ? randomGradient(&input, canvas: size) : nil)))
    }
    return shapes
}

/// Pictures to draw: one pixel, a small translucent gradient (its transparent corner included),
/// and one big enough for five mip levels.
let pictures: [ImageSource] = [(1, 1), (7, 5), (300, 200)].map { width, height in
    var image = RGBAImage(width: width, height: height)
    for y in 0..<height {
        for x in 0..<width {
            image[x, y] = RGBA8(UInt8(x * 255 / width), UInt8(y * 255 / height), 90, UInt8((x + y) * 255 / (width + height - 1)))
        }
    }
    return .embedded(EmbeddedPNG(try! PNGEncoder().encode(image)))
}

/// A picture anywhere within the limits: any size, rounding, turn, crop (down to a sliver) and
/// filter.
func randomImage(_ input: inout ByteStream, canvas: CGSize) -> ImageShape {
    let w = input.extent(80), h = input.extent(80)
    let x = input.unit(0, 0.99), y = input.unit(0, 0.99)
    let crop = input.byte() % 2 == 0 ? ImageShape.wholePicture
        : CGRect(x: x, y: y, width: input.pick([1 - x, 1e-9, input.unit(0, 1 - x)]), height: input.pick([1 - y, input.unit(0, 1 - y)]))
    return ImageShape(source: input.pick(pictures),
                      center: CGPoint(x: input.coordinate(Double(canvas.width)), y: input.coordinate(Double(canvas.height))),
                      size: CGSize(width: w, height: h), cornerRadius: input.pick([0, min(w, h) / 2, input.extent(40), min(w, h) * 3]),
                      transform: randomTransform(&input), cornerCurve: input.byte() % 2 == 0 ? .circular : .continuous,
                      alpha: input.pick([1, 0.5, 0, 0.003]), filter: input.pick([.linear, .nearest]), crop: crop)
}

/// Any linear transform within the limits, a pure rotation, or a singular one.
func randomTransform(_ input: inout ByteStream) -> CGAffineTransform {
    switch input.byte() % 4 {
    case 0: return .identity
    case 1: return CGAffineTransform(rotationAngle: CGFloat(input.unit(-1, 1) * input.pick([7, 1e6])))
    case 2: return CGAffineTransform(a: 0, b: 0, c: 0, d: 0, tx: 0, ty: 0)
    default:
        let limit = input.pick([2.0, DisplayListLimits.maximumTransformEntry])
        return CGAffineTransform(a: CGFloat(input.unit(-limit, limit)), b: CGFloat(input.unit(-limit, limit)),
                                 c: CGFloat(input.unit(-limit, limit)), d: CGFloat(input.unit(-limit, limit)), tx: 0, ty: 0)
    }
}

/// A path of up to 15 commands anywhere within the limits, filled and perhaps stroked.
func randomPath(_ input: inout ByteStream, canvas: CGSize) -> PathShape {
    var path = VectorPath()
    func point() -> Vector2 { Vector2(input.coordinate(Double(canvas.width)), input.coordinate(Double(canvas.height))) }
    for _ in 0..<Int(input.byte() % 16) {
        switch input.byte() % 6 {
        case 0: path.move(to: point())
        case 1, 2: path.line(to: point())
        case 3: path.quad(control: point(), to: point())
        case 4: path.cubic(control1: point(), control2: point(), to: point())
        default: path.close()
        }
    }
    let stroke = input.byte() % 2 == 0
        ? PathStroke(width: input.extent(20), color: RGBA8(200, 20, 20, input.byte()),
                     join: input.pick([.miter, .round, .bevel]), cap: input.pick([.butt, .round, .square]))
        : nil
    let gradient = input.byte() % 3 == 0 ? randomGradient(&input, canvas: canvas) : nil
    // A shadow cast by the path's region (Core Animation's `shadowPath`).
    let shadow = input.byte() % 4 == 0
        ? Shadow(offset: CGVector(dx: input.coordinate(40) - 20, dy: input.coordinate(40) - 20),
                 blur: input.pick([0, 0.3, 4, 60, 300, DisplayListLimits.maximumBlur]), color: RGBA8(0, 0, 0, input.byte()))
        : nil
    return PathShape(path: path, fillRule: input.pick([.nonzero, .evenOdd]),
                     origin: CGPoint(x: input.coordinate(Double(canvas.width)), y: input.coordinate(Double(canvas.height))),
                     transform: randomTransform(&input), fill: RGBA8(input.byte(), input.byte(), input.byte(), input.byte()),
                     alpha: input.pick([1, 0.5, 0]), stroke: stroke, gradient: gradient, shadow: shadow)
}

/// A gradient of either kind: degenerate axes and radii, coinciding circles, one stop or many.
func randomGradient(_ input: inout ByteStream, canvas: CGSize) -> Gradient {
    func point() -> CGPoint { CGPoint(x: input.coordinate(Double(canvas.width)), y: input.coordinate(Double(canvas.height))) }
    var stops: [GradientStop] = []
    var location = 0.0
    for _ in 0...Int(input.byte() % 4) {
        location = min(1, location + input.pick([0, 0.25, 1, 0.001]))
        stops.append(GradientStop(location, RGBA8(input.byte(), input.byte(), input.byte(), input.byte())))
    }
    return Gradient(kind: input.pick([.axial, .radial]), stops: stops, start: point(), end: input.byte() % 4 == 0 ? .zero : point(),
                    startRadius: input.extent(40), endRadius: input.pick([0, input.extent(60)]),
                    extendsStart: input.byte() % 2 == 0, extendsEnd: input.byte() % 2 == 0)
}

/// A line of up to 12 characters from Latin, combining marks, Hebrew, Arabic, emoji, control
/// and unassigned code points, in the system font at any size within the limits.
func randomText(_ input: inout ByteStream, canvas: CGSize) -> TextRun {
    let ranges: [ClosedRange<UInt32>] = [0x20...0x7E, 0x300...0x36F, 0x5D0...0x5EA, 0x627...0x64A, 0x1F600...0x1F64F,
                                         0x1...0x1F, 0xE000...0xE0FF, 0xFFF0...0xFFFD]
    var text = ""
    for _ in 0..<Int(input.byte() % 13) {
        let range = input.pick(ranges)
        let value = range.lowerBound + UInt32(input.byte()) % (range.upperBound - range.lowerBound + 1)
        if let scalar = Unicode.Scalar(value), !scalar.properties.isWhitespace || scalar == " " { text.unicodeScalars.append(scalar) }
    }
    return TextRun(text: text, font: .system(size: input.pick([0.01, 1, 17, 300, DisplayListLimits.maximumFontSize]),
                                             weight: input.pick([400, 600, 700])),
                   origin: CGPoint(x: input.coordinate(Double(canvas.width)), y: input.coordinate(Double(canvas.height))),
                   transform: randomTransform(&input), fill: RGBA8(input.byte(), input.byte(), input.byte(), 255),
                   alpha: input.pick([1, 0.4]), letterSpacing: input.pick([0, 3, -40]))
}
