#!/usr/bin/env python3
"""Runs the corpus's compiled files: each view controller (or, failing one, a custom view or a
collection-view layout) hosted full screen in a scene of 390 x 844 pt, a tap at the centre at
0.5 s, then a finger dragged 250 pt down from the centre over 0.8 s from 1.0 s, rendered for
3 s to a GIF. A playground page runs as written, with one line added that renders its live view.

  scripts/compat-run.py CORPUS_DIR RESULTS_JSON OUT_DIR [--port TOOL] [ID ...]

A storyboard's view controller gets our stand-ins for the views its outlets name (a view, label,
button, switch or image view each, down the middle of the screen) and for the actions it
connects (a gesture recogniser on the first outlet's view, a control's action on the stand-in
control), appended to the copy as an extension and connected through
`UIViewController.storyboardStandIn` before `viewDidLoad`.
Pictures an app loads with `UIImage(named:)` come from Tests/Compatibility/resources/<ID>/ when
it exists: our own stand-ins, as the stubs stand in for the app's own types.

RESULTS_JSON is what `compat-corpus.py --json` wrote (with --port, of its --port run): only files
that compiled are run, prepared the same way. Each becomes an executable target of a scratch
package in OUT_DIR/package (which depends on this repository by path), built and run on its own
so one file's failure never hides another's. OUT_DIR/<ID>.gif is the render; the JSON written to
OUT_DIR/run.json says, per file, what was hosted and how the run ended (the first line of a
stop's message, or the exit status).
"""
import argparse, importlib.util, json, os, re, shutil, subprocess, sys

here = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("compat_corpus", os.path.join(here, "compat-corpus.py"))
corpus_tool = importlib.util.module_from_spec(spec); spec.loader.exec_module(corpus_tool)
repo = corpus_tool.repo

SCRIPT = """
let centre = CGPoint(x: 195, y: 422)
scene.touch(at: 0.5, duration: 0, along: .stay(at: centre))
scene.touch(at: 1.0, duration: 0.8, along: .line(from: centre, to: CGPoint(x: 195, y: 672)))
var views = 0
func count(_ view: UIView) { views += 1; view.subviews.forEach(count) }
do {
    let summary = try scene.render(duration: 3, to: .gif(CommandLine.arguments[1]), scale: 1)
    scene.views.forEach(count)
    print("ran: \\(summary.frameCount) frames, \\(views) views")
} catch {
    print("render error: \\(error)")
    exit(2)
}
"""

# Our stand-ins for the views a storyboard would have made, by outlet type: a stack of them down
# the middle of the screen, each connected to its outlet before viewDidLoad.
STAND_INS = {
    "UIView": ("UIView(frame: CGRect(x: 145, y: {y}, width: 100, height: 100))", "{v}.backgroundColor = .systemBlue", 130),
    "UIImageView": ("UIImageView(frame: CGRect(x: 145, y: {y}, width: 100, height: 100))", "{v}.backgroundColor = .systemGray", 130),
    "UILabel": ("UILabel(frame: CGRect(x: 95, y: {y}, width: 200, height: 30))", "{v}.text = \"Label\"", 50),
    "UIButton": ("UIButton(type: .system)", "{v}.frame = CGRect(x: 135, y: {y}, width: 120, height: 44); {v}.setTitle(\"Button\", for: .normal)", 60),
    "UISwitch": ("UISwitch(frame: CGRect(x: 170, y: {y}, width: 51, height: 31))", "", 50),
}

