"""The raster peers of Benchmarks/raster.py: the display list (docs/display-list.md, v1 entries:
rounded rectangles with rotation, alpha and a drop shadow) drawn by skia-python and by pycairo.

    r = make("skia", width_px, height_px)   # one long-lived surface, reused for every frame
    r.draw(frame)                            # clear and draw one frame (a parsed JSON line)
    pixels = r.read()                        # (height, width, 4) uint8 RGBA, C-contiguous

Each library draws the way its users would:
- skia: anti-aliased drawRRect under the canvas transform (scale, translate to the centre,
  rotate); a shadow is the same rounded rect drawn first with a normal blur mask filter of
  sigma = blur / 2 (in points: the filter follows the transform), offset by (dx, dy);
  read() copies the RGBA8 surface out with readPixels.
- cairo: the rounded rect as four arcs filled with the default anti-aliasing; cairo has no
  blur, so a shadow is the shape filled into an A8 mask around its bounds (3 sigma and a pixel
  of margin), blurred by Pillow's GaussianBlur and painted through with mask_surface (its cost
  is cairo's); read() swizzles cairo's premultiplied BGRA (the canvas is opaque) into RGBA.
"""
import math

import numpy as np


def rgba(colour):
    """'#RRGGBB' or '#RRGGBBAA' -> (r, g, b, a), 0-255."""
    h = colour.lstrip("#")
    alpha = int(h[6:8], 16) if len(h) >= 8 else 255
    return int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16), alpha


def canvas_px(frame):
    """Pixel size of a frame's canvas."""
    return int(round(frame["width"] * frame["scale"])), int(round(frame["height"] * frame["scale"]))


def corner_radius(shape):
    """The radius, clamped to half the shorter side (and to 0)."""
    return max(0.0, min(float(shape["radius"]), min(shape["w"], shape["h"]) / 2.0))


def turned_bounds(cx, cy, w, h, angle):
    """Axis-aligned bounds (x0, y0, x1, y1) of a w x h rectangle centred at (cx, cy), turned by angle."""
    c, s = abs(math.cos(angle)), abs(math.sin(angle))
    half_w, half_h = (w * c + h * s) / 2, (w * s + h * c) / 2
    return cx - half_w, cy - half_h, cx + half_w, cy + half_h


class Skia:
    name = "skia"

    def __init__(self, width, height):
        import skia
        self.skia = skia
        self.width, self.height = width, height
        self.info = skia.ImageInfo.Make(width, height, skia.kRGBA_8888_ColorType, skia.kPremul_AlphaType)
        self.surface = skia.Surface.MakeRaster(self.info)
        self.pixels = np.empty((height, width, 4), np.uint8)
        self.fill = skia.Paint(AntiAlias=True)
        self.shade = skia.Paint(AntiAlias=True)
        self.blurs = {}

    def blur(self, sigma):
        if sigma not in self.blurs:
            self.blurs[sigma] = self.skia.MaskFilter.MakeBlur(self.skia.kNormal_BlurStyle, sigma, True)
        return self.blurs[sigma]

    def draw(self, frame):
        skia = self.skia
        canvas = self.surface.getCanvas()
        r, g, b, _ = rgba(frame["background"])
        canvas.clear(skia.Color4f(r / 255, g / 255, b / 255, 1.0))
        canvas.save()
        canvas.scale(frame["scale"], frame["scale"])
        for shape in frame["shapes"]:
            w, h, radius = shape["w"], shape["h"], corner_radius(shape)
            outline = skia.RRect.MakeRectXY(skia.Rect.MakeXYWH(-w / 2, -h / 2, w, h), radius, radius)
            degrees = math.degrees(shape["angle"])
            shadow = shape.get("shadow")
            if shadow:
                r, g, b, a = rgba(shadow["color"])
                self.shade.setColor4f(skia.Color4f(r / 255, g / 255, b / 255, a / 255 * shape["alpha"]))
                self.shade.setMaskFilter(self.blur(shadow["blur"] / 2.0) if shadow["blur"] > 0 else None)
                self.place(canvas, shape["cx"] + shadow["dx"], shape["cy"] + shadow["dy"], degrees, outline, self.shade)
            r, g, b, a = rgba(shape["fill"])
            self.fill.setColor4f(skia.Color4f(r / 255, g / 255, b / 255, a / 255 * shape["alpha"]))
            self.place(canvas, shape["cx"], shape["cy"], degrees, outline, self.fill)
        canvas.restore()

    @staticmethod
    def place(canvas, x, y, degrees, outline, paint):
        canvas.save()
        canvas.translate(x, y)
        if degrees:
            canvas.rotate(degrees)
        canvas.drawRRect(outline, paint)
        canvas.restore()

    def read(self):
        self.surface.readPixels(self.info, self.pixels, self.width * 4, 0, 0)
        return self.pixels


