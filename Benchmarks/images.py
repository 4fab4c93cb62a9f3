#!/usr/bin/env python3
"""Image drawing speed: dynrender vs skia-python and pycairo, side by side, in one run.

Usage: python3 Benchmarks/images.py [--repeats 5] [--dir /tmp/D5-images]

The workload (D5-images): a full-screen app screenshot (a 1170x2532 PNG, drawn at 780x1688, so
minified 1.5x) behind 30 image views of 256x256 pictures scaled to 60 pt (120 px: minified
2.13x) and turning, a little more each frame, over 60 frames at 780x1688 (scale 2). The pictures
are made here with Pillow (gradients, discs and stripes, so sampling errors show), written as PNG
files beside the display list (v2 image entries). Quality asked of each library: bilinear
filtering with a mip-map prefilter when minifying —
- skia-python: `drawImageRect` with `SamplingOptions(kLinear, kLinear)` (trilinear mip-maps),
  anti-aliased edges;
- pycairo: a surface pattern with `FILTER_GOOD` (pixman's box-prefiltered bilinear when
  downscaling), the rotated rectangle filled;
- dynrender: bilinear from the mip level that brings the footprint under 2 source pixels, edges
  with exact coverage.

Each peer is timed as Benchmarks/text.py times it (the reference harness's two ways): `draw` (clear
and draw) and `draw + read` (plus reading into an RGBA8 array), per frame the median over
`repeats` passes, averaged over the frames, after 3 warm-up frames; pictures are decoded before
timing. dynrender is timed by dynrender-raster-bench (clear + draw into its RGBA canvas; pictures
decoded when the file is read), median of `repeats` passes. skia-python, pycairo and Pillow come
from the virtual environment scripts/bench-peers.sh makes (.venv-bench; this script re-runs itself
under it).
"""
import argparse, json, math, os, re, statistics, subprocess, sys, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import benchenv

WIDTH, HEIGHT, SCALE, FRAMES, VIEWS = 390, 844, 2, 60, 30


def make_pictures(directory):
    from PIL import Image, ImageDraw
    os.makedirs(directory, exist_ok=True)
    shot = Image.new("RGB", (1170, 2532), (242, 242, 247))
    d = ImageDraw.Draw(shot)
    for row in range(24):
        y = 360 + row * 88
        d.rounded_rectangle((48, y, 1122, y + 80), 24, fill=(255, 255, 255))
        d.rounded_rectangle((90, y + 14, 142, y + 66), 12, fill=((row * 53) % 255, (row * 97) % 255, 200))
        for k in range(8 + row % 5):
            d.rectangle((180 + k * 46, y + 30, 210 + k * 46, y + 50), fill=(30, 30, 30))
    d.rectangle((48, 150, 600, 260), fill=(0, 0, 0))
    shot.save(os.path.join(directory, "screenshot.png"))
    for i in range(4):
        im = Image.new("RGB", (256, 256))
        px = im.load()
        for y in range(256):
            for x in range(256):
                px[x, y] = ((x * (i + 1)) % 256, (y * 3 + i * 60) % 256, ((x ^ y) * 2) % 256)
        dd = ImageDraw.Draw(im)
        dd.ellipse((60, 60, 196, 196), fill=(250, 220, 80))
        for k in range(0, 256, 8):
            dd.line((k, 0, k, 40), fill=(0, 0, 0), width=2)
        im.save(os.path.join(directory, f"picture{i}.png"))


def build_frames():
    frames = []
    for index in range(FRAMES):
        shapes = [{"type": "image", "src": "screenshot.png", "cx": WIDTH / 2, "cy": HEIGHT / 2, "w": WIDTH, "h": HEIGHT,
                   "angle": 0, "alpha": 1}]
        for v in range(VIEWS):
            col, row = v % 5, v // 5
            angle = round(0.3 * v + index * 0.02, 6)
            shapes.append({"type": "image", "src": f"picture{v % 4}.png", "cx": 45 + col * 75, "cy": 140 + row * 110,
                           "w": 60, "h": 60, "angle": angle, "alpha": 1})
        frames.append({"frame": index, "t": index / 60, "width": WIDTH, "height": HEIGHT, "scale": SCALE,
                       "background": "#000000", "shapes": shapes})
    return frames


