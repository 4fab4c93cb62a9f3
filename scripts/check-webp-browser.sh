#!/usr/bin/env bash
# CI: dynrender's animated WebPs as a browser plays them. The photos demo (pictures, so lossy
# frames are chosen) is rendered as an APNG, a lossless WebP and a lossy WebP (--webp-quality
# 80); headless Chromium (Debian's `chromium`) decodes each with its own decoder (WebCodecs' ImageDecoder, the one <img> uses) and reports
# every frame's duration and pixels. The script fails unless the lossless WebP's frames are the
# APNG's pixel for pixel, every WebP frame lasts what the APNG's does (each at least 11 ms, so
# Chromium never slows it to 100 ms), and the lossy WebP's frames are close (every frame ≥ 35 dB
# PSNR; q80 on photographs at half scale gives 39).
set -euo pipefail
cd "$(dirname "$0")/.."
command -v chromium > /dev/null || { echo "check-webp-browser: chromium is not installed (apt-get install chromium)" >&2; exit 1; }
swift build --product dynrender > /dev/null
tool="$(swift build --show-bin-path)/dynrender"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$tool" demo photos --duration 1.5 --fps 30 --scale 0.5 --quiet --apng "$work/a.png" --webp "$work/a.webp"
"$tool" demo photos --duration 1.5 --fps 30 --scale 0.5 --quiet --webp "$work/q.webp" --webp-quality 80
b64() { base64 -w0 "$1"; }
cat > "$work/page.html" <<EOF
<!doctype html><meta charset="utf-8"><pre id="result">running</pre>
<script>
const files = {apng: ["image/png", "$(b64 "$work/a.png")"], webp: ["image/webp", "$(b64 "$work/a.webp")"],
               lossy: ["image/webp", "$(b64 "$work/q.webp")"]};
async function frames([type, text]) {
  const bytes = Uint8Array.from(atob(text), c => c.charCodeAt(0));
  const decoder = new ImageDecoder({data: bytes, type});
  await decoder.tracks.ready;
  const count = decoder.tracks.selectedTrack.frameCount;
  const out = [];
  for (let i = 0; i < count; i++) {
    const {image} = await decoder.decode({frameIndex: i});
    const canvas = new OffscreenCanvas(image.displayWidth, image.displayHeight);
    const context = canvas.getContext("2d");
    context.drawImage(image, 0, 0);
    out.push({ms: Math.round(image.duration / 1000), pixels: context.getImageData(0, 0, canvas.width, canvas.height).data});
    image.close();
  }
  return out;
}
// Decoding runs on Chromium's own threads, which virtual time does not wait for: a timer keeps
// the page busy until the result is in, each tick spending a little real time, so the virtual
// budget lasts tens of real seconds however fast the timers fire (on a loaded CI machine they
// once ran the budget out before the decoder finished).
let done = false;
(function keepAlive() {
  if (done) return;
  const until = performance.now() + 5;
  let spin = 0;
  while (performance.now() < until && spin < 5e6) spin++;
  setTimeout(keepAlive, 50);
})();
(async () => {
  try {
    const apng = await frames(files.apng), webp = await frames(files.webp), lossy = await frames(files.lossy);
    const same = (a, b) => a.length === b.length && a.every((v, i) => v === b[i]);
    let worst = Infinity;
    for (let i = 0; i < Math.min(apng.length, lossy.length); i++) {
      let sum = 0, n = 0;
      const a = apng[i].pixels, b = lossy[i].pixels;
      for (let k = 0; k < a.length; k += 4) for (let c = 0; c < 3; c++) { const d = a[k + c] - b[k + c]; sum += d * d; n++; }
      const mse = sum / n;
      worst = Math.min(worst, mse === 0 ? 99 : 10 * Math.log10(255 * 255 / mse));
    }
    document.getElementById("result").textContent = JSON.stringify({
      frames: [apng.length, webp.length, lossy.length],
      durations: JSON.stringify(webp.map(f => f.ms)) === JSON.stringify(apng.map(f => f.ms))
        && JSON.stringify(lossy.map(f => f.ms)) === JSON.stringify(apng.map(f => f.ms)),
      shortest: Math.min(...webp.map(f => f.ms), ...lossy.map(f => f.ms)),
      total: webp.reduce((s, f) => s + f.ms, 0),
      exact: apng.length === webp.length && apng.every((f, i) => same(f.pixels, webp[i].pixels)),
      lossyPSNR: Math.floor(worst)});
  } catch (error) {
    document.getElementById("result").textContent = "error: " + error;
  }
  done = true;
})();
</script>
EOF
# Up to three tries: a run that ends before the decoder finishes reports "running", not a result.
for attempt in 1 2 3; do
    result=$(chromium --headless --no-sandbox --disable-gpu --virtual-time-budget=600000 --dump-dom "file://$work/page.html" 2>/dev/null \
        | sed -n 's:.*<pre id="result">\(.*\)</pre>.*:\1:p' | sed 's/&quot;/"/g')
    [ "$result" != running ] && break
    echo "check-webp-browser: Chromium had not finished decoding (try $attempt of 3)" >&2
done
echo "check-webp-browser: Chromium reports $result"
python3 - "$result" <<'PY'
import json, sys
try:
    r = json.loads(sys.argv[1])
except ValueError:
    print(f"check-webp-browser: Chromium did not finish decoding: {sys.argv[1] or 'no result'}", file=sys.stderr)
    sys.exit(1)
problems = []
if len(set(r["frames"])) != 1 or r["frames"][0] < 2: problems.append(f"frame counts differ: {r['frames']}")
if not r["durations"]: problems.append("the WebPs' frame durations are not the APNG's")
if r["shortest"] < 11: problems.append(f"a frame of {r['shortest']} ms (Chromium shows 10 ms or less as 100 ms)")
if r["total"] != 1500: problems.append(f"the animation lasts {r['total']} ms, not 1500")
if not r["exact"]: problems.append("the lossless WebP's frames are not the APNG's pixels")
if r["lossyPSNR"] < 35: problems.append(f"a lossy frame's PSNR is {r['lossyPSNR']} dB, under 35")
if problems:
    print("check-webp-browser: " + "; ".join(problems), file=sys.stderr)
    sys.exit(1)
print(f"webp (Chromium): {r['frames'][0]} frames, {r['total']} ms, lossless exact, lossy ≥ {r['lossyPSNR']} dB")
PY
