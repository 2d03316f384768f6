#!/usr/bin/env bash
# SPDX-License-Identifier: EPL-2.0
#
# Refreshes the screenshots in docs/images: runs the build with its UI tests under Xvfb (a 1600x1000 screen),
# with the UI tests writing their screenshots there instead of under target/.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
command -v xvfb-run >/dev/null || { echo "error: xvfb-run not found (Debian: apt-get install xvfb xauth)" >&2; exit 2; }
PLATFORM=$(python3 "$ROOT/releng/platform/bootstrap.py")
xvfb-run -a -s "-screen 0 1600x1000x24" "$ROOT/mvnw" -B -q -Dsextant.platform="$PLATFORM" \
    -Dsextant.screenshots="$ROOT/docs/images" verify
ls -l "$ROOT"/docs/images/*.png
