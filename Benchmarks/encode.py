#!/usr/bin/env python3
"""GIF and APNG encoding: dynrender vs the tools people use, side by side, on the same frames.

Usage: python3 Benchmarks/encode.py [--workloads D1-springy,D2-alert,D3-cradle] [--reps 3]
                                    [--workloads-dir DIR] [--work /tmp/dynrender-encode]
                                    [--only TEXT] [--no-peers]

--only TEXT keeps the dynrender rows whose label contains TEXT, and --no-peers leaves the peers
out: for re-measuring a few of dynrender's rows when the peers' files have not changed (the same
source frames and tools). A whole run scores about 45 files.

For each display-list workload D1-D3 (780x1688 px, 60 fps; Benchmarks/gen_workloads.py writes
them into Benchmarks/.workloads on first use, --workloads-dir DIR reads them from DIR instead):
  * the source frames are dynrender's own rasterisation (`dynrender raster W --png-dir`), so every
    encoder starts from the same pixels;
  * dynrender: `dynrender raster W --gif` and `--apng` (rasterising included), median of --reps,
    and the GIF once more from a copy of W retimed to 2 cs a frame (every frame kept, as gifsicle
    does), for a like-for-like size comparison; the same two GIFs with `--lossy N` for each N in
    --lossy;
  * peers, once each, from those PNG files (decoding included), with the commands of the
    reference encoding bench: gifsicle -O3 on Pillow's per-frame GIFs (stage A included;
    Benchmarks/peers/pillow_gif.py), ffmpeg palettegen stats_mode=diff / full + paletteuse, Pillow
    save_all optimize=True, and ImageMagick -layers Optimize when installed (with the raised
    pixel-cache limits of Benchmarks/peers/imagemagick/policy.xml);
  * quality, decoded by Pillow: PSNR over RGB of every source frame against the frame shown at
    its time (Benchmarks/peers/encoding.py's `score`, aligning by content when an encoder wrote
    fewer frames),
    and PSNR of the frames written against the source frames they were made from. The two differ
    when frames are dropped: GIF cannot show 60 fps, so dynrender keeps the timeline and drops
    frames closer than 2 cs, while gifsicle keeps every frame and slows the animation to 2 cs each.

gifsicle, ffmpeg and ImageMagick come from Debian, Pillow and numpy from the virtual environment
(.venv-bench; this script re-runs itself under it): scripts/bench-peers.sh installs them.
"""
import argparse, glob, json, os, shutil, statistics, subprocess, sys, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import benchenv

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--workloads", default="D1-springy,D2-alert,D3-cradle")
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--workloads-dir", help="directory of D1-springy.jsonl ... (default: the generated ones)")
    ap.add_argument("--work", default="/tmp/dynrender-encode")
    ap.add_argument("--binary", default=benchenv.release_binary("dynrender"))
    ap.add_argument("--lossy", default="2,3,4,8,12", help="comma-separated --lossy levels to add (empty: none)")
    ap.add_argument("--only", default="", help="keep only dynrender rows whose label contains this text")
    ap.add_argument("--no-peers", action="store_true", help="leave the peers' rows out")
    args = ap.parse_args()
    benchenv.use_venv("numpy", "PIL")
    benchenv.ensure_release_binary(args.binary, "dynrender")
    import numpy as np
    from PIL import Image
    from peers import encoding as B
    encp = os.path.join(benchenv.BENCH, "peers", "pillow_gif.py")
    binary = os.path.abspath(args.binary)
    rows = []
    for wl in args.workloads.split(","):
        jsonl = benchenv.workload(wl, args.workloads_dir)
        work = os.path.join(args.work, wl)
        shutil.rmtree(work, ignore_errors=True)
        os.makedirs(work)
        src_dir = os.path.join(work, "src")
        subprocess.run([binary, "raster", jsonl, "--png-dir", src_dir, "--quiet"], check=True)
        for p in sorted(glob.glob(os.path.join(src_dir, "frame-*.png"))):   # the peers' naming: f0000.png
            os.rename(p, os.path.join(src_dir, "f" + os.path.basename(p)[6:]))
        files = sorted(glob.glob(os.path.join(src_dir, "f*.png")))
        src = [np.asarray(Image.open(p).convert("RGB")) for p in files]
        h, w = src[0].shape[:2]
        print(f"== {wl}: {len(files)} frames {w}x{h}", flush=True)

        def record(name, seconds, out, kind="gif"):
            if kind == "gif":
                info = B.gif_info(out)
                timing = B.delays_summary(info)
                frames = len(info["frames"])
            else:
                im = Image.open(out)
                durations = []
                for k in range(im.n_frames):
                    im.seek(k)
                    durations.append(im.info.get("duration", 0))
                timing = f"{len(durations)} frames, {sum(durations) / 1000:.3f} s"
                frames = len(durations)
            decoded = B.decode(out)
            sc = B.score(decoded, src)
            # Fidelity of the frames written: each decoded frame against the source frame it was
            # made from (the best match among the source frames aligned to it).
            best = {}
            for k, error in zip(sc["matches"], sc["errors"]):
                best[k] = min(best.get(k, float("inf")), error)
            written = B.psnr(sum(best.values()) / len(best))
            rows.append((wl, name, seconds, os.path.getsize(out), sc["psnr_db"], written, timing, frames))
            print(f"  {name:45s} {seconds:7.2f} s {os.path.getsize(out) / 1e6:6.2f} MB  PSNR {sc['psnr_db']:6.2f} "
                  f"written {written:6.2f}  {timing}", flush=True)

        # The same frames 2 cs apart, as gifsicle writes them: every frame kept, 1.2x slower.
        retimed = os.path.join(work, "retimed.jsonl")
        with open(jsonl) as f, open(retimed, "w") as g:
            for i, line in enumerate(l for l in f if l.strip()):
                frame = json.loads(line)
                frame["t"] = round(i * 0.02, 6)
                g.write(json.dumps(frame) + "\n")
        runs = [("gif", ["--gif"], jsonl, "dynrender raster --gif"),
                ("gif", ["--gif"], retimed, "dynrender raster --gif, frames 2 cs apart"),
                ("gif", ["--gif-palette", "global", "--gif"], retimed, "dynrender raster --gif --gif-palette global, 2 cs apart"),
                ("gif", ["--gif-palette", "global", "--lossy", "2", "--gif"], retimed,
                 "dynrender raster --gif --gif-palette global --lossy 2, 2 cs apart"),
                ("apng", ["--apng"], jsonl, "dynrender raster --apng")]
        for level in filter(None, args.lossy.split(",")):
            runs += [("gif", ["--lossy", level, "--gif"], jsonl, f"dynrender raster --gif --lossy {level}"),
                     ("gif", ["--lossy", level, "--gif"], retimed, f"dynrender raster --gif --lossy {level}, 2 cs apart")]
        for kind, flags, source, label in runs:
            if args.only not in label:
                continue
            out = os.path.join(work, f"dynrender-{len(rows)}.{kind}")
            times = []
            for _ in range(args.reps):
                t0 = time.perf_counter()
                subprocess.run([binary, "raster", source] + flags + [out, "--quiet"], check=True)
                times.append(time.perf_counter() - t0)
            record(label, statistics.median(times), out, kind)

        if args.no_peers:
            continue
        t_stage, _, _ = B.run([sys.executable, encp, "frames", src_dir, os.path.join(work, "pf")])
        pf = sorted(glob.glob(os.path.join(work, "pf", "g*.gif")))
        out = os.path.join(work, "gifsicle.gif")
        t, _, _ = B.run(["gifsicle", "-O3", "--loopcount=forever", "--delay=2"] + pf + ["-o", out])
        record("gifsicle -O3 (Pillow frames)", t + t_stage, out)
        ff_in = ["ffmpeg", "-v", "error", "-y", "-framerate", "60", "-i", os.path.join(src_dir, "f%04d.png")]
        for mode, use in [("diff", "paletteuse=diff_mode=rectangle"), ("full", "paletteuse")]:
            out = os.path.join(work, f"ffmpeg-{mode}.gif")
            t, _, _ = B.run(ff_in + ["-filter_complex", f"[0:v]split[a][b];[a]palettegen=stats_mode={mode}[p];[b][p]{use}",
                                     "-loop", "0", out])
            record(f"ffmpeg palettegen stats_mode={mode}", t, out)
        out = os.path.join(work, "pillow.gif")
        t, _, _ = B.run([sys.executable, encp, "anim", src_dir, out])
        record("Pillow save_all optimize=True", t, out)
        if shutil.which("convert", path="/usr/bin"):
            out = os.path.join(work, "imagemagick.gif")
            t, _, _ = B.run(["/usr/bin/convert", "-delay", "1x60", "-loop", "0"] + files + ["-layers", "Optimize", out],
                            env=B.IMAGEMAGICK_ENV)
            record("ImageMagick convert -layers Optimize", t, out)

    print("\n| workload | encoder | s | MB | PSNR dB (every source frame at its time) | PSNR dB (frames written) | timing written | frames |")
    print("|---|---|---:|---:|---:|---:|---|---:|")
    for wl, name, s, size, p, pmin, timing, frames in rows:
        fmt = lambda v: "lossless" if v == float("inf") else f"{v:.2f}"
        print(f"| {wl} | {name} | {s:.2f} | {size / 1e6:.2f} | {fmt(p)} | {fmt(pmin)} | {timing} | {frames} |")

if __name__ == "__main__":
    main()
