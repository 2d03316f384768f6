#!/usr/bin/env bash
# SPDX-License-Identifier: EPL-2.0
#
# The sunburst's drawing benchmark (tests/org.sextant.ui.tests SunburstBenchmark): builds, lays out, draws and
# zooms a call tree of 100,000 nodes in a workbench under Xvfb, and prints the times.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
command -v xvfb-run >/dev/null || { echo "error: xvfb-run not found (Debian: apt-get install xvfb xauth)" >&2; exit 2; }
PLATFORM=$(python3 "$ROOT/releng/platform/bootstrap.py")
LOG=$(mktemp)
if ! xvfb-run -a -s "-screen 0 1600x1000x24" "$ROOT/mvnw" -B -Dsextant.platform="$PLATFORM" \
    verify \
    -Dtest=SunburstBenchmark -Dsurefire.failIfNoSpecifiedTests=false >"$LOG" 2>&1; then
    echo "error: the benchmark's build failed; see $LOG" >&2
    exit 1
fi
grep '^\[sextant\] bench:' "$LOG"
rm -f "$LOG"
