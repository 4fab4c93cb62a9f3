#!/usr/bin/env python3
"""Custom-drawing speed (D6): dynrender vs skia-python and pycairo drawing the same display lists.

Usage: python3 Benchmarks/drawing.py [--repeats 5] [--trace D6.jsonl] [--check]

D6-drawing is the `drawing` demo's trace (`dynrender demo drawing --trace`, written on first
use): 180 frames at 780×1688 px of gradient cards from `layerClass` with shape-layer progress
rings whose `strokeEnd` animates (round caps), their titles, a chart drawn in `draw(_:)` (a
dashed grid, a gradient clipped under a curve through a mask, the curve, its dots), rounded
card clips and a title bar. Every frame has paths (filled, gradient-filled, stroked), text,
rounded rectangles and groups (clips, masks).

The peers draw the same entries with their own primitives: paths from the same `d` data
(absolute M L Q C Z, as dynrender writes them), strokes with the same width, cap and join
(dashes already cut into the path), gradients as Skia's linear/two-point-conical shaders and
Cairo's linear/radial patterns, text in Inter (Skia: the font files, subpixel positioned;
Cairo: the toy API), a clip group as a clip to its rounded rectangle (circular corners: less
work than dynrender's continuous ones), a mask as a layer composited through the mask's
(Skia: kDstIn; Cairo: `mask`), a faded group as a layer with alpha. Timed as Benchmarks/text.py
times them: 3 warm-up frames, per frame the median over `repeats` passes of `draw` (clear and
draw) and of `draw + read` (the pixels as RGBA8 in memory), averaged over the frames; dynrender
by dynrender-raster-bench (clear + draw into its RGBA canvas), median of `repeats` passes.
--check also writes each renderer's frame 120 to /tmp/d6-<renderer>.png, to look at.
"""
import argparse, json, math, os, re, statistics, subprocess, sys, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import benchenv

FONT_DIR = "/usr/share/fonts/opentype/inter"
FONTS = {400: "Inter-Regular.otf", 500: "Inter-Medium.otf", 600: "Inter-SemiBold.otf", 700: "Inter-Bold.otf"}


def colour(text):
    h = text.lstrip("#")
    return tuple(int(h[i:i + 2], 16) for i in (0, 2, 4, 6)) if len(h) == 8 else tuple(int(h[i:i + 2], 16) for i in (0, 2, 4)) + (255,)


def linear(entry):
    """The entry's linear part (a, b, c, d) from `transform` or `angle`."""
    if entry.get("transform"):
        return tuple(entry["transform"])
    angle = entry.get("angle", 0) or 0
    return (math.cos(angle), math.sin(angle), -math.sin(angle), math.cos(angle))


def path_commands(d):
    """dynrender's `d`: absolute M L Q C Z with numbers, as (command, [numbers])."""
    tokens = re.findall(r"[MLQCZ]|-?[0-9.]+(?:e-?[0-9]+)?", d)
    out, i = [], 0
    counts = {"M": 2, "L": 2, "Q": 4, "C": 6, "Z": 0}
    while i < len(tokens):
        command = tokens[i]
        n = counts[command]
        out.append((command, [float(t) for t in tokens[i + 1:i + 1 + n]]))
        i += 1 + n
    return out


