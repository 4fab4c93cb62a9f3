#!/usr/bin/env python3
"""Every public symbol declared in Sources/ of the given modules has a doc comment: read from the
symbol graphs `swift package generate-documentation` extracted (scripts/build-docs.sh runs this
after it). Lists the ones without and fails.

  scripts/doc-coverage.py MODULE,...
"""
import glob, json, os, sys

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
symbols, undocumented = 0, []
for module in sys.argv[1].split(","):
    pattern = os.path.join(root, ".build", "*", "extracted-symbols", "main", module, module + "*.symbols.json")
    files = glob.glob(pattern)
    if not files:
        sys.exit(f"doc-coverage: no symbol graph for {module} (run scripts/build-docs.sh)")
    for path in files:
        for symbol in json.load(open(path))["symbols"]:
            location = symbol.get("location", {})
            if "/Sources/" not in location.get("uri", "") or symbol.get("accessLevel") not in ("public", "open"):
                continue
            symbols += 1
            if not symbol.get("docComment"):
                file = location["uri"].split("/Sources/", 1)[1]
                line = location["position"]["line"] + 1
                undocumented.append(f"Sources/{file}:{line}: {'.'.join(symbol['pathComponents'])}")
print(f"doc-coverage: {symbols - len(undocumented)} of {symbols} public symbols have a doc comment")
for entry in sorted(set(undocumented)):
    print(f"doc-coverage: no doc comment: {entry}", file=sys.stderr)
sys.exit(1 if undocumented else 0)
