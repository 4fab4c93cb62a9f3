import Foundation
import DynRenderCodecs
import DynRenderDisplayList
import DynRenderGeometry
import DynRenderImages
import DynRenderPixels
import DynRenderRaster

/// The pictures the photos demo shows, drawn by dynrender itself from display lists and encoded
/// as PNGs once per process (deterministic bytes, like every frame): an app screenshot at 3× and
/// three landscape photos. Nothing is downloaded or copied in.
enum DemoPictures {
    /// A Settings-style screen of 390×844 pt at scale 3 (1170×2532 px), the backdrop.
    static let screenshot: ImageSource = .embedded(EmbeddedPNG(png(of: settingsScreen(), scale: 3)))

    /// Three 320×240 px landscapes: dawn, noon and dusk.
    static let photos: [ImageSource] = [
        landscape(sky: (RGBA8(255, 183, 130), RGBA8(120, 150, 220)), sun: RGBA8(255, 236, 180), hills: RGBA8(90, 110, 150),
                  water: RGBA8(150, 160, 210), sunAt: (70, 150)),
        landscape(sky: (RGBA8(90, 170, 250), RGBA8(200, 230, 255)), sun: RGBA8(255, 250, 210), hills: RGBA8(70, 140, 80),
                  water: RGBA8(60, 130, 200), sunAt: (240, 50)),
        landscape(sky: (RGBA8(60, 40, 110), RGBA8(250, 120, 80)), sun: RGBA8(255, 200, 90), hills: RGBA8(50, 40, 70),
                  water: RGBA8(120, 70, 110), sunAt: (170, 130)),
    ].map { .embedded(EmbeddedPNG(png(of: $0, scale: 1))) }

    private static func png(of list: DisplayList, scale: Double) -> [UInt8] {
        var scaled = list
        scaled.scale = scale
        // Drawn and encoded in memory: cannot fail for these fixed lists. At zlib's default
        // level: level 9 took 0.4 s of CPU to encode the screenshot, in every render of the
        // demo (14 % of `demo photos` at two threads), for a file 5 % smaller (125 against
        // 133 KB); level 1 would take 0.1 s for 166 KB.
        return try! PNGEncoder(compressionLevel: 6).encode(Rasterizer().render(scaled).image)
    }

