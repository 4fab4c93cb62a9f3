"""Helpers of Benchmarks/encode.py for timing the encoding peers and scoring what they wrote.

- run(cmd): a peer's command, timed (wall and the children's CPU seconds), failing loudly.
- IMAGEMAGICK_ENV: the environment for ImageMagick's `convert` (Debian's policy caps the pixel
  cache too low for 180 frames of 780x1688: Benchmarks/peers/imagemagick/policy.xml raises it).
- decode(path): every frame of an animation (GIF, APNG, WebP), decoded by Pillow, as RGB arrays.
- ssim_luma(a, b): structural similarity of two RGB frames (Wang et al. 2004, on luma, at full
  resolution), computed only around the pixels that differ.
- mse_rgb / psnr / align / score: quality against the source frames. An encoder that merged
  identical consecutive frames wrote fewer of them; then every source frame is matched with the
  decoded frame that shows it by content (a monotone alignment minimising the summed error):
  its delays are too coarse to match by time.
- gif_info(path) / delays_summary(info): what a GIF file really holds (frames, delays, loop,
  palettes), read from its blocks.
"""
import math, os, resource, struct, subprocess, time
from collections import Counter

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
IMAGEMAGICK_ENV = dict(os.environ, MAGICK_CONFIGURE_PATH=os.path.join(HERE, "imagemagick"))


