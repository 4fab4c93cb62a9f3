#!/usr/bin/env python3
"""Writes the raster/encode workloads D1-D3 as display lists (JSON Lines, one frame a line).

Usage: python3 Benchmarks/gen_workloads.py [--out Benchmarks/.workloads] [--quiet]

Standard library only and deterministic: the same bytes on every machine (every coordinate is
rounded to 4 decimals), the same bytes as the display lists the benchmarks were first measured
on (shared/bench/raster/workloads). A file is rewritten only when its contents change. All three
are 390x844 pt at scale 2 (780x1688 px), 60 frames a second:

  D1-springy  180 frames: a flow-layout grid of 120 rounded cells (44 pt, radius 6) released after
              a flick; each cell is held back in proportion to its distance from the touch
              (resistance 1500, scroll 120 pt) and springs home (1.6 Hz, damping ratio 0.15),
              later the further it is from the touch (the release travels at 1800 pt/s).
  D2-alert    120 frames: a dimming overlay fades in over 0.3 s; a 250x150 red alert with a
              shadow snaps in from above the screen (2.2 Hz, damping ratio 0.45, a little wobble),
              at 0.85 s is pushed down at 200 pt/s and falls under 1000 pt/s^2, spinning up and
              drifting, while the overlay fades out between 1.0 and 1.5 s.
  D3-cradle   180 frames: two Newton's cradles of five 40 pt rounded squares on 150 pt strings
              (1 pt wide bars), one lifted from the left, two from the right; pendulums under
              1000 pt/s^2 integrated at 6000 Hz, neighbours exchanging speeds when they touch.
"""
import argparse, json, math, os

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_OUT = os.path.join(HERE, ".workloads")

WIDTH, HEIGHT, SCALE, RATE = 390, 844, 2, 60


def rounded(value):
    """4 decimals, and never '-0.0'."""
    value = round(float(value), 4)
    return value if value != 0 else 0.0


def rect(cx, cy, w, h, radius, angle, fill, alpha=1.0, shadow=None):
    """One shape entry of the display list (keys in the order the format lists them)."""
    return {"cx": rounded(cx), "cy": rounded(cy), "w": rounded(w), "h": rounded(h),
            "radius": rounded(radius), "angle": rounded(angle), "fill": fill,
            "alpha": rounded(alpha), "shadow": shadow}


def frame(index, shapes, background):
    return {"frame": index, "t": rounded(index / RATE), "width": WIDTH, "height": HEIGHT,
            "scale": SCALE, "background": background, "shapes": shapes}


class Spring:
    """An under-damped spring released from rest at `amplitude` from home: its offset at t."""

    def __init__(self, hz, zeta):
        self.zeta = zeta
        self.omega = 2 * math.pi * hz
        self.damped = self.omega * math.sqrt(1 - zeta * zeta)

    def decay(self, t):
        return math.exp(-self.zeta * self.omega * t)

    def offset(self, amplitude, t):
        phase = self.damped * t
        return amplitude * self.decay(t) * (math.cos(phase) + self.zeta * self.omega / self.damped * math.sin(phase))


