#!/usr/bin/env bash
# SPDX-License-Identifier: EPL-2.0
#
# The Annotated CPUs view of a recording of ./sextant record --ftrace, as a PNG: a workbench under Xvfb (a
# 1600x1000 screen) opens the recording's trace.txt and saves the view maximized
# (tests/org.sextant.ui.tests AnnotatedRecordingScreenshot), as tools/screenshots.sh does for the fixtures.
#
#   tools/screenshot-annotated.sh RECORDING OUT.png [FROM,TO]     FROM,TO: seconds after the trace's start to show
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
[ $# -ge 2 ] || { echo "usage: $0 RECORDING OUT.png [FROM,TO]" >&2; exit 2; }
RECORDING=$(realpath "$1")
OUT=$(realpath -m "$2")
[ -f "$RECORDING/ftrace/trace.txt" ] || { echo "error: $RECORDING/ftrace/trace.txt not found: not a recording of ./sextant record --ftrace" >&2; exit 2; }
command -v xvfb-run >/dev/null || { echo "error: xvfb-run not found (Debian: apt-get install xvfb xauth)" >&2; exit 2; }
PLATFORM=$(python3 "$ROOT/releng/platform/bootstrap.py")
LOG=$(mktemp)
SHOTS=$(mktemp -d)
trap 'rm -rf "$LOG" "$SHOTS"' EXIT
if ! xvfb-run -a -s "-screen 0 1600x1000x24" "$ROOT/mvnw" -B -o -Dsextant.platform="$PLATFORM" verify \
    -Dsextant.screenshots="$SHOTS" \
    "-Dsextant.test.args=-Xmx2g -Dsextant.fixtures=$ROOT/tests/fixtures -Dsextant.screenshot.recording=$RECORDING -Dsextant.screenshot.name=shot.png -Dsextant.screenshot.window=${3:-}" \
    -Dtest=AnnotatedRecordingScreenshot -Dsurefire.failIfNoSpecifiedTests=false -DfailIfNoTests=false >"$LOG" 2>&1; then
    cp "$LOG" "$OUT.log"
    echo "error: the screenshot's build failed; see $OUT.log" >&2
    exit 1
fi
mv "$SHOTS/shot.png" "$OUT"
echo "$OUT"