def run(cmd, **kwargs):
    """Runs cmd; returns (wall seconds, CPU seconds of the children, stdout)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(cmd, capture_output=True, text=True, **kwargs)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd[:3])} ... exited with {done.returncode}:\n{done.stderr[-2000:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, done.stdout


def decode(path):
    from PIL import Image
    frames = []
    with Image.open(path) as image:
        for index in range(getattr(image, "n_frames", 1)):
            image.seek(index)
            frames.append(np.asarray(image.convert("RGB")))
    return frames


def mse_rgb(a, b):
    # A dot product in float64 of the integer differences: exact (the sum stays far below 2^53)
    # and half the time of squaring in int32 and taking the mean.
    d = (a.astype(np.int16) - b.astype(np.int16)).ravel().astype(np.float64)
    return float(np.dot(d, d)) / d.size


def psnr(mse):
    return float("inf") if mse == 0 else 10 * math.log10(255 * 255 / mse)


# SSIM's Gaussian window: 11 taps, sigma 1.5, as in Wang et al. 2004 and their reference code.
_SSIM_TAPS = np.exp(-0.5 * ((np.arange(11) - 5) / 1.5) ** 2)
_SSIM_TAPS = (_SSIM_TAPS / _SSIM_TAPS.sum()).astype(np.float32)


def _windowed(x):
    """The Gaussian-weighted mean of every 11x11 window lying wholly inside `x` ("valid")."""
    rows = sum(w * x[k:x.shape[0] - 10 + k] for k, w in enumerate(_SSIM_TAPS))
    return sum(w * rows[:, k:rows.shape[1] - 10 + k] for k, w in enumerate(_SSIM_TAPS))


def ssim_luma(a, b):
    """Mean SSIM of two RGB uint8 frames of one size, over every 11x11 window inside the frame.

    Wang, Bovik, Sheikh and Simoncelli (2004): luma (BT.601 weights), a Gaussian window of sigma
    1.5, K1 = 0.01, K2 = 0.03, L = 255. Unlike their reference code, the frame is not downsampled
    first (for a 780x1688 frame it would average 3x3 pixels), which makes this the stricter score.
    A window over identical pixels scores exactly 1, so only the windows that meet a differing
    pixel are computed: the mean is 1 minus their summed shortfall over the number of windows."""
    if a.shape != b.shape:
        raise ValueError(f"frames of different sizes: {a.shape} and {b.shape}")
    height, width = a.shape[:2]
    differs = np.any(a != b, axis=2)
    if not differs.any():
        return 1.0
    rows, cols = np.flatnonzero(differs.any(axis=1)), np.flatnonzero(differs.any(axis=0))
    # Every window that meets the differing box starts at most 10 pixels before it.
    y0, y1 = max(int(rows[0]) - 10, 0), min(int(rows[-1]) + 11, height)
    x0, x1 = max(int(cols[0]) - 10, 0), min(int(cols[-1]) + 11, width)
    if y1 - y0 < 11 or x1 - x0 < 11:
        raise ValueError("frames smaller than the 11x11 window")
    weights = np.array([0.299, 0.587, 0.114], dtype=np.float32)
    x = a[y0:y1, x0:x1].astype(np.float32) @ weights
    y = b[y0:y1, x0:x1].astype(np.float32) @ weights
    c1, c2 = (0.01 * 255) ** 2, (0.03 * 255) ** 2
    mx, my = _windowed(x), _windowed(y)
    vx, vy, cov = _windowed(x * x) - mx * mx, _windowed(y * y) - my * my, _windowed(x * y) - mx * my
    index = ((2 * mx * my + c1) * (2 * cov + c2)) / ((mx * mx + my * my + c1) * (vx + vy + c2))
    shortfall = float(np.sum(1.0 - index.astype(np.float64)))
    return 1.0 - shortfall / ((height - 10) * (width - 10))


def align(decoded, source):
    """For each source frame, the index of the decoded frame that shows it. Same count or more:
    frame by frame. Fewer: every decoded frame stands for a run of one or more consecutive source
    frames, in order; the runs that minimise the summed MSE (dynamic programming over the band
    of possible matches)."""
    n, m = len(source), len(decoded)
    if m >= n:
        return list(range(n))
    slack = n - m          # source i can only be shown by decoded i - slack .. i
    cost = [dict() for _ in range(n)]
    came_from = [dict() for _ in range(n)]
    cost[0][0] = mse_rgb(decoded[0], source[0])
    for i in range(1, n):
        for k in range(max(0, i - slack), min(i, m - 1) + 1):
            same = cost[i - 1].get(k, math.inf)          # the previous source frame, same decoded one
            advanced = cost[i - 1].get(k - 1, math.inf)  # the previous source frame, the decoded one before
            if same == math.inf and advanced == math.inf:
                continue
            previous = k if same <= advanced else k - 1
            cost[i][k] = min(same, advanced) + mse_rgb(decoded[k], source[i])
            came_from[i][k] = previous
    matches, k = [0] * n, m - 1
    for i in range(n - 1, -1, -1):
        matches[i] = k
        k = came_from[i].get(k, 0)
    return matches


def score(decoded, source):
    """PSNR over every source frame against the decoded frame that shows it, and the worst frame;
    with the alignment ("matches": for each source frame, the decoded frame's index) and each
    source frame's MSE ("errors"), so callers need not align again."""
    matches = align(decoded, source)
    errors = [mse_rgb(decoded[k], source[i]) for i, k in enumerate(matches)]
    return {"psnr_db": psnr(sum(errors) / len(errors)), "psnr_min_frame_db": psnr(max(errors)),
            "worst_frame": int(np.argmax(errors)), "frames_decoded": len(decoded),
            "matches": matches, "errors": errors}


def gif_info(path):
    """The blocks of a GIF: {"width", "height", "gct_size", "loop", "frames": [{"x", "y", "w", "h",
    "lct_size", "delay_cs", "disposal", "transparent"}...]}; loop is the NETSCAPE2.0 count
    (0: forever) or None when the file has none (it plays once)."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:3] != b"GIF":
        raise ValueError(f"{path}: not a GIF")
    width, height, flags = struct.unpack_from("<HHB", data, 6)

    def table_size(flags):
        return 2 ** ((flags & 7) + 1) if flags & 0x80 else 0

    def after_sub_blocks(at):
        while data[at]:
            at += data[at] + 1
        return at + 1

    info = {"width": width, "height": height, "gct_size": table_size(flags), "loop": None, "frames": []}
    at = 13 + 3 * info["gct_size"]
    control = None
    while at < len(data) and data[at] != 0x3B:
        kind = data[at]
        if kind == 0x21:                                  # extension
            label = data[at + 1]
            body = at + 2
            if label == 0xF9:                             # graphic control
                packed, delay, transparent = struct.unpack_from("<BHB", data, body + 1)
                control = {"delay_cs": delay, "disposal": (packed >> 2) & 7,
                           "transparent": transparent if packed & 1 else None}
            elif label == 0xFF:                           # application
                name = data[body + 1:body + 1 + data[body]]
                sub = body + 1 + data[body]
                if name in (b"NETSCAPE2.0", b"ANIMEXTS1.0") and data[sub] >= 3 and data[sub + 1] == 1:
                    info["loop"] = struct.unpack_from("<H", data, sub + 2)[0]
            at = after_sub_blocks(body)
        elif kind == 0x2C:                                # image
            x, y, w, h, packed = struct.unpack_from("<HHHHB", data, at + 1)
            at += 10 + 3 * table_size(packed) + 1         # descriptor, local table, LZW code size
            at = after_sub_blocks(at)
            entry = {"x": x, "y": y, "w": w, "h": h, "lct_size": table_size(packed)}
            entry.update(control or {"delay_cs": None, "disposal": 0, "transparent": None})
            info["frames"].append(entry)
            control = None
        else:
            raise ValueError(f"{path}: unexpected block 0x{kind:02x} at byte {at}")
    return info


def delays_summary(info):
    """The delays written, e.g. '2cs x180 (3.60 s)'."""
    counts = Counter(f["delay_cs"] for f in info["frames"])
    total = sum(f["delay_cs"] or 0 for f in info["frames"]) / 100
    listed = ", ".join(f"{d}cs x{c}" for d, c in sorted(counts.items(), key=lambda kv: (kv[0] is None, kv[0] or 0)))
    return f"{listed} ({total:.2f} s)"
