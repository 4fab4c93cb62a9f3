#!/usr/bin/env bash
# Builds the DocC documentation of the modules a user imports (DynRender and the modules it
# re-exports, DynRenderTesting, DynRenderUIKit) as one combined archive, with warnings treated as
# errors, so a broken link in an article or a doc comment fails. The archive is written under
# .build (not committed); `--serve` then serves it on http://localhost:8000/documentation/dynrender.
set -euo pipefail
cd "$(dirname "$0")/.."
modules=(DynRender DynRenderGeometry DynRenderPixels DynRenderDynamics DynRenderDisplayList DynRenderText
         DynRenderImages DynRenderCollectionViews DynRenderScene DynRenderRaster DynRenderCodecs DynRenderPipeline DynRenderSceneFiles
         DynRenderDiff DynRenderDiffFiles DynRenderGoldens DynRenderTesting DynRenderUIKit PlaygroundSupport)
# The landing page's GIF is the gallery's (a copy: DocC copies a symlink as a link, broken in the archive).
cmp -s docs/gallery/drag.gif Sources/DynRender/DynRender.docc/Resources/drag.gif || {
    echo "build-docs: Sources/DynRender/DynRender.docc/Resources/drag.gif differs from docs/gallery/drag.gif; copy it again" >&2; exit 1; }
targets=()
for module in "${modules[@]}"; do targets+=(--target "$module"); done
swift package generate-documentation "${targets[@]}" --enable-experimental-combined-documentation \
    --warnings-as-errors --experimental-documentation-coverage --coverage-summary-level brief
archive=.build/plugins/Swift-DocC/outputs/dynrender.doccarchive
test -f "$archive/index.html" || { echo "build-docs: no archive at $archive" >&2; exit 1; }
echo "build-docs: $archive"
# Every public symbol has a doc comment.
(IFS=,; python3 scripts/doc-coverage.py "${modules[*]}")
if [ "${1:-}" = --serve ]; then
    cd "$archive" && exec python3 -m http.server 8000
fi