def storyboard_stand_in(original, controller):
    """An extension of `controller` that makes its outlets' views, for a storyboard's controller;
    None when it has no outlets we can stand in for."""
    outlets = re.findall(r"@IBOutlet\s+(?:(?:private|fileprivate|internal|public)\s+)?(?:weak\s+)?var\s+(\w+)\s*:\s*(\w+)!", original)
    lines, y = [], 372   # the first covers the centre, where the runner taps and drags
    for name, kind in outlets:
        if kind not in STAND_INS: continue
        make, configure, step = STAND_INS[kind]
        lines.append(f"        let {name} = {make.format(y=y)}")
        if configure: lines.append("        " + configure.format(v=name, y=y))
        lines.append(f"        view.addSubview({name}); self.{name} = {name}")
        y += step
    # Actions the storyboard connects: a gesture recogniser on the first outlet's view (the
    # storyboard's usual place), a control's action on the stand-in control of that type.
    first_view = next((name for name, kind in outlets if kind in STAND_INS), None)
    for action, sender in re.findall(r"@IBAction\s+(?:(?:private|fileprivate|internal|public)\s+)?func\s+(\w+)\s*\(\s*_\s+\w+\s*:\s*(\w+)\s*\)", original):
        if sender in ("UIPanGestureRecognizer", "UITapGestureRecognizer", "UILongPressGestureRecognizer"):
            target = first_view or "view!"
            lines.append(f"        {target}.addGestureRecognizer({sender} {{ [unowned self] in self.{action}($0) }})")
        elif sender in ("UIButton", "UISwitch"):
            control = next((name for name, kind in outlets if kind == sender), None)
            if control:
                event = ".touchUpInside" if sender == "UIButton" else ".valueChanged"
                lines.append(f"        {control}.addAction(UIAction {{ [unowned self, unowned {control}] _ in self.{action}({control}) }}, for: {event})")
    if not lines: return None
    return (f"\n// The corpus runner's stand-in for the storyboard's views (not the app's code).\nextension {controller} {{\n"
            "    func corpusStoryboardStandIn() {\n" + "\n".join(lines) + "\n    }\n}\n")

def host_code(text, original=""):
    """The driver that hosts the file's main class, a description of it, and what to append to
    the file (a storyboard stand-in); None if there is nothing to host."""
    strip = re.sub(r"(?s)/\*.*?\*/", "", re.sub(r"//[^\n]*", "", text))
    vc = re.search(r"\bclass\s+(\w+)\s*:\s*UIViewController\b", strip)
    if vc:
        name = vc.group(1)
        stand_in = storyboard_stand_in(original, name)
        hook = f"UIViewController.storyboardStandIn = {{ ($0 as? {name})?.corpusStoryboardStandIn() }}\n" if stand_in else ""
        return (f"import DynRenderUIKit\n{hook}let scene = Scene(size: CGSize(width: 390, height: 844))\n"
                f"scene.host({name}())\n" + SCRIPT, f"view controller {name}" + (" (with stand-ins for its storyboard's views)" if stand_in else ""), stand_in)
    layout = re.search(r"\bclass\s+(\w+)\s*:\s*(UICollectionViewFlowLayout|UICollectionViewLayout)\b", strip)
    if layout:
        flow = layout.group(2) == "UICollectionViewFlowLayout"
        return ("import DynRenderUIKit\nlet scene = Scene(size: CGSize(width: 390, height: 844))\n"
                "let root = UIViewController()\nscene.host(root)\n"
                "scene.runningAsTimeline {\n"
                f"    let layout = {layout.group(1)}()\n" + ("    layout.itemSize = CGSize(width: 80, height: 80)\n" if flow else "") +
                "    let grid = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 844), collectionViewLayout: layout)\n"
                "    grid.backgroundColor = .white\n    grid.reloadData(itemCounts: [60])\n    root.view.addSubview(grid)\n}\n" + SCRIPT,
                f"layout {layout.group(1)} in a collection view of 60 cells", None)
    view = re.search(r"\bclass\s+(\w+)\s*:\s*(UIView|UIImageView|UILabel|UIButton)\b", strip)
    if view:
        # A view that declares initialisers but not init(frame:) (so does not inherit it) and
        # has an init() of its own is made with that, at the frame it gives itself.
        own_init = not re.search(r"(?<!\.)\binit\(frame:", strip) and re.search(r"(?<!\.)\binit\(\)", strip)
        made = f"{view.group(1)}()" if own_init else f"{view.group(1)}(frame: CGRect(x: 45, y: 272, width: 300, height: 300))"
        return ("import DynRenderUIKit\nlet scene = Scene(size: CGSize(width: 390, height: 844))\n"
                "let root = UIViewController()\nscene.host(root)\n"
                f"scene.runningAsTimeline {{ root.view.addSubview({made}) }}\n" + SCRIPT,
                f"view {view.group(1)} ({'its init(), its own frame' if own_init else '300 x 300 pt'}) in a view controller's view", None)
    return None

