#!/usr/bin/env python3
"""Pillow's GIF writing, as Benchmarks/encode.py times it (a process of its own, reading the PNGs).

  pillow_gif.py anim SRC_DIR OUT.gif [--duration-ms 16.667]
      every f*.png of SRC_DIR, in name order, as one animated GIF: save_all, loop=0,
      optimize=True, the palette of each frame made by the GIF writer (adaptive, 256 colours).
  pillow_gif.py frames SRC_DIR DST_DIR
      one GIF per frame (DST_DIR/g0000.gif ...), each quantised to an adaptive 256-colour palette
      (frames that already have a palette are kept as they are), for gifsicle to assemble.

Prints one JSON line: frames, seconds to load, seconds to quantise and save.
"""
import argparse, glob, json, os, time

from PIL import Image


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("mode", choices=["anim", "frames"])
    parser.add_argument("source")
    parser.add_argument("destination")
    parser.add_argument("--duration-ms", type=float, default=1000 / 60)
    parser.add_argument("--glob", default="f*.png")
    args = parser.parse_args()
    start = time.perf_counter()
    frames = []
    for path in sorted(glob.glob(os.path.join(args.source, args.glob))):
        image = Image.open(path)
        image.load()
        frames.append(image)
    loaded = time.perf_counter()
    if args.mode == "frames":
        os.makedirs(args.destination, exist_ok=True)
        for index, image in enumerate(frames):
            if image.mode != "P":
                image = image.convert("RGB").convert("P", palette=Image.Palette.ADAPTIVE, colors=256)
            image.save(os.path.join(args.destination, f"g{index:04d}.gif"))
    else:
        rgb = [image.convert("RGB") for image in frames]
        rgb[0].save(args.destination, save_all=True, append_images=rgb[1:], duration=args.duration_ms,
                    loop=0, optimize=True)
    print(json.dumps({"frames": len(frames), "load_s": loaded - start, "encode_s": time.perf_counter() - loaded}))


if __name__ == "__main__":
    main()