    private static func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double, _ fill: RGBA8, radius: Double = 0) -> DisplayItem {
        .rect(RoundedRectangle(center: CGPoint(x: x + w / 2, y: y + h / 2), size: CGSize(width: w, height: h), cornerRadius: radius,
                               fill: fill))
    }

    private static func text(_ string: String, _ size: Double, _ weight: Int, _ x: Double, _ y: Double, _ fill: RGBA8) -> DisplayItem {
        .text(TextRun(text: string, font: .system(size: size, weight: weight), origin: CGPoint(x: x, y: y), fill: fill))
    }

    /// The screen: a large title, grouped rows with icons and chevrons, as iOS's Settings shows.
    private static func settingsScreen() -> DisplayList {
        var items: [DisplayItem] = [text("9:41", 17, 600, 40, 34, RGBA8(0, 0, 0)), text("Settings", 34, 700, 16, 100, RGBA8(0, 0, 0))]
        let sections: [[(String, RGBA8)]] = [
            [("Airplane Mode", SystemColors.orange), ("Wi-Fi", SystemColors.blue), ("Bluetooth", SystemColors.blue),
             ("Cellular", SystemColors.green)],
            [("Notifications", SystemColors.red), ("Sounds & Haptics", RGBA8(255, 45, 85)), ("Focus", SystemColors.purple),
             ("Screen Time", SystemColors.purple)],
            [("General", SystemColors.gray), ("Control Centre", SystemColors.gray), ("Display & Brightness", SystemColors.blue),
             ("Wallpaper", RGBA8(50, 173, 230)), ("Privacy & Security", SystemColors.blue)],
        ]
        var y = 124.0
        for rows in sections {
            items.append(rect(16, y, 358, 44 * Double(rows.count), RGBA8(255, 255, 255), radius: 10))
            for (i, (title, colour)) in rows.enumerated() {
                let top = y + 44 * Double(i)
                items.append(rect(32, top + 8, 28, 28, colour, radius: 6))
                items.append(text(title, 17, 400, 74, top + 28, RGBA8(0, 0, 0)))
                var chevron = VectorPath()
                chevron.move(to: Vector2(0, 0)); chevron.line(to: Vector2(5, 6)); chevron.line(to: Vector2(0, 12))
                items.append(.path(PathShape(path: chevron, origin: CGPoint(x: 350, y: top + 16), fill: RGBA8(0, 0, 0, 0),
                                             stroke: PathStroke(width: 2, color: RGBA8(196, 196, 199), join: .round, cap: .round))))
                if i < rows.count - 1 { items.append(rect(74, top + 44, 300, 1.0 / 3, RGBA8(198, 198, 200))) }
            }
            y += 44 * Double(rows.count) + 36
        }
        return DisplayList(size: CGSize(width: 390, height: 844), scale: 3, background: RGBA8(242, 242, 247), shapes: items)
    }

    /// A sky of 60 bands blending `sky.0` (top) into `sky.1`, a sun, two ranges of hills and
    /// water with the sun's reflection.
    private static func landscape(sky: (RGBA8, RGBA8), sun: RGBA8, hills: RGBA8, water: RGBA8,
                                  sunAt: (Double, Double)) -> DisplayList {
        var items: [DisplayItem] = []
        func mix(_ a: RGBA8, _ b: RGBA8, _ t: Double) -> RGBA8 {
            func c(_ x: UInt8, _ y: UInt8) -> UInt8 { UInt8((Double(x) * (1 - t) + Double(y) * t).rounded()) }
            return RGBA8(c(a.r, b.r), c(a.g, b.g), c(a.b, b.b))
        }
        for band in 0..<60 { items.append(rect(0, Double(band) * 3, 320, 3, mix(sky.0, sky.1, Double(band) / 59))) }
        var disc = VectorPath()
        let k = 0.5523, r = 26.0
        disc.move(to: Vector2(r, 0))
        disc.cubic(control1: Vector2(r, k * r), control2: Vector2(k * r, r), to: Vector2(0, r))
        disc.cubic(control1: Vector2(-k * r, r), control2: Vector2(-r, k * r), to: Vector2(-r, 0))
        disc.cubic(control1: Vector2(-r, -k * r), control2: Vector2(-k * r, -r), to: Vector2(0, -r))
        disc.cubic(control1: Vector2(k * r, -r), control2: Vector2(r, -k * r), to: Vector2(r, 0))
        disc.close()
        items.append(.path(PathShape(path: disc, origin: CGPoint(x: sunAt.0, y: sunAt.1), fill: sun)))
        for (offset, shade) in [(0.0, 0.75), (22.0, 1.0)] {
            var ridge = VectorPath()
            ridge.move(to: Vector2(0, 240))
            ridge.line(to: Vector2(0, 150 + offset))
            var x = 0.0, up = true
            while x < 320 {
                let step = 40.0 + Double(Int(x + offset) % 3) * 15
                ridge.quad(control: Vector2(x + step / 2, (up ? 105 : 160) + offset), to: Vector2(x + step, 145 + offset))
                x += step
                up.toggle()
            }
            ridge.line(to: Vector2(320, 240))
            ridge.close()
            items.append(.path(PathShape(path: ridge, fill: mix(hills, RGBA8(255, 255, 255), 1 - shade))))
        }
        items.append(rect(0, 200, 320, 40, water))
        items.append(rect(sunAt.0 - 18, 206, 36, 3, mix(water, sun, 0.7)))
        items.append(rect(sunAt.0 - 11, 214, 22, 2, mix(water, sun, 0.5)))
        return DisplayList(size: CGSize(width: 320, height: 240), scale: 1, background: sky.1, shapes: items)
    }
}
