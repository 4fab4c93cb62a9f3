#!/usr/bin/env bash
# CI: the scene-file schema (`dynrender schema`) as editors use it. The Python `jsonschema`
# package (the reference validator; installed from PyPI into a scratch venv when missing) checks
# that the schema is valid draft 2020-12, that every example scene in Examples/Scenes validates
# against it, and that files dynrender refuses for a wrong key, type or value (an unknown key,
# a misspelt choice, a number as text, a point of three numbers, two actions in one event) are
# refused by the schema too, so an editor flags them as you type.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --product dynrender > /dev/null
tool="$(swift build --show-bin-path)/dynrender"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$tool" schema > "$work/schema.json"
python=python3
if ! python3 -c 'import jsonschema, yaml' 2> /dev/null; then
    python3 -m venv "$work/venv"
    "$work/venv/bin/pip" install --quiet jsonschema pyyaml
    python="$work/venv/bin/python"
fi
"$python" - "$work/schema.json" Examples/Scenes/*.yaml <<'PY'
import json, sys, yaml, jsonschema
schema = json.load(open(sys.argv[1]))
jsonschema.Draft202012Validator.check_schema(schema)
validator = jsonschema.Draft202012Validator(schema)
problems = []
for path in sys.argv[2:]:
    for error in validator.iter_errors(yaml.safe_load(open(path))):
        problems.append(f"{path}: {'.'.join(map(str, error.absolute_path))}: {error.message}")
head = "canvas: {size: [390, 844]}\nduration: 2\n"
refused = {
    "an unknown key": head + "views: [{frame: [0, 0, 1, 1], backgroundColour: red}]\n",
    "a misspelt choice": head + "views: [{type: lable, frame: [0, 0, 1, 1]}]\n",
    "a number as text": "canvas: {size: [390, 844]}\nduration: '2'\n",
    "a point of three numbers": head + "timeline: [{at: 1, tap: [1, 2, 3]}]\n",
    "two actions in one event": head + "timeline: [{at: 1, tap: [1, 2], longPress: [1, 2], duration: 1}]\n",
    "an unknown behaviour": head + "behaviours: [{gravty: {}}]\n",
    "an unknown colour": head + "views: [{frame: [0, 0, 1, 1], backgroundColor: bleu}]\n",
}
for what, text in refused.items():
    if validator.is_valid(yaml.safe_load(text)):
        problems.append(f"the schema accepts {what}")
if problems:
    print("check-schema: " + "\n".join(problems), file=sys.stderr)
    sys.exit(1)
print(f"schema: valid draft 2020-12; {len(sys.argv) - 2} example scenes validate; {len(refused)} bad files refused")
PY
