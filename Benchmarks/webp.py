#!/usr/bin/env python3
"""Animated WebP (and the GIF and APNG beside it): dynrender vs libwebp's own tools and ffmpeg,
on the same frames.

Usage: python3 Benchmarks/webp.py [--inputs D1-springy,D2-alert,D3-cradle,demos] [--reps 3]
                                  [--quality 80 | --qualities 60,70,80] [--lossy-only]
                                  [--no-peers] [--work /tmp/dynrender-webp] [--json FILE]

Inputs: the shared display-list workloads D1-D3 (780x1688 px, 60 fps) and, for `demos` (or a
demo's name), every demo's own trace at 50 fps and scale 2 (`dynrender demo NAME --fps 50
--trace`), so the GIF keeps every frame. For each input:
  * the source frames are dynrender's rasterisation (`dynrender raster T --png-dir`), so every
    encoder starts from the same pixels, with the frames' delays from its manifest;
  * dynrender: `dynrender raster T` with `--gif`, `--apng`, `--webp` (lossless) and `--webp
    --webp-quality Q` (rasterising included), the WebPs timed, median of --reps;
  * peers, from those PNGs (decoding included), timed once each: img2webp -lossless -min_size
    and img2webp -mixed -q Q -min_size (libwebp's own choice of lossy or lossless frame by
    frame), each frame with its delay; gif2webp -min_size on dynrender's own GIF (lossless); and
    ffmpeg's libwebp_anim, lossless;
  * quality: PSNR over RGB of every source frame against the frame the file shows at that
    frame's time (Pillow decodes, with the frames' durations), for the files that are not
    lossless against the source (ours and img2webp's lossy ones, gif2webp's from the GIF); for
    the lossy files also SSIM on luma over the same pairs (mean, and the lowest frame's:
    `peers/encoding.ssim_luma`, Wang et al. 2004 at full resolution);
  * --qualities: the lossy files at each quality, with a table of bytes, PSNR and SSIM and the
    totals' share of the GIFs' bytes; --lossy-only leaves out the APNG and the lossless WebPs.

img2webp and gif2webp come from Debian's `webp` package, ffmpeg from Debian, Pillow and numpy
from .venv-bench (scripts/bench-peers.sh). --json FILE writes every figure.
"""
import argparse, glob, json, os, shutil, statistics, subprocess, sys, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import benchenv

DEMOS = ["drag", "springy", "cradle", "alert", "gravity", "collision", "elasticity", "snap", "attach", "push", "vortex",
         "photos", "drawing"]


def timed(cmd, **kwargs):
    start = time.perf_counter()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, **kwargs)
    return time.perf_counter() - start


