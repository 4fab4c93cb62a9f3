/// The report's page: HTML, CSS and script in one file, nothing fetched but the frames' PNGs
/// beside it. Opened with `#selftest` it drives its own controls and writes what happened into
/// `<pre id="selftest">` as JSON — what the browser test (scripts/check-report.sh, headless
/// Chromium) reads.
enum DiffReportPage {
    static func html(title: String, data: String) -> String {
        """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>dynrender diff — \(title)</title>
        <style>
        body { font: 14px/1.4 -apple-system, system-ui, sans-serif; margin: 16px; color: #1c1c1e; background: #f2f2f7; }
        h1 { font-size: 18px; margin: 0 0 4px; }
        h2 { font-size: 14px; margin: 16px 0 6px; }
        .verdict { margin: 0 0 12px; }
        .fail { color: #c7291e; } .pass { color: #1d7f3a; }
        .controls { display: flex; gap: 8px; align-items: center; flex-wrap: wrap; margin: 8px 0; }
        .controls input[type=range] { flex: 1; min-width: 200px; }
        .row { display: flex; gap: 12px; flex-wrap: wrap; align-items: flex-start; }
        figure { margin: 0; background: #fff; padding: 6px; border-radius: 8px; }
        figcaption { font-weight: 600; margin-bottom: 4px; }
        img { display: block; max-width: 380px; height: auto; image-rendering: pixelated;
              background: repeating-conic-gradient(#ddd 0% 25%, #fff 0% 50%) 0 0 / 16px 16px; }
        .stack { position: relative; display: inline-block; }
        .stack img + img, .stack .clip { position: absolute; left: 0; top: 0; }
        .clip img { position: static; }
        .divider { position: absolute; top: 0; bottom: 0; width: 2px; margin-left: -1px; background: #ff9500; }
        .none { width: 120px; height: 80px; display: flex; align-items: center; justify-content: center; color: #8a8a8e; }
        </style>
        </head>
        <body>
        <h1>\(title)</h1>
        <p class="verdict" id="verdict"></p>
        <div class="controls">
          <button id="previous" type="button">◀</button>
          <button id="play" type="button">Play</button>
          <button id="next" type="button">▶</button>
          <button id="nextFailing" type="button">Next failing</button>
          <input id="frame" type="range" min="0" value="0" aria-label="frame">
          <span id="frameName"></span>
        </div>
        <p id="frameVerdict"></p>
        <div class="row">
          <figure><figcaption>expected</figcaption><img id="expected" alt="expected"></figure>
          <figure><figcaption>actual</figcaption><img id="actual" alt="actual"></figure>
          <figure><figcaption>diff</figcaption><img id="diff" alt="diff"></figure>
        </div>
        <div class="row">
          <div>
            <h2>Slider: expected left, actual right</h2>
            <div class="stack"><img id="sliderExpected" alt="expected"><div class="clip" id="sliderClip"><img id="sliderActual" alt="actual"></div><div class="divider" id="divider"></div></div>
            <div class="controls"><input id="split" type="range" min="0" max="100" value="50" aria-label="split"></div>
          </div>
          <div>
            <h2>Onion skin: actual over expected</h2>
            <div class="stack"><img id="onionExpected" alt="expected"><img id="onionActual" alt="actual"></div>
            <div class="controls"><input id="opacity" type="range" min="0" max="100" value="50" aria-label="opacity"></div>
          </div>
        </div>
        <pre id="selftest" hidden></pre>
        <script type="application/json" id="data">\(data)</script>
        <script>
        "use strict";
        const data = JSON.parse(document.getElementById("data").textContent);
        const $ = (id) => document.getElementById(id);
        const frames = data.frames;
        let index = Math.max(0, frames.findIndex((f) => !f.passes));
        let timer = null;
        $("verdict").textContent = data.verdict;
        $("verdict").className = "verdict " + (frames.every((f) => f.passes) ? "pass" : "fail");
        $("frame").max = String(Math.max(0, frames.length - 1));
        function setImage(img, file) {
          img.hidden = !file;
          if (file) img.src = file; else img.removeAttribute("src");
        }
        function show(i) {
          if (frames.length === 0) return;
          index = (i + frames.length) % frames.length;
          const f = frames[index];
          $("frame").value = String(index);
          $("frameName").textContent = f.name + " (" + (index + 1) + " of " + frames.length + ")";
          $("frameVerdict").textContent = f.verdict;
          $("frameVerdict").className = f.passes ? "pass" : "fail";
          setImage($("expected"), f.expected);
          setImage($("actual"), f.actual);
          setImage($("diff"), f.diff);
          setImage($("sliderExpected"), f.expected);
          setImage($("sliderActual"), f.actual);
          setImage($("onionExpected"), f.expected);
          setImage($("onionActual"), f.actual);
        }
        function split() {
          $("sliderClip").style.clipPath = "inset(0 0 0 " + $("split").value + "%)";
          $("divider").style.left = $("split").value + "%";
        }
        function opacity() { $("onionActual").style.opacity = String(Number($("opacity").value) / 100); }
        function step() {
          show(index + 1);
          timer = setTimeout(step, (frames[index].delay || 100));
        }
        function play() {
          if (timer !== null) { clearTimeout(timer); timer = null; $("play").textContent = "Play"; return; }
          $("play").textContent = "Pause";
          timer = setTimeout(step, (frames[index].delay || 100));
        }
        $("frame").addEventListener("input", () => show(Number($("frame").value)));
        $("previous").addEventListener("click", () => show(index - 1));
        $("next").addEventListener("click", () => show(index + 1));
        $("nextFailing").addEventListener("click", () => {
          for (let k = 1; k <= frames.length; k++) {
            if (!frames[(index + k) % frames.length].passes) { show(index + k); return; }
          }
        });
        $("play").addEventListener("click", play);
        $("split").addEventListener("input", split);
        $("opacity").addEventListener("input", opacity);
        document.addEventListener("keydown", (e) => {
          if (e.key === "ArrowLeft") show(index - 1);
          if (e.key === "ArrowRight") show(index + 1);
          if (e.key === " ") { e.preventDefault(); play(); }
        });
        show(index); split(); opacity();

        // #selftest: drive the controls as a person would and report what happened.
        async function selftest() {
          const wait = (ms) => new Promise((done) => setTimeout(done, ms));
          const loaded = (img) => img.hidden || (img.complete && img.naturalWidth > 0);
          const result = { frames: frames.length };
          for (let k = 0; k < 50 && !["expected", "actual", "diff"].every((id) => loaded($(id))); k++) await wait(100);
          result.imagesLoaded = ["expected", "actual", "diff", "sliderExpected", "sliderActual", "onionExpected", "onionActual"]
            .every((id) => loaded($(id))) && !$("actual").hidden;
          const last = frames.length - 1;
          $("frame").value = String(last);
          $("frame").dispatchEvent(new Event("input"));
          result.scrub = index === last && $("frameName").textContent.startsWith(frames[last].name)
            && (frames[last].actual === null || $("actual").getAttribute("src") === frames[last].actual);
          $("play").click();
          await wait((frames[index].delay || 100) * 3 + 50);
          const moved = index;
          result.play = frames.length === 1 || moved !== last;
          $("play").click();
          const stopped = index;
          await wait(500);
          result.pause = index === stopped && $("play").textContent === "Play";
          $("split").value = "30";
          $("split").dispatchEvent(new Event("input"));
          result.slider = $("sliderClip").style.clipPath.includes("30%");
          $("opacity").value = "80";
          $("opacity").dispatchEvent(new Event("input"));
          result.onion = $("onionActual").style.opacity === "0.8";
          $("selftest").textContent = JSON.stringify(result);
          $("selftest").hidden = false;
        }
        if (location.hash === "#selftest") selftest();
        </script>
        </body>
        </html>

        """
    }
}
