#!/usr/bin/env python3
"""Text rasterisation speed: dynrender vs skia-python and pycairo, side by side, in one run.

Usage: python3 Benchmarks/text.py [--repeats 5] [--out /tmp/D4-settings.jsonl]

The workload (D4-settings) is a settings screen: a 34 pt bold large title, section headers and
footers at 13 pt, 28 rows at 17 pt with 8 grey detail values right-aligned, on white grouped
sections over #F2F2F7 — 43 lines of text in three sizes and three weights (400, 600, 700) —
scrolling up by 300 pt over 60 frames at 780×1688 px (scale 2), so every frame places the text
at new fractional positions. It is written as a display list (v2 text entries) for
dynrender-raster-bench, and drawn by the peers from the same frames:

- skia-python: `Font` on the Inter files (subpixel positioning, no hinting, anti-aliased edges),
  `canvas.drawString` (a TextBlob of the string's glyphs; no shaping, so no kerning: less work
  than dynrender's HarfBuzz shaping);
- pycairo: the toy font API on the same family through fontconfig and FreeType (grey
  anti-aliasing, no hinting, unhinted metrics), `show_text`.

Each peer is timed the way the reference raster harness times its backends, both ways it reports: 3 warm-up frames, per frame the median over `repeats` passes of `draw` (clear and
draw; the pixels are then in the library's own surface) and of `draw + read` (plus reading them
into an RGBA8 array: Skia's readPixels, Cairo's BGRA swizzled), averaged over the frames.
dynrender is timed by dynrender-raster-bench (clear + draw into its RGBA canvas, whose pixels are
then in memory in that form), median of `repeats` passes. `draw` is the like-for-like column;
`draw + read` is what the D1–D3 table (Benchmarks/raster.py) reports. skia-python and pycairo
come from the virtual environment scripts/bench-peers.sh makes (.venv-bench; this script re-runs
itself under it); the Inter font from scripts/setup.sh.
"""
import argparse, json, os, re, statistics, subprocess, sys, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import benchenv

FONTS = {400: "Inter-Regular.otf", 600: "Inter-SemiBold.otf", 700: "Inter-Bold.otf"}
FONT_DIR = "/usr/share/fonts/opentype/inter"
WIDTH, HEIGHT, SCALE, FRAMES = 390, 844, 2, 60

SECTIONS = [
    ("", ["Airplane Mode", ("Wi-Fi", "Home"), ("Bluetooth", "On"), "Cellular", ("Personal Hotspot", "Off"), ("VPN", "Not Connected")]),
    ("NOTIFICATIONS", ["Notifications", "Sounds & Haptics", "Focus", "Screen Time"]),
    ("GENERAL", ["General", "Control Centre", ("Display & Brightness", "Auto"), "Home Screen", "Accessibility",
                 "Wallpaper", "Siri & Search", "Face ID & Passcode", "Emergency SOS"]),
    ("PRIVACY", ["Privacy & Security", ("Wallet & Apple Pay", "2 Cards"), ("Passwords", "128"), "Mail", ("Contacts", "Accounts")]),
    ("APPS", ["Calendar", "Notes", "Reminders", ("Voice Memos", "iCloud")]),
]


def measure(text, size, weight):
    import skia
    return skia.Font(skia.Typeface.MakeFromFile(os.path.join(FONT_DIR, FONTS[weight])), size).measureText(text)