def shown_quality(path, source, times):
    """PSNR over RGB of every source frame (shown from `times[i]`, seconds) against the frame the
    animated file shows at that moment (Pillow decodes it, with its frames' durations), so a file
    that merges or drops frames is scored on what a viewer sees; with the mean and the lowest
    frame SSIM (`encoding.ssim_luma`) over the same pairs."""
    import numpy as np
    from PIL import Image
    from peers import encoding as B
    frames, starts, clock = [], [], 0
    with Image.open(path) as image:
        for index in range(getattr(image, "n_frames", 1)):
            image.seek(index)
            frames.append(np.asarray(image.convert("RGB")))
            starts.append(clock)
            clock += image.info.get("duration", 0)
    errors, similarities = [], []
    for i, frame in enumerate(source):
        t = int(times[i] * 1000 + 1e-6)
        k = max(j for j, start in enumerate(starts) if start <= t)
        errors.append(B.mse_rgb(frames[k], frame))
        similarities.append(B.ssim_luma(frames[k], frame))
    return {"psnr": B.psnr(sum(errors) / len(errors)), "ssim": sum(similarities) / len(similarities),
            "ssim_min": min(similarities)}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--inputs", default="D1-springy,D2-alert,D3-cradle,demos")
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--quality", type=float, default=80)
    ap.add_argument("--qualities", help="comma-separated qualities for the lossy files (overrides --quality)")
    ap.add_argument("--lossy-only", action="store_true",
                    help="only the GIF (the ratio's denominator) and the lossy WebPs: no APNG, no lossless WebPs")
    ap.add_argument("--work", default="/tmp/dynrender-webp")
    ap.add_argument("--binary", default=benchenv.release_binary("dynrender"))
    ap.add_argument("--peers", action=argparse.BooleanOptionalAction, default=True)
    ap.add_argument("--json")
    args = ap.parse_args()
    benchenv.use_venv("numpy", "PIL")
    benchenv.ensure_release_binary(args.binary, "dynrender")
    from peers import encoding as B
    import numpy as np
    from PIL import Image
    binary = os.path.abspath(args.binary)
    qualities = [f"{float(v):g}" for v in args.qualities.split(",")] if args.qualities else [f"{args.quality:g}"]
    q = qualities[-1]

    inputs = []
    for name in args.inputs.split(","):
        if name == "demos":
            inputs += [("demo", d) for d in DEMOS]
        else:
            inputs.append(("demo", name) if name in DEMOS else ("workload", name))
    rows = []
    for kind, name in inputs:
        work = os.path.join(args.work, name)
        shutil.rmtree(work, ignore_errors=True)
        os.makedirs(work)
        if kind == "demo":
            trace = os.path.join(work, name + ".jsonl")
            subprocess.run([binary, "demo", name, "--fps", "50", "--trace", trace, "--gif", os.path.join(work, "demo.gif"),
                            "--quiet"], check=True)
        else:
            trace = benchenv.workload(name)
        src = os.path.join(work, "src")
        subprocess.run([binary, "raster", trace, "--png-dir", src, "--quiet"], check=True)
        manifest = json.load(open(os.path.join(src, "manifest.json")))
        times = [f["t"] for f in manifest["frames"]] + [manifest["duration"]]
        delays = [int(times[i + 1] * 1000 + 1e-6) - int(times[i] * 1000 + 1e-6) for i in range(len(times) - 1)]
        files = [os.path.join(src, f["file"]) for f in manifest["frames"]]
        source = [np.asarray(Image.open(p).convert("RGB")) for p in files]
        print(f"== {name}: {len(files)} frames {manifest['width']}x{manifest['height']}", flush=True)
        row = {"input": name, "frames": len(files)}

        def out(file):
            return os.path.join(work, file)

        def ours(flag_args, file, reps):
            seconds = [timed([binary, "raster", trace] + flag_args + [out(file), "--quiet"]) for _ in range(reps)]
            return statistics.median(seconds)

        ours(["--gif"], "ours.gif", 1)
        row["gif_bytes"] = os.path.getsize(out("ours.gif"))
        if not args.lossy_only:
            ours(["--apng"], "ours.png", 1)
            row["webp_lossless_s"] = ours(["--webp"], "ours.webp", args.reps)
            row["apng_bytes"] = os.path.getsize(out("ours.png"))
            row["webp_bytes"] = os.path.getsize(out("ours.webp"))
        # img2webp: every frame named with its delay (-d before the file).
        frame_args = []
        for file, delay in zip(files, delays):
            frame_args += ["-d", str(max(delay, 1)), file]
        row["lossy"] = {}
        for quality in qualities:
            lossy = {"s": ours(["--webp-quality", quality, "--webp"], f"ours-q{quality}.webp", args.reps)}
            lossy["bytes"] = os.path.getsize(out(f"ours-q{quality}.webp"))
            lossy.update(shown_quality(out(f"ours-q{quality}.webp"), source, times))
            if args.peers:
                mixed = out(f"img2webp-mixed-q{quality}.webp")
                lossy["img2webp_s"] = timed(["img2webp", "-loop", "0", "-min_size", "-mixed", "-q", quality] + frame_args
                                            + ["-o", mixed])
                lossy["img2webp_bytes"] = os.path.getsize(mixed)
                lossy.update({"img2webp_" + key: value for key, value in shown_quality(mixed, source, times).items()})
            row["lossy"][quality] = lossy
        # The main table's lossy columns: the last quality asked for.
        last = row["lossy"][q]
        row["webp_lossy_s"], row["webp_q_bytes"], row["webp_q_psnr"] = last["s"], last["bytes"], last["psnr"]
        if args.peers:
            row["img2webp_mixed_s"], row["img2webp_mixed_bytes"] = last["img2webp_s"], last["img2webp_bytes"]
            row["img2webp_mixed_psnr"] = last["img2webp_psnr"]
        if args.peers and not args.lossy_only:
            row["img2webp_lossless_s"] = timed(["img2webp", "-loop", "0", "-min_size", "-lossless"] + frame_args
                                               + ["-o", out("img2webp.webp")])
            row["img2webp_lossless_bytes"] = os.path.getsize(out("img2webp.webp"))
            row["gif2webp_s"] = timed(["gif2webp", "-min_size", out("ours.gif"), "-o", out("gif2webp.webp")])
            row["gif2webp_bytes"] = os.path.getsize(out("gif2webp.webp"))
            # Lossless from the GIF, whose frames are already quantised (and at most 50 fps).
            row["gif2webp_psnr"] = shown_quality(out("gif2webp.webp"), source, times)["psnr"]
            fps = len(files) / manifest["duration"]
            pattern = os.path.join(src, "frame-%0" + str(len(os.path.basename(files[0])) - 10) + "d.png")
            row["ffmpeg_s"] = timed(["ffmpeg", "-y", "-loglevel", "error", "-framerate", f"{fps:g}", "-i", pattern,
                                     "-c:v", "libwebp_anim", "-lossless", "1", "-loop", "0", out("ffmpeg.webp")])
            row["ffmpeg_bytes"] = os.path.getsize(out("ffmpeg.webp"))
        rows.append(row)
        print("  " + ", ".join(f"{k} {v:.3f}" if isinstance(v, float) else f"{k} {v}" for k, v in row.items()
                                if k not in ("input", "frames", "lossy")), flush=True)
        for quality, lossy in row["lossy"].items():
            print(f"  q{quality}: " + ", ".join(f"{k} {v:.4f}" if isinstance(v, float) else f"{k} {v}"
                                                for k, v in lossy.items()), flush=True)

    def mb(n):
        return f"{n / 1e6:.3f}"

    if not args.lossy_only:
        print("\n| input | GIF MB | APNG MB | WebP lossless MB | ÷ GIF | img2webp -lossless MB | gif2webp MB | PSNR dB | ffmpeg MB "
              f"| WebP q{q} MB | PSNR dB | img2webp -mixed q{q} MB | PSNR dB | ours s | img2webp s |")
        print("|---|" + "---:|" * 14)
        for r in rows:
            print(f"| {r['input']} | {mb(r['gif_bytes'])} | {mb(r['apng_bytes'])} | {mb(r['webp_bytes'])} | "
                  f"{r['webp_bytes'] / r['gif_bytes']:.2f} | {mb(r.get('img2webp_lossless_bytes', 0))} | "
                  f"{mb(r.get('gif2webp_bytes', 0))} | {r.get('gif2webp_psnr', 0):.1f} | {mb(r.get('ffmpeg_bytes', 0))} | {mb(r['webp_q_bytes'])} | "
                  f"{r['webp_q_psnr']:.1f} | {mb(r.get('img2webp_mixed_bytes', 0))} | {r.get('img2webp_mixed_psnr', 0):.1f} | "
                  f"{r['webp_lossless_s']:.2f} | {r.get('img2webp_lossless_s', 0):.2f} |")

    # Every quality: bytes, PSNR and mean SSIM (the lowest frame's in brackets); totals over the
    # inputs, and each total's share of the GIFs' bytes.
    print("\n| input | GIF MB | " + " | ".join(f"q{v} MB (PSNR dB, SSIM)" for v in qualities) + " |")
    print("|---|---:|" + "---:|" * len(qualities))
    for who, prefix in [("ours", ""), ("img2webp -mixed", "img2webp_")] if args.peers else [("ours", "")]:
        for r in rows:
            cells = [f"{mb(l[prefix + 'bytes'])} ({l[prefix + 'psnr']:.1f}, {l[prefix + 'ssim']:.4f} [{l[prefix + 'ssim_min']:.4f}])"
                     for l in (r["lossy"][v] for v in qualities)]
            print(f"| {r['input']} ({who}) | {mb(r['gif_bytes'])} | " + " | ".join(cells) + " |")
        gif_total = sum(r["gif_bytes"] for r in rows)
        totals = [sum(r["lossy"][v][prefix + "bytes"] for r in rows) for v in qualities]
        print(f"| total ({who}) | {mb(gif_total)} | " + " | ".join(f"{mb(t)} ({t / gif_total:.3f} of GIF)" for t in totals) + " |")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(rows, f, indent=1)


if __name__ == "__main__":
    main()
