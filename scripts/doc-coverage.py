#!/usr/bin/env python3
"""Every public symbol declared in Sources/ of the given modules has a doc comment, and every
public type (class, structure, enumeration, protocol) an example (a code block) in it: read from
the symbol graphs `swift package generate-documentation` extracted (scripts/build-docs.sh runs
this after it). Lists the ones without and fails.

  scripts/doc-coverage.py MODULE,...
"""
import glob, json, os, sys

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
symbols, types, undocumented, without_example = 0, 0, [], []
type_kinds = ("swift.class", "swift.struct", "swift.enum", "swift.protocol")
for module in sys.argv[1].split(","):
    # The folder after extracted-symbols is the package's identity: its directory's name for a clone.
    pattern = os.path.join(root, ".build", "*", "extracted-symbols", "*", module, module + "*.symbols.json")
    files = glob.glob(pattern)
    if not files:
        sys.exit(f"doc-coverage: no symbol graph for {module} (run scripts/build-docs.sh)")
    for path in files:
        for symbol in json.load(open(path))["symbols"]:
            location = symbol.get("location", {})
            if "/Sources/" not in location.get("uri", "") or symbol.get("accessLevel") not in ("public", "open"):
                continue
            symbols += 1
            file = location["uri"].split("/Sources/", 1)[1]
            where = f"Sources/{file}:{location['position']['line'] + 1}: {'.'.join(symbol['pathComponents'])}"
            lines = [line["text"] for line in symbol.get("docComment", {}).get("lines", [])]
            if not lines:
                undocumented.append(where)
            if symbol["kind"]["identifier"] in type_kinds:
                types += 1
                if not any(line.strip().startswith("```") for line in lines):
                    without_example.append(where)
undocumented, without_example = sorted(set(undocumented)), sorted(set(without_example))
print(f"doc-coverage: {symbols - len(undocumented)} of {symbols} public symbols have a doc comment; "
      f"{types - len(without_example)} of {types} public types an example")
for entry in undocumented:
    print(f"doc-coverage: no doc comment: {entry}", file=sys.stderr)
for entry in without_example:
    print(f"doc-coverage: no example: {entry}", file=sys.stderr)
sys.exit(1 if undocumented or without_example else 0)
