#!/usr/bin/env bash
# SPDX-License-Identifier: EPL-2.0
#
# Installs the topology's npm packages (package-lock.json, pinned) into a cache outside the repository,
# ${SEXTANT_CACHE:-~/.cache/sextant}/npm/http/node_modules, when its lock differs from the one installed there;
# prints the node_modules directory, for NODE_PATH.
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
CACHE=${SEXTANT_CACHE:-$HOME/.cache/sextant}/npm/http
command -v npm >/dev/null || { echo "error: npm not found (Debian: apt-get install npm)" >&2; exit 2; }
mkdir -p "$CACHE"
if ! cmp -s "$HERE/package-lock.json" "$CACHE/installed-lock.json" || [ ! -d "$CACHE/node_modules/ioredis" ]; then
    cp "$HERE/package.json" "$HERE/package-lock.json" "$CACHE/"
    (cd "$CACHE" && npm ci --no-audit --no-fund --loglevel=error >&2)
    cp "$HERE/package-lock.json" "$CACHE/installed-lock.json"
fi
echo "$CACHE/node_modules"