class Skia:
    def __init__(self, directory):
        import numpy as np, skia
        self.skia = skia
        self.info = skia.ImageInfo.Make(WIDTH * SCALE, HEIGHT * SCALE, skia.kRGBA_8888_ColorType, skia.kPremul_AlphaType)
        self.surface = skia.Surface.MakeRaster(self.info)
        self.buf = np.empty((HEIGHT * SCALE, WIDTH * SCALE, 4), np.uint8)
        self.images = {}
        for name in ["screenshot.png"] + [f"picture{i}.png" for i in range(4)]:
            image = skia.Image.open(os.path.join(directory, name)).makeRasterImage()
            self.images[name] = image.withDefaultMipmaps()
        self.sampling = skia.SamplingOptions(skia.FilterMode.kLinear, skia.MipmapMode.kLinear)
        self.paint = skia.Paint(AntiAlias=True)

    def draw(self, frame):
        skia = self.skia
        canvas = self.surface.getCanvas()
        canvas.clear(skia.ColorBLACK)
        canvas.save()
        canvas.scale(SCALE, SCALE)
        for s in frame["shapes"]:
            canvas.save()
            canvas.translate(s["cx"], s["cy"])
            canvas.rotate(math.degrees(s["angle"]))
            canvas.drawImageRect(self.images[s["src"]], skia.Rect.MakeXYWH(-s["w"] / 2, -s["h"] / 2, s["w"], s["h"]),
                                 self.sampling, self.paint)
            canvas.restore()
        canvas.restore()

    def read(self):
        self.surface.readPixels(self.info, self.buf, WIDTH * SCALE * 4, 0, 0)
        return self.buf


class Cairo:
    def __init__(self, directory):
        import cairo, numpy as np
        self.cairo = cairo
        self.surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, WIDTH * SCALE, HEIGHT * SCALE)
        self.out = np.empty((HEIGHT * SCALE, WIDTH * SCALE, 4), np.uint8)
        self.images = {name: cairo.ImageSurface.create_from_png(os.path.join(directory, name))
                       for name in ["screenshot.png"] + [f"picture{i}.png" for i in range(4)]}

    def draw(self, frame):
        cairo = self.cairo
        ctx = cairo.Context(self.surface)
        ctx.set_source_rgb(0, 0, 0)
        ctx.paint()
        ctx.scale(SCALE, SCALE)
        for s in frame["shapes"]:
            image = self.images[s["src"]]
            ctx.save()
            ctx.translate(s["cx"], s["cy"])
            ctx.rotate(s["angle"])
            ctx.rectangle(-s["w"] / 2, -s["h"] / 2, s["w"], s["h"])
            ctx.translate(-s["w"] / 2, -s["h"] / 2)
            ctx.scale(s["w"] / image.get_width(), s["h"] / image.get_height())
            ctx.set_source_surface(image, 0, 0)
            ctx.get_source().set_filter(cairo.FILTER_GOOD)
            ctx.fill()
            ctx.restore()
        self.surface.flush()

    def read(self):
        import numpy as np
        bgra = np.ndarray((HEIGHT * SCALE, self.surface.get_stride() // 4, 4), np.uint8, self.surface.get_data())[:, :WIDTH * SCALE]
        for i, j in ((0, 2), (1, 1), (2, 0), (3, 3)):
            self.out[:, :, i] = bgra[:, :, j]
        return self.out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--dir", default="/tmp/D5-images")
    ap.add_argument("--binary", default=benchenv.release_binary("dynrender-raster-bench"))
    args = ap.parse_args()
    benchenv.use_venv("numpy", "skia", "cairo", "PIL")
    benchenv.ensure_release_binary(args.binary, "dynrender-raster-bench")
    make_pictures(args.dir)
    frames = build_frames()
    path = os.path.join(args.dir, "D5-images.jsonl")
    with open(path, "w", encoding="utf-8") as f:
        for frame in frames:
            f.write(json.dumps(frame, separators=(",", ":")) + "\n")
    times = {}
    for name, backend in (("skia", Skia(args.dir)), ("cairo", Cairo(args.dir))):
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
    out = subprocess.run([args.binary, path, "--repeats", str(args.repeats)], capture_output=True, text=True,
                         check=True).stdout
    ours = float(re.findall(r"\| ([0-9.]+) \| [0-9]+ \|$", out.strip().splitlines()[-1])[0])
    print(f"D5-images: a 1170x2532 screenshot and {VIEWS} turning 256x256 pictures at 60 pt, {FRAMES} frames at "
          f"{WIDTH * SCALE}x{HEIGHT * SCALE}")
    print("| workload | dynrender ms/frame | skia-python draw | skia-python draw + read | pycairo draw | pycairo draw + read "
          "| dynrender ÷ skia draw | dynrender ÷ cairo draw |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    print(f"| D5-images | {ours:.2f} | {times['skia', False]:.2f} | {times['skia', True]:.2f} | {times['cairo', False]:.2f} "
          f"| {times['cairo', True]:.2f} | {ours / times['skia', False]:.2f} | {ours / times['cairo', False]:.2f} |")


if __name__ == "__main__":
    main()
