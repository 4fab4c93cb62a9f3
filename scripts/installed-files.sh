#!/usr/bin/env bash
# The files scripts/install.sh writes, relative to the prefix: the one list install and
# uninstall share, so uninstalling removes exactly what installing wrote.
cat <<'LIST'
bin/dynrender
bin/dynrender-port
share/man/man1/dynrender.1
share/bash-completion/completions/dynrender
share/zsh/site-functions/_dynrender
share/fish/vendor_completions.d/dynrender.fish
LIST