def build_frames():
    """The workload's frames as display-list dicts (one per frame)."""
    frames = []
    for index in range(FRAMES):
        progress = index / (FRAMES - 1)
        scroll = -300 * (progress * progress * (3 - 2 * progress))  # ease in and out
        shapes, texts = [], []
        def text(string, size, weight, x, y, colour):
            texts.append({"type": "text", "text": string, "font": {"family": "Inter", "weight": weight, "size": size},
                          "x": round(x, 4), "y": round(y + scroll, 4), "angle": 0, "fill": colour, "alpha": 1})
        text("Settings", 34, 700, 16, 96, "#000000FF")
        y = 120.0
        for header, rows in SECTIONS:
            if header:
                text(header, 13, 400, 32, y + 28, "#6D6D72FF")
                y += 36
            else:
                y += 12
            top = y
            shapes.append({"cx": WIDTH / 2, "cy": top + 22 * len(rows) + scroll, "w": WIDTH - 32, "h": 44 * len(rows),
                           "radius": 10, "angle": 0, "fill": "#FFFFFFFF", "alpha": 1, "shadow": None})
            for i, row in enumerate(rows):
                title, detail = (row, None) if isinstance(row, str) else row
                weight = 600 if i == 0 and header == "" else 400
                text(title, 17, weight, 32, y + 28, "#000000FF")
                if detail:
                    text(detail, 17, 400, WIDTH - 32 - measure(detail, 17, 400), y + 28, "#8A8A8EFF")
                if i < len(rows) - 1:
                    shapes.append({"cx": (WIDTH + 16) / 2 + 8, "cy": y + 44 + scroll, "w": WIDTH - 64, "h": 1 / 3,
                                   "radius": 0, "angle": 0, "fill": "#C6C6C8FF", "alpha": 1, "shadow": None})
                y += 44
        frames.append({"frame": index, "t": index / 60, "width": WIDTH, "height": HEIGHT, "scale": SCALE,
                       "background": "#F2F2F7", "shapes": shapes + texts})
    return frames


def colour(hex_colour):
    h = hex_colour.lstrip("#")
    return tuple(int(h[i:i + 2], 16) for i in (0, 2, 4, 6))


class Skia:
    def __init__(self):
        import skia
        self.skia = skia
        import numpy as np
        self.info = skia.ImageInfo.Make(WIDTH * SCALE, HEIGHT * SCALE, skia.kRGBA_8888_ColorType, skia.kPremul_AlphaType)
        self.surface = skia.Surface.MakeRaster(self.info)
        self.buf = np.empty((HEIGHT * SCALE, WIDTH * SCALE, 4), np.uint8)
        self.fonts = {}
        for weight, name in FONTS.items():
            face = skia.Typeface.MakeFromFile(os.path.join(FONT_DIR, name))
            for size in (13, 17, 34):
                font = skia.Font(face, size)
                font.setSubpixel(True)
                font.setHinting(skia.FontHinting.kNone)
                font.setEdging(skia.Font.Edging.kAntiAlias)
                self.fonts[(weight, size)] = font

    def draw(self, frame):
        skia = self.skia
        canvas = self.surface.getCanvas()
        canvas.save()
        canvas.scale(SCALE, SCALE)
        canvas.clear(skia.Color(*colour(frame["background"] + "FF")[:3]))
        paint = skia.Paint(AntiAlias=True)
        for s in frame["shapes"]:
            r, g, b, a = colour(s["fill"])
            paint.setColor(skia.Color(r, g, b, a))
            if s.get("type") == "text":
                canvas.drawString(s["text"], s["x"], s["y"], self.fonts[(s["font"]["weight"], s["font"]["size"])], paint)
            else:
                rect = skia.Rect.MakeXYWH(s["cx"] - s["w"] / 2, s["cy"] - s["h"] / 2, s["w"], s["h"])
                canvas.drawRRect(skia.RRect.MakeRectXY(rect, s["radius"], s["radius"]), paint)
        canvas.restore()

    def read(self):
        # As the reference harness reads Skia: readPixels into an RGBA8 buffer.
        self.surface.readPixels(self.info, self.buf, WIDTH * SCALE * 4, 0, 0)
        return self.buf