class Skia:
    def __init__(self, width, height):
        import skia, numpy as np
        self.skia = skia
        self.info = skia.ImageInfo.Make(width, height, skia.kRGBA_8888_ColorType, skia.kPremul_AlphaType)
        self.surface = skia.Surface.MakeRaster(self.info)
        self.buf = np.empty((height, width, 4), np.uint8)
        self.width = width
        self.faces = {w: skia.Typeface.MakeFromFile(os.path.join(FONT_DIR, name)) for w, name in FONTS.items()}
        self.fonts, self.paths = {}, {}

    def font(self, spec):
        key = (spec.get("weight", 400), spec["size"])
        if key not in self.fonts:
            font = self.skia.Font(self.faces[min(self.faces, key=lambda w: abs(w - key[0]))], key[1])
            font.setSubpixel(True)
            font.setHinting(self.skia.FontHinting.kNone)
            font.setEdging(self.skia.Font.Edging.kAntiAlias)
            self.fonts[key] = font
        return self.fonts[key]

    def path(self, d):
        # Parsed once a string, as a retained-mode app keeps its paths.
        if d not in self.paths:
            p = self.skia.Path()
            for command, v in path_commands(d):
                if command == "M": p.moveTo(*v)
                elif command == "L": p.lineTo(*v)
                elif command == "Q": p.quadTo(*v)
                elif command == "C": p.cubicTo(*v)
                else: p.close()
            self.paths[d] = p
        return self.paths[d]

    def place(self, canvas, x, y, entry):
        a, b, c, d = linear(entry)
        canvas.translate(x, y)
        canvas.concat(self.skia.Matrix.MakeAll(a, c, 0, b, d, 0, 0, 0, 1))

    def rrect(self, s):
        r = min(s.get("radius", 0), s["w"] / 2, s["h"] / 2)
        return self.skia.RRect.MakeRectXY(self.skia.Rect.MakeXYWH(-s["w"] / 2, -s["h"] / 2, s["w"], s["h"]), r, r)

    def items(self, canvas, shapes):
        skia = self.skia
        for s in shapes:
            kind = s.get("type", "rect")
            canvas.save()
            if kind == "rect":
                self.place(canvas, s["cx"], s["cy"], s)
                r, g, b, a = colour(s["fill"])
                canvas.drawRRect(self.rrect(s), skia.Paint(AntiAlias=True, Color=skia.Color(r, g, b, round(a * s.get("alpha", 1)))))
            elif kind == "text":
                self.place(canvas, s["x"], s["y"], s)
                r, g, b, a = colour(s["fill"])
                canvas.drawString(s["text"], 0, 0, self.font(s["font"]), skia.Paint(AntiAlias=True, Color=skia.Color(r, g, b, round(a * s.get("alpha", 1)))))
            elif kind == "path":
                self.place(canvas, s["x"], s["y"], s)
                path = self.path(s["d"])
                alpha = s.get("alpha", 1)
                if s.get("gradient"):
                    g = s["gradient"]
                    colours = [skia.Color(*colour(c)) for _, c in g["stops"]]
                    positions = [p for p, _ in g["stops"]]
                    if g["kind"] == "axial":
                        shader = skia.GradientShader.MakeLinear([skia.Point(g["x0"], g["y0"]), skia.Point(g["x1"], g["y1"])], colours, positions)
                    else:
                        shader = skia.GradientShader.MakeTwoPointConical(skia.Point(g["x0"], g["y0"]), g.get("r0", 0),
                                                                        skia.Point(g["x1"], g["y1"]), g.get("r1", 0), colours, positions)
                    paint = skia.Paint(AntiAlias=True, Shader=shader, Alphaf=alpha)
                    canvas.drawPath(path, paint)
                else:
                    r, g, b, a = colour(s["fill"])
                    if a > 0:
                        canvas.drawPath(path, skia.Paint(AntiAlias=True, Color=skia.Color(r, g, b, round(a * alpha))))
                stroke = s.get("stroke")
                if stroke and stroke["width"] > 0:
                    r, g, b, a = colour(stroke["color"])
                    paint = skia.Paint(AntiAlias=True, Color=skia.Color(r, g, b, round(a * alpha)), Style=skia.Paint.kStroke_Style,
                                       StrokeWidth=stroke["width"])
                    paint.setStrokeCap({"butt": skia.Paint.kButt_Cap, "round": skia.Paint.kRound_Cap, "square": skia.Paint.kSquare_Cap}[stroke.get("cap", "butt")])
                    paint.setStrokeJoin({"miter": skia.Paint.kMiter_Join, "round": skia.Paint.kRound_Join, "bevel": skia.Paint.kBevel_Join}[stroke.get("join", "miter")])
                    canvas.drawPath(path, paint)
            elif kind == "group":
                clip = s.get("clip")
                if clip:
                    canvas.save()
                    self.place(canvas, clip["cx"], clip["cy"], clip)
                    r = min(clip.get("radius", 0), clip["w"] / 2, clip["h"] / 2)
                    outline = skia.RRect.MakeRectXY(skia.Rect.MakeXYWH(-clip["w"] / 2, -clip["h"] / 2, clip["w"], clip["h"]), r, r)
                    canvas.restore()
                    # The clip in the canvas's current space: placed through a path.
                    p = skia.Path()
                    p.addRRect(outline)
                    a, b, c, d = linear(clip)
                    p.transform(skia.Matrix.MakeAll(a, c, clip["cx"], b, d, clip["cy"], 0, 0, 1))
                    canvas.clipPath(p, doAntiAlias=True)
                canvas.saveLayerAlpha(None, round(255 * s.get("alpha", 1))) if s.get("alpha", 1) < 1 or s.get("mask") else canvas.save()
                self.items(canvas, s["shapes"])
                if s.get("mask"):
                    canvas.saveLayer(None, skia.Paint(BlendMode=skia.BlendMode.kDstIn))
                    self.items(canvas, s["mask"]["shapes"])
                    canvas.restore()
                canvas.restore()
            canvas.restore()

    def draw(self, frame):
        canvas = self.surface.getCanvas()
        canvas.save()
        canvas.scale(frame["scale"], frame["scale"])
        canvas.clear(self.skia.Color(*colour(frame["background"])[:3]))
        self.items(canvas, frame["shapes"])
        canvas.restore()

    def read(self):
        self.surface.readPixels(self.info, self.buf, self.width * 4, 0, 0)
        return self.buf

    def save(self, path):
        self.surface.makeImageSnapshot().save(path)