class Cairo:
    name = "cairo"

    def __init__(self, width, height):
        import cairo
        from PIL import Image, ImageFilter
        self.cairo, self.Image, self.ImageFilter = cairo, Image, ImageFilter
        self.width, self.height = width, height
        self.surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, width, height)
        self.context = cairo.Context(self.surface)
        self.context.set_antialias(cairo.ANTIALIAS_DEFAULT)
        self.pixels = np.empty((height, width, 4), np.uint8)

    @staticmethod
    def outline(context, w, h, radius):
        """The rounded rect centred at the origin as the current path."""
        left, top, right, bottom = -w / 2, -h / 2, w / 2, h / 2
        if radius <= 0:
            context.rectangle(left, top, w, h)
            return
        context.new_sub_path()
        context.arc(right - radius, top + radius, radius, -math.pi / 2, 0)
        context.arc(right - radius, bottom - radius, radius, 0, math.pi / 2)
        context.arc(left + radius, bottom - radius, radius, math.pi / 2, math.pi)
        context.arc(left + radius, top + radius, radius, math.pi, 1.5 * math.pi)
        context.close_path()

    def shadow(self, shape, shadow, scale):
        cairo = self.cairo
        sigma = shadow["blur"] / 2.0 * scale                    # px
        margin = int(math.ceil(3 * sigma)) + 1
        cx, cy = shape["cx"] + shadow["dx"], shape["cy"] + shadow["dy"]
        x0, y0, x1, y1 = turned_bounds(cx * scale, cy * scale, shape["w"] * scale, shape["h"] * scale, shape["angle"])
        # The mask covers the whole blurred shape, on the canvas or not (what lies off the canvas
        # still blurs onto it); the part on the canvas is painted.
        mask_x, mask_y = int(math.floor(x0)) - margin, int(math.floor(y0)) - margin
        mask_w, mask_h = int(math.ceil(x1)) + margin - mask_x, int(math.ceil(y1)) + margin - mask_y
        left, top = max(0, mask_x), max(0, mask_y)
        right, bottom = min(self.width, mask_x + mask_w), min(self.height, mask_y + mask_h)
        if right <= left or bottom <= top:
            return
        mask = cairo.ImageSurface(cairo.FORMAT_A8, mask_w, mask_h)
        context = cairo.Context(mask)
        context.translate(cx * scale - mask_x, cy * scale - mask_y)
        context.rotate(shape["angle"])
        context.scale(scale, scale)
        self.outline(context, shape["w"], shape["h"], corner_radius(shape))
        context.set_source_rgba(0, 0, 0, 1)
        context.fill()
        mask.flush()
        blurred = self.Image.frombuffer("L", (mask_w, mask_h), mask.get_data(), "raw", "L", mask.get_stride(), 1)
        if sigma > 0:
            blurred = blurred.filter(self.ImageFilter.GaussianBlur(sigma))
        visible = np.asarray(blurred)[top - mask_y:bottom - mask_y, left - mask_x:right - mask_x]
        painted = cairo.ImageSurface(cairo.FORMAT_A8, right - left, bottom - top)
        np.ndarray((bottom - top, painted.get_stride()), np.uint8, painted.get_data())[:, :right - left] = visible
        painted.mark_dirty()
        r, g, b, a = rgba(shadow["color"])
        self.context.save()
        self.context.identity_matrix()
        self.context.set_source_rgba(r / 255, g / 255, b / 255, a / 255 * shape["alpha"])
        self.context.mask_surface(painted, left, top)
        self.context.restore()

    def draw(self, frame):
        cairo, context, scale = self.cairo, self.context, frame["scale"]
        r, g, b, _ = rgba(frame["background"])
        context.save()
        context.set_operator(cairo.OPERATOR_SOURCE)
        context.set_source_rgba(r / 255, g / 255, b / 255, 1.0)
        context.paint()
        context.restore()
        for shape in frame["shapes"]:
            if shape.get("shadow"):
                self.shadow(shape, shape["shadow"], scale)
            r, g, b, a = rgba(shape["fill"])
            context.save()
            context.scale(scale, scale)
            context.translate(shape["cx"], shape["cy"])
            if shape["angle"]:
                context.rotate(shape["angle"])
            self.outline(context, shape["w"], shape["h"], corner_radius(shape))
            context.set_source_rgba(r / 255, g / 255, b / 255, a / 255 * shape["alpha"])
            context.fill()
            context.restore()

    def read(self):
        self.surface.flush()
        bgra = np.ndarray((self.height, self.surface.get_stride() // 4, 4), np.uint8,
                          self.surface.get_data())[:, :self.width]
        for to, source in ((0, 2), (1, 1), (2, 0), (3, 3)):   # channel by channel: stays C-contiguous
            self.pixels[:, :, to] = bgra[:, :, source]
        return self.pixels


BACKENDS = {"skia": Skia, "cairo": Cairo}


def make(name, width, height):
    return BACKENDS[name](width, height)
