#!/usr/bin/env python3
"""Compiles a corpus of real apps' UIKit Dynamics files against DynRenderUIKit, each on its own,
with only `import UIKit` changed to `import DynRenderUIKit` (added as the first line where the
file relied on its project's umbrella header), and reports which type-check.

  scripts/compat-corpus.py CORPUS_DIR [--port TOOL] [--json OUT] [ID ...]

CORPUS_DIR holds the files as `<ID>.swift` (A-01.swift …), fetched at the commits that
Tests/Compatibility/corpus.md lists; their code is never committed here. A file that uses types
of its own project gets Tests/Compatibility/stubs/<ID>.swift compiled beside it: our minimal
stand-ins for those types, the file's own text unchanged. Needs the debug build (`swift build`);
typechecks against .build/debug/Modules as an app's code would, seeing only the public surface.
With --port TOOL (the built `dynrender-port`), each file is first rewritten by it (`--in-place`
on the copy), as a user would port it, instead of having only its import changed.
"""
import argparse, json, os, re, shutil, subprocess, sys, tempfile

repo = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
toplevel = {"A-03", "A-19", "A-22", "C-05"}   # playground pages: top-level code, compiled as main.swift

def swiftc_arguments():
    build = os.path.join(repo, ".build", "debug")
    args = ["swiftc", "-typecheck", "-I", os.path.join(build, "Modules")]
    # The C targets, found in Sources/ as PublicAPITests finds them: a system library's module
    # map is its folder's own, a compiled target's (one with include/) is generated into the build.
    sources = os.path.join(repo, "Sources")
    for name in sorted(os.listdir(sources)):
        folder = os.path.join(sources, name)
        if not name.startswith("C"):
            continue
        if os.path.exists(os.path.join(folder, "module.modulemap")):
            args += ["-I", folder]
        elif os.path.isdir(os.path.join(folder, "include")):
            args += ["-Xcc", "-fmodule-map-file=" + os.path.join(build, f"{name}.build", "module.modulemap")]
    # Yams' C core (libyaml), which scene files are read with, from the package's checkout.
    args += ["-I", os.path.join(repo, ".build", "checkouts", "Yams", "Sources", "CYaml", "include")]
    return args + ["-diagnostic-style", "llvm"]

def prepare(corpus, fid, folder, port=None, name=None):
    """Writes the file as compiled (import changed, or ported with `port`) and its stubs into
    `folder`; returns the paths written and what the port tool reported."""
    text = open(os.path.join(corpus, f"{fid}.swift"), encoding="utf-8").read()
    if re.search(r"(?m)^import UIKit(\.\w+)?$", text):
        if not port: text = re.sub(r"(?m)^import UIKit$", "import DynRenderUIKit", text)
    else:
        text = "import DynRenderUIKit\n" + text
    os.makedirs(folder, exist_ok=True)
    name = name or ("main.swift" if fid in toplevel else f"{fid}.swift")
    files = [os.path.join(folder, name)]
    open(files[0], "w", encoding="utf-8").write(text)
    findings = []
    if port:
        p = subprocess.run([port, "--in-place", files[0]], capture_output=True, text=True)
        findings = [l.replace(folder + "/", "") for l in p.stderr.split("\n") if l]
    stub = os.path.join(repo, "Tests", "Compatibility", "stubs", f"{fid}.swift")
    if os.path.exists(stub):
        files.append(os.path.join(folder, "stubs.swift")); shutil.copy(stub, files[1])
    return files, findings

def check(corpus, fid, work, port=None):
    folder = os.path.join(work, fid)
    files, findings = prepare(corpus, fid, folder, port)
    p = subprocess.run(swiftc_arguments() + files, capture_output=True, text=True, cwd=repo)
    errors = [l.replace(folder + "/", "") for l in p.stderr.split("\n") if ": error:" in l]
    return {"compiles": p.returncode == 0, "stubs": len(files) > 1, "errors": errors, "port_findings": findings}

def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("corpus"); parser.add_argument("ids", nargs="*"); parser.add_argument("--json")
    parser.add_argument("--port", help="the dynrender-port executable: port each file before compiling it")
    args = parser.parse_args()
    ids = args.ids or sorted(f[:-6] for f in os.listdir(args.corpus) if f.endswith(".swift"))
    results = {}
    with tempfile.TemporaryDirectory() as work:
        for fid in ids:
            r = results[fid] = check(args.corpus, fid, work, args.port)
            first = r["errors"][0] if r["errors"] else ""
            print(f"{fid:5} {'stubs' if r['stubs'] else 'alone':5} {'OK ' if r['compiles'] else 'ERR'} {len(r['errors']):3}  {first[:140]}")
    print(f"{sum(r['compiles'] for r in results.values())} of {len(results)} compile")
    if args.json: json.dump(results, open(args.json, "w"), indent=1)

if __name__ == "__main__":
    main()