class Cairo:
    def __init__(self, width, height):
        import cairo, numpy as np
        self.cairo = cairo
        self.surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, width, height)
        self.options = cairo.FontOptions()
        self.options.set_antialias(cairo.ANTIALIAS_GRAY)
        self.options.set_hint_style(cairo.HINT_STYLE_NONE)
        self.options.set_hint_metrics(cairo.HINT_METRICS_OFF)
        self.out = np.empty((height, width, 4), np.uint8)
        self.paths = {}

    def place(self, ctx, x, y, entry):
        a, b, c, d = linear(entry)
        ctx.transform(self.cairo.Matrix(a, b, c, d, x, y))

    def path(self, ctx, d):
        for command, v in path_commands(d):
            if command == "M": ctx.move_to(*v)
            elif command == "L": ctx.line_to(*v)
            elif command == "Q":
                x0, y0 = ctx.get_current_point()
                ctx.curve_to(x0 + 2 / 3 * (v[0] - x0), y0 + 2 / 3 * (v[1] - y0), v[2] + 2 / 3 * (v[0] - v[2]), v[3] + 2 / 3 * (v[1] - v[3]), v[2], v[3])
            elif command == "C": ctx.curve_to(*v)
            else: ctx.close_path()

    def rounded(self, ctx, w, h, radius):
        x, y, r = -w / 2, -h / 2, min(radius, w / 2, h / 2)
        if r <= 0:
            ctx.rectangle(x, y, w, h)
            return
        ctx.new_sub_path()
        ctx.arc(x + w - r, y + r, r, -math.pi / 2, 0)
        ctx.arc(x + w - r, y + h - r, r, 0, math.pi / 2)
        ctx.arc(x + r, y + h - r, r, math.pi / 2, math.pi)
        ctx.arc(x + r, y + r, r, math.pi, 1.5 * math.pi)
        ctx.close_path()

    def items(self, ctx, shapes):
        cairo = self.cairo
        for s in shapes:
            kind = s.get("type", "rect")
            ctx.save()
            if kind == "rect":
                self.place(ctx, s["cx"], s["cy"], s)
                r, g, b, a = colour(s["fill"])
                self.rounded(ctx, s["w"], s["h"], s.get("radius", 0))
                ctx.set_source_rgba(r / 255, g / 255, b / 255, a / 255 * s.get("alpha", 1))
                ctx.fill()
            elif kind == "text":
                self.place(ctx, s["x"], s["y"], s)
                r, g, b, a = colour(s["fill"])
                weight = s["font"].get("weight", 400)
                ctx.select_font_face("Inter Semi Bold" if weight == 600 else "Inter", cairo.FONT_SLANT_NORMAL,
                                     cairo.FONT_WEIGHT_BOLD if weight >= 700 else cairo.FONT_WEIGHT_NORMAL)
                ctx.set_font_size(s["font"]["size"])
                ctx.set_source_rgba(r / 255, g / 255, b / 255, a / 255 * s.get("alpha", 1))
                ctx.move_to(0, 0)
                ctx.show_text(s["text"])
            elif kind == "path":
                self.place(ctx, s["x"], s["y"], s)
                alpha = s.get("alpha", 1)
                self.path(ctx, s["d"])
                ctx.set_fill_rule(cairo.FILL_RULE_EVEN_ODD if s.get("fillRule") == "evenodd" else cairo.FILL_RULE_WINDING)
                if s.get("gradient"):
                    g = s["gradient"]
                    pattern = (cairo.LinearGradient(g["x0"], g["y0"], g["x1"], g["y1"]) if g["kind"] == "axial"
                               else cairo.RadialGradient(g["x0"], g["y0"], g.get("r0", 0), g["x1"], g["y1"], g.get("r1", 0)))
                    pattern.set_extend(cairo.EXTEND_PAD)
                    for location, c in g["stops"]:
                        r, gr, b, a = colour(c)
                        pattern.add_color_stop_rgba(location, r / 255, gr / 255, b / 255, a / 255 * alpha)
                    ctx.set_source(pattern)
                    ctx.fill_preserve()
                else:
                    r, g, b, a = colour(s["fill"])
                    if a > 0:
                        ctx.set_source_rgba(r / 255, g / 255, b / 255, a / 255 * alpha)
                        ctx.fill_preserve()
                stroke = s.get("stroke")
                if stroke and stroke["width"] > 0:
                    r, g, b, a = colour(stroke["color"])
                    ctx.set_source_rgba(r / 255, g / 255, b / 255, a / 255 * alpha)
                    ctx.set_line_width(stroke["width"])
                    ctx.set_line_cap({"butt": cairo.LINE_CAP_BUTT, "round": cairo.LINE_CAP_ROUND, "square": cairo.LINE_CAP_SQUARE}[stroke.get("cap", "butt")])
                    ctx.set_line_join({"miter": cairo.LINE_JOIN_MITER, "round": cairo.LINE_JOIN_ROUND, "bevel": cairo.LINE_JOIN_BEVEL}[stroke.get("join", "miter")])
                    ctx.stroke_preserve()
                ctx.new_path()
            elif kind == "group":
                clip = s.get("clip")
                if clip:
                    ctx.save()
                    self.place(ctx, clip["cx"], clip["cy"], clip)
                    self.rounded(ctx, clip["w"], clip["h"], clip.get("radius", 0))
                    ctx.restore()
                    ctx.clip()
                layered = s.get("alpha", 1) < 1 or s.get("mask")
                if layered:
                    ctx.push_group()
                self.items(ctx, s["shapes"])
                if layered:
                    content = ctx.pop_group()
                    if s.get("mask"):
                        ctx.push_group()
                        self.items(ctx, s["mask"]["shapes"])
                        mask = ctx.pop_group()
                        if s.get("alpha", 1) < 1:
                            ctx.push_group()
                            ctx.set_source(content)
                            ctx.mask(mask)
                            content = ctx.pop_group()
                            ctx.set_source(content)
                            ctx.paint_with_alpha(s["alpha"])
                        else:
                            ctx.set_source(content)
                            ctx.mask(mask)
                    else:
                        ctx.set_source(content)
                        ctx.paint_with_alpha(s["alpha"])
            ctx.restore()

    def draw(self, frame):
        ctx = self.cairo.Context(self.surface)
        ctx.set_font_options(self.options)
        r, g, b, _ = colour(frame["background"])
        ctx.set_source_rgb(r / 255, g / 255, b / 255)
        ctx.paint()
        ctx.scale(frame["scale"], frame["scale"])
        self.items(ctx, frame["shapes"])
        self.surface.flush()

    def read(self):
        import numpy as np
        data = np.frombuffer(self.surface.get_data(), np.uint8).reshape(self.out.shape)
        self.out[..., 0] = data[..., 2]
        self.out[..., 1] = data[..., 1]
        self.out[..., 2] = data[..., 0]
        self.out[..., 3] = data[..., 3]
        return self.out

    def save(self, path):
        self.surface.write_to_png(path)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--trace", default=os.path.join(benchenv.WORKLOADS, "D6-drawing.jsonl"))
    ap.add_argument("--binary", default=benchenv.release_binary("dynrender-raster-bench"))
    ap.add_argument("--check", action="store_true")
    args = ap.parse_args()
    benchenv.use_venv("numpy", "skia", "cairo")
    benchenv.ensure_release_binary(args.binary, "dynrender-raster-bench")
    if not os.path.exists(args.trace):
        cli = benchenv.ensure_release_binary(benchenv.release_binary("dynrender"), "dynrender")
        os.makedirs(os.path.dirname(args.trace), exist_ok=True)
        subprocess.run([cli, "demo", "drawing", "--trace", args.trace, "--gif", "/dev/null"], check=True, capture_output=True)
    import numpy as np
    frames = [json.loads(line) for line in open(args.trace, encoding="utf-8")]
    width, height = round(frames[0]["width"] * frames[0]["scale"]), round(frames[0]["height"] * frames[0]["scale"])
    results = {}
    for name, make in [("skia", Skia), ("cairo", Cairo)]:
        renderer = make(width, height)
        for frame in frames[:3]:
            renderer.draw(frame)
            np.ascontiguousarray(renderer.read())
        draw_only, with_read = [[] for _ in frames], [[] for _ in frames]
        for _ in range(args.repeats):
            for i, frame in enumerate(frames):
                t0 = time.perf_counter()
                renderer.draw(frame)
                t1 = time.perf_counter()
                np.ascontiguousarray(renderer.read())
                t2 = time.perf_counter()
                draw_only[i].append(t1 - t0)
                with_read[i].append(t2 - t0)
        results[name] = (1000 * statistics.mean(statistics.median(x) for x in draw_only),
                         1000 * statistics.mean(statistics.median(x) for x in with_read))
        if args.check:
            renderer.draw(frames[120])
            renderer.save(f"/tmp/d6-{name}.png")
    out = subprocess.run([args.binary, args.trace, "--repeats", str(args.repeats)], capture_output=True, text=True, check=True).stdout
    ours = float(re.findall(r"\| ([0-9.]+) \| [0-9]+ \|$", out.strip().splitlines()[-1])[0])
    if args.check:
        subprocess.run([benchenv.release_binary("dynrender"), "raster", args.trace, "--png-dir", "/tmp/d6-dynrender", "--quiet"],
                       capture_output=True)
    print(f"D6-drawing: {len(frames)} frames, {width}×{height} px, {args.repeats} passes, medians")
    print("| renderer | ms/frame, draw | ms/frame, draw + read | dynrender ÷ peer (draw + read) |")
    print("|---|---:|---:|---:|")
    print(f"| dynrender | {ours:.2f} | {ours:.2f} | 1 |")
    for name in ["skia", "cairo"]:
        d, r = results[name]
        print(f"| {'skia-python' if name == 'skia' else 'pycairo'} | {d:.2f} | {r:.2f} | {ours / r:.2f} |")


if __name__ == "__main__":
    main()