# ---------------------------------------------------------------------------------------- D1
def springy(frames=180):
    count, side, inset, spacing, radius = 120, 44.0, 10.0, 10.0, 6.0
    touch_x, touch_y = 195.0, 300.0
    scroll, resistance, release_speed = 120.0, 1500.0, 1800.0
    spring = Spring(1.6, 0.15)
    # Flow layout: as many cells a row as fit at the minimum spacing, justified across the row.
    usable = WIDTH - 2 * inset
    per_row = int((usable + spacing) // (side + spacing))
    column_gap = (usable - per_row * side) / (per_row - 1)
    homes = [(inset + (k % per_row) * (side + column_gap) + side / 2,
              inset + (k // per_row) * (side + spacing) + side / 2) for k in range(count)]
    out = []
    for index in range(frames):
        t = index / RATE
        shapes = []
        for x, y in homes:
            distance = math.hypot(x - touch_x, y - touch_y)
            held = scroll * distance / resistance
            since_release = t - distance / release_speed
            lag = held if since_release <= 0 else spring.offset(held, since_release)
            shapes.append(rect(x, y - lag, side, side, radius, 0.0, "#FF9500FF"))
        out.append(frame(index, shapes, "#FFFFFF"))
    return out


# ---------------------------------------------------------------------------------------- D2
def alert(frames=120):
    home_x, home_y = WIDTH / 2, HEIGHT / 2
    card_w, card_h = 250.0, 150.0
    snap = Spring(2.2, 0.45)
    push_at, gravity, push_speed = 0.85, 1000.0, 200.0

    def snapped(t):
        """Where the snap has the card at t (y), and its wobble (angle)."""
        y = home_y + snap.offset(-card_h - home_y, t)
        return y, 0.12 * snap.decay(t) * math.sin(snap.damped * t)

    out = []
    for index in range(frames):
        t = index / RATE
        dim = min(1.0, t / 0.3) if t < 1.0 else max(0.0, 1.0 - (t - 1.0) / 0.5)
        if t < push_at:
            x = home_x
            y, angle = snapped(t)
        else:
            falling = t - push_at
            y, angle = snapped(push_at)
            y = y + push_speed * falling + 0.5 * gravity * falling * falling
            x = home_x + 40.0 * falling * falling
            angle = angle + 1.2 * falling + 2.0 * falling * falling
        shapes = [rect(WIDTH / 2, HEIGHT / 2, WIDTH, HEIGHT, 0, 0.0, "#80808099", alpha=dim),
                  rect(x, y, card_w, card_h, 10.0, angle, "#FF3B30FF",
                       shadow={"dx": 0, "dy": 5, "blur": 10, "color": "#0000004D"})]
        out.append(frame(index, shapes, "#FFFFFF"))
    return out


# ---------------------------------------------------------------------------------------- D3
class Cradle:
    SIDE, RADIUS, STRING, GRAVITY, PITCH = 40.0, 8.0, 150.0, 1000.0, 40.5

    def __init__(self, pivot_y, colour, lifted):
        self.pivot_y, self.colour = pivot_y, colour
        self.pivots = [WIDTH / 2 + (k - 2) * self.PITCH for k in range(5)]
        self.angles = list(lifted)          # from straight down, clockwise on screen
        self.speeds = [0.0] * 5

    def bar(self):
        left, right = self.pivots[0] - self.SIDE, self.pivots[-1] + self.SIDE
        return rect((left + right) / 2, self.pivot_y - 4, right - left, 8, 4, 0.0, "#3A3A3CFF")

    def strings(self):
        length = self.STRING - self.SIDE / 2     # pivot to the top of the square
        return [rect(px + math.sin(a) * length / 2, self.pivot_y + math.cos(a) * length / 2,
                     1.0, length, 0, -a, "#8E8E93FF") for px, a in zip(self.pivots, self.angles)]

    def squares(self):
        return [rect(px + math.sin(a) * self.STRING, self.pivot_y + math.cos(a) * self.STRING,
                     self.SIDE, self.SIDE, self.RADIUS, -a, self.colour) for px, a in zip(self.pivots, self.angles)]

    def advance(self, dt):
        a, v = self.angles, self.speeds
        for k in range(5):                      # semi-implicit Euler
            v[k] += -(self.GRAVITY / self.STRING) * math.sin(a[k]) * dt
            a[k] += v[k] * dt
        for _ in range(5):                      # let an impulse travel along touching squares
            exchanged = False
            for k in range(4):
                left = self.pivots[k] + math.sin(a[k]) * self.STRING
                right = self.pivots[k + 1] + math.sin(a[k + 1]) * self.STRING
                if right - left < self.SIDE and v[k] * math.cos(a[k]) > v[k + 1] * math.cos(a[k + 1]):
                    v[k], v[k + 1] = v[k + 1], v[k]
                    exchanged = True
            if not exchanged:
                break


def cradle(frames=180):
    cradles = [Cradle(170.0, "#007AFFFF", [-0.60, 0, 0, 0, 0]),
               Cradle(520.0, "#34C759FF", [0, 0, 0, 0.55, 0.55])]
    substeps = 100
    dt = 1.0 / (RATE * substeps)
    out = []
    for index in range(frames):
        shapes = [c.bar() for c in cradles]
        shapes += [s for c in cradles for s in c.strings()]
        shapes += [s for c in cradles for s in c.squares()]
        out.append(frame(index, shapes, "#F2F2F7"))
        for _ in range(substeps):
            for c in cradles:
                c.advance(dt)
    return out


WORKLOADS = {"D1-springy": springy, "D2-alert": alert, "D3-cradle": cradle}


def write(out_dir, names=None, quiet=False):
    """Writes the workloads (all, or `names`) into out_dir; returns their paths."""
    os.makedirs(out_dir, exist_ok=True)
    ignore = os.path.join(out_dir, ".gitignore")
    if os.path.abspath(out_dir) == os.path.abspath(DEFAULT_OUT) and not os.path.exists(ignore):
        with open(ignore, "w") as f:   # generated: keep it out of git even before .gitignore says so
            f.write("# written by Benchmarks/gen_workloads.py\n*\n")
    paths = []
    for name in names or WORKLOADS:
        frames = WORKLOADS[name]()
        text = "".join(json.dumps(f, separators=(",", ":")) + "\n" for f in frames).encode("utf-8")
        path = os.path.join(out_dir, name + ".jsonl")
        try:
            with open(path, "rb") as f:
                unchanged = f.read() == text
        except OSError:
            unchanged = False
        if not unchanged:
            with open(path + ".tmp", "wb") as f:
                f.write(text)
            os.replace(path + ".tmp", path)
        if not quiet:
            shapes = sum(len(f["shapes"]) for f in frames)
            print(f"{path}: {len(frames)} frames, {shapes} shapes, {len(text)} bytes"
                  f"{' (unchanged)' if unchanged else ''}")
        paths.append(path)
    return paths


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default=DEFAULT_OUT, help="directory to write into (default: %(default)s)")
    parser.add_argument("--quiet", action="store_true")
    parser.add_argument("names", nargs="*", metavar="NAME", help="only these workloads: " + ", ".join(WORKLOADS))
    args = parser.parse_args()
    unknown = [n for n in args.names if n not in WORKLOADS]
    if unknown:
        parser.error(f"unknown workload {', '.join(unknown)} (known: {', '.join(WORKLOADS)})")
    write(args.out, args.names or None, args.quiet)


if __name__ == "__main__":
    main()