class Cairo:
    def __init__(self):
        import cairo
        self.cairo = cairo
        self.surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, WIDTH * SCALE, HEIGHT * SCALE)
        self.options = cairo.FontOptions()
        self.options.set_antialias(cairo.ANTIALIAS_GRAY)
        self.options.set_hint_style(cairo.HINT_STYLE_NONE)
        self.options.set_hint_metrics(cairo.HINT_METRICS_OFF)
        import numpy as np
        self.out = np.empty((HEIGHT * SCALE, WIDTH * SCALE, 4), np.uint8)

    def draw(self, frame):
        cairo = self.cairo
        ctx = cairo.Context(self.surface)
        ctx.scale(SCALE, SCALE)
        ctx.set_font_options(self.options)
        r, g, b, _ = colour(frame["background"] + "FF")
        ctx.set_source_rgb(r / 255, g / 255, b / 255)
        ctx.paint()
        for s in frame["shapes"]:
            r, g, b, a = colour(s["fill"])
            ctx.set_source_rgba(r / 255, g / 255, b / 255, a / 255)
            if s.get("type") == "text":
                weight = s["font"]["weight"]
                family = "Inter Semi Bold" if weight == 600 else "Inter"
                ctx.select_font_face(family, cairo.FONT_SLANT_NORMAL,
                                     cairo.FONT_WEIGHT_BOLD if weight == 700 else cairo.FONT_WEIGHT_NORMAL)
                ctx.set_font_size(s["font"]["size"])
                ctx.move_to(s["x"], s["y"])
                ctx.show_text(s["text"])
            else:
                x, y, w, h, rad = s["cx"] - s["w"] / 2, s["cy"] - s["h"] / 2, s["w"], s["h"], min(s["radius"], s["w"] / 2, s["h"] / 2)
                if rad > 0:
                    ctx.new_sub_path()
                    ctx.arc(x + w - rad, y + rad, rad, -1.5708, 0)
                    ctx.arc(x + w - rad, y + h - rad, rad, 0, 1.5708)
                    ctx.arc(x + rad, y + h - rad, rad, 1.5708, 3.14159)
                    ctx.arc(x + rad, y + rad, rad, 3.14159, 4.71239)
                    ctx.close_path()
                else:
                    ctx.rectangle(x, y, w, h)
                ctx.fill()
        self.surface.flush()

    def read(self):
        # As the reference harness reads Cairo: its premultiplied BGRA swizzled into an RGBA8 array.
        import numpy as np
        bgra = np.ndarray((HEIGHT * SCALE, self.surface.get_stride() // 4, 4), np.uint8, self.surface.get_data())[:, :WIDTH * SCALE]
        for i, j in ((0, 2), (1, 1), (2, 0), (3, 3)):
            self.out[:, :, i] = bgra[:, :, j]
        return self.out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--out", default="/tmp/D4-settings.jsonl")
    ap.add_argument("--binary", default=benchenv.release_binary("dynrender-raster-bench"))
    args = ap.parse_args()
    benchenv.use_venv("numpy", "skia", "cairo")
    benchenv.ensure_release_binary(args.binary, "dynrender-raster-bench")
    frames = build_frames()
    with open(args.out, "w", encoding="utf-8") as f:
        for frame in frames:
            f.write(json.dumps(frame, separators=(",", ":")) + "\n")
    labels = sum(1 for s in frames[0]["shapes"] if s.get("type") == "text")
    times = {}
    for name, backend in (("skia", Skia()), ("cairo", Cairo())):
        for frame in frames[:3]:
            backend.draw(frame)
            backend.read()
        for read in (False, True):
            per_frame = [[] for _ in frames]
            for _ in range(args.repeats):
                for i, frame in enumerate(frames):
                    t0 = time.perf_counter()
                    backend.draw(frame)
                    if read:
                        backend.read()
                    per_frame[i].append(time.perf_counter() - t0)
            times[name, read] = 1000 * statistics.mean(statistics.median(x) for x in per_frame)
    out = subprocess.run([args.binary, args.out, "--repeats", str(args.repeats)], capture_output=True, text=True,
                         check=True).stdout
    ours = float(re.findall(r"\| ([0-9.]+) \| [0-9]+ \|$", out.strip().splitlines()[-1])[0])
    print(f"D4-settings: {labels} text entries a frame, {len(frames)} frames at {WIDTH * SCALE}x{HEIGHT * SCALE}")
    print("| workload | dynrender ms/frame | skia-python draw | skia-python draw + read | pycairo draw | pycairo draw + read "
          "| dynrender ÷ skia draw | dynrender ÷ cairo draw | dynrender ÷ cairo draw + read |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    print(f"| D4-settings | {ours:.2f} | {times['skia', False]:.2f} | {times['skia', True]:.2f} | {times['cairo', False]:.2f} "
          f"| {times['cairo', True]:.2f} | {ours / times['skia', False]:.2f} | {ours / times['cairo', False]:.2f} "
          f"| {ours / times['cairo', True]:.2f} |")


if __name__ == "__main__":
    main()
