#!/usr/bin/env bash
# SPDX-License-Identifier: EPL-2.0
#
# The ftrace reader's throughput (docs/performance.md): reads DIR/trace.dat and DIR/trace.txt (a capture of
# tools/capture/ftrace-large.sh) with the reader (ftrace.model's ReaderBenchmark, three passes each), then times
# trace-cmd report on the same file, writing to /dev/null, for comparison.
#
#   tools/bench-ftrace.sh DIR
set -euo pipefail
[ $# -eq 1 ] && [ -f "$1/trace.dat" ] && [ -f "$1/trace.txt" ] || { echo "usage: $0 DIR (with trace.dat and trace.txt)" >&2; exit 2; }
DIR=$(cd "$1" && pwd)
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
PLATFORM=$(python3 "$ROOT/releng/platform/bootstrap.py")
LOG=$(mktemp)
if ! "$ROOT/mvnw" -B -Dsextant.platform="$PLATFORM" verify -pl releng/org.sextant.target,bundles/org.sextant.ftrace.model \
    -Dtest=ReaderBenchmark -Dsurefire.failIfNoSpecifiedTests=false -Dsextant.bench.ftrace="$DIR" >"$LOG" 2>&1; then
    echo "error: the benchmark failed; see $LOG" >&2
    exit 1
fi
grep '^\[sextant\] bench:' "$LOG"
rm -f "$LOG"
for args in "-t -R" ""; do
    start=$(date +%s.%N)
    # shellcheck disable=SC2086 # the options are words
    trace-cmd report $args "$DIR/trace.dat" > /dev/null
    end=$(date +%s.%N)
    echo "[sextant] bench: trace-cmd report $args trace.dat > /dev/null: $(echo "$end - $start" | bc) s"
done