def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("corpus"); parser.add_argument("results"); parser.add_argument("out")
    parser.add_argument("ids", nargs="*"); parser.add_argument("--port")
    args = parser.parse_args()
    results = json.load(open(args.results))
    ids = args.ids or sorted(i for i, r in results.items() if r["compiles"])
    package = os.path.join(os.path.abspath(args.out), "package")
    if os.path.exists(os.path.join(package, "Sources")): shutil.rmtree(os.path.join(package, "Sources"))
    targets, hosted = [], {}
    for fid in ids:
        name = "run_" + fid.replace("-", "_")
        folder = os.path.join(package, "Sources", name)
        toplevel = fid in corpus_tool.toplevel
        files, _ = corpus_tool.prepare(args.corpus, fid, folder, args.port, name="main.swift" if toplevel else f"{fid}.swift")
        if toplevel:
            with open(files[0], "a", encoding="utf-8") as f:
                f.write('\ndo { let summary = try PlaygroundPage.current.render(duration: 3, to: .gif(CommandLine.arguments[1]), scale: 1); '
                        'print("ran: \\(summary.frameCount) frames") } catch { print("render error: \\(error)"); exit(2) }\n')
            hosted[fid] = "playground page's live view"
        else:
            original = open(os.path.join(args.corpus, f"{fid}.swift"), encoding="utf-8").read()
            code = host_code(open(files[0], encoding="utf-8").read(), original)
            if code is None:
                shutil.rmtree(folder); hosted[fid] = None; continue
            if code[2]:
                with open(files[0], "a", encoding="utf-8") as f: f.write(code[2])
            driver = code[0]
            resources = os.path.join(repo, "Tests", "Compatibility", "resources", fid)
            if os.path.isdir(resources):
                # Our own stand-ins for the app's pictures, found as UIImage(named:) finds them.
                driver = driver.replace("let scene = ", f'Image.resourceDirectories = [URL(fileURLWithPath: "{resources}")]\nlet scene = ', 1)
            open(os.path.join(folder, "main.swift"), "w", encoding="utf-8").write(driver); hosted[fid] = code[1]
        targets.append((fid, name))
    deps = '.product(name: "DynRenderUIKit", package: "dynrender"), .product(name: "PlaygroundSupport", package: "dynrender"), .product(name: "CoreMotion", package: "dynrender")'
    with open(os.path.join(package, "Package.swift"), "w") as f:
        f.write("// swift-tools-version:5.9\nimport PackageDescription\n\nlet package = Package(\n    name: \"CorpusRun\",\n"
                f"    dependencies: [.package(name: \"dynrender\", path: \"{repo}\")],\n    targets: [\n")
        for _, name in targets:
            f.write(f"        .executableTarget(name: \"{name}\", dependencies: [{deps}], swiftSettings: [.unsafeFlags([\"-suppress-warnings\"])]),\n")
        f.write("    ]\n)\n")
    report = {}
    for fid in ids:
        if hosted.get(fid) is None:
            report[fid] = {"hosted": None, "result": "nothing to host (no view controller, view or layout class)"}
            print(f"{fid:5} --  {report[fid]['result']}"); continue
        name = "run_" + fid.replace("-", "_")
        build = subprocess.run(["swift", "build", "--package-path", package, "--product", name], capture_output=True, text=True)
        if build.returncode != 0:
            error = next((l for l in build.stdout.split("\n") + build.stderr.split("\n") if ": error:" in l), "build failed")
            report[fid] = {"hosted": hosted[fid], "result": "does not build as hosted: " + re.sub(r"^.*?error: ", "", error)}
        else:
            exe = os.path.join(package, ".build", "debug", name)
            gif = os.path.join(os.path.abspath(args.out), f"{fid}.gif")
            try:
                run = subprocess.run([exe, gif], capture_output=True, text=True, timeout=300)
                out = (run.stdout + run.stderr).strip().split("\n")
                if run.returncode == 0:
                    report[fid] = {"hosted": hosted[fid], "result": next((l for l in out if l.startswith("ran:")), "ran")}
                else:
                    stop = next((l for l in out if "Fatal error" in l or "render error" in l), out[-1] if out else "")
                    report[fid] = {"hosted": hosted[fid], "result": f"stopped (status {run.returncode}): " + re.sub(r"^.*Fatal error: ", "", stop)[:200]}
            except subprocess.TimeoutExpired:
                report[fid] = {"hosted": hosted[fid], "result": "did not finish within 300 s"}
        print(f"{fid:5} {report[fid]['hosted']}: {report[fid]['result']}")
    json.dump(report, open(os.path.join(args.out, "run.json"), "w"), indent=1)

if __name__ == "__main__":
    main()
