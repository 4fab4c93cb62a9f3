#!/usr/bin/env python3
"""Which public symbols declared in Sources/ have no doc comment, from the symbol graphs that
`swift package generate-documentation` extracted (run scripts/build-docs.sh first).

  scripts/doc-coverage.py MODULE,...            check against scripts/undocumented-symbols.txt:
                                                fail on a symbol missing from the list (a new
                                                undocumented symbol) or listed but now documented
  scripts/doc-coverage.py MODULE,... --update   rewrite the list

The list only shrinks: document a symbol and delete its line.
"""
import glob, json, os, sys

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
listed_file = os.path.join(root, "scripts", "undocumented-symbols.txt")
modules = sys.argv[1].split(",")
symbols, undocumented = 0, set()
for module in modules:
    pattern = os.path.join(root, ".build", "*", "extracted-symbols", "main", module, module + "*.symbols.json")
    files = glob.glob(pattern)
    if not files:
        sys.exit(f"doc-coverage: no symbol graph for {module} (run scripts/build-docs.sh)")
    for path in files:
        for symbol in json.load(open(path))["symbols"]:
            location = symbol.get("location", {}).get("uri", "")
            if "/Sources/" not in location or symbol.get("accessLevel") not in ("public", "open"):
                continue
            symbols += 1
            if not symbol.get("docComment"):
                undocumented.add(f"{module} {'.'.join(symbol['pathComponents'])} ({symbol['kind']['identifier']})")
print(f"doc-coverage: {symbols - len(undocumented)} of {symbols} public symbols documented; {len(undocumented)} without a doc comment")
if "--update" in sys.argv:
    with open(listed_file, "w") as out:
        out.write("# Public symbols without a doc comment (scripts/doc-coverage.py). Only shrinks.\n")
        out.writelines(line + "\n" for line in sorted(undocumented))
    sys.exit(0)
listed = {line.strip() for line in open(listed_file) if line.strip() and not line.startswith("#")}
new, fixed = sorted(undocumented - listed), sorted(listed - undocumented)
for line in new:
    print(f"doc-coverage: undocumented public symbol: {line}", file=sys.stderr)
for line in fixed:
    print(f"doc-coverage: documented now, delete its line from scripts/undocumented-symbols.txt: {line}", file=sys.stderr)
sys.exit(1 if new or fixed else 0)
