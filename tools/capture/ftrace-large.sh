#!/usr/bin/env bash
# SPDX-License-Identifier: EPL-2.0
#
# Records a large real ftrace trace for the reader's benchmark (docs/performance.md): the scheduler events of a
# pipe ping-pong (perf bench sched pipe: two tasks passing a token through a pair of pipes, a wakeup and a switch
# per hop) in a private ftrace instance with large buffers, removed afterwards. Leaves OUT_DIR/trace.dat
# (trace-cmd extract, uncompressed, version 7), OUT_DIR/trace.txt (trace-cmd report -t -R of it) and
# OUT_DIR/stats.txt (the instance's per-CPU statistics: nothing should be lost).
#
#   tools/capture/ftrace-large.sh OUT_DIR [ROUND_TRIPS]
#
# ROUND_TRIPS defaults to 3,200,000: about 10.6 million events (3.3 a round trip), 0.6 GB of pages and 1.9 GB
# of text. Needs root, tracefs, trace-cmd 3.x and perf (Debian: linux-perf). trace-cmd extract removes the
# instance it extracts; the trap removes it otherwise.
set -euo pipefail
[ $# -ge 1 ] && [ $# -le 2 ] || { echo "usage: $0 OUT_DIR [ROUND_TRIPS]" >&2; exit 2; }
OUT=$1
TRIPS=${2:-3200000}
[ "$(id -u)" -eq 0 ] || { echo "error: ftrace instances need root" >&2; exit 2; }
# shellcheck source=tools/capture/ftrace-lib.sh
. "$(dirname "$0")/ftrace-lib.sh"
TRACEFS=/sys/kernel/tracing
NAME=sextant-large-$$
INSTANCE=$TRACEFS/instances/$NAME
mkdir -p "$OUT"
mkdir "$INSTANCE"
trap '[ -d "$INSTANCE" ] && { echo 0 > "$INSTANCE/tracing_on"; rmdir "$INSTANCE"; }; true' EXIT

# 700 MB a CPU holds the whole run: a hop's two events take about 110 bytes of ring buffer.
echo 700000 > "$INSTANCE/buffer_size_kb"
echo mono > "$INSTANCE/trace_clock"
for event in sched_switch sched_wakeup sched_wakeup_new sched_migrate_task sched_process_fork sched_process_exec sched_process_exit; do
    echo 1 > "$INSTANCE/events/sched/$event/enable"
done
echo 1 > "$INSTANCE/tracing_on"
perf bench sched pipe -l "$TRIPS" > /dev/null
ftrace_finish "$INSTANCE" "$OUT/stats.txt" "$OUT/trace.dat"
trace-cmd report -t -R "$OUT/trace.dat" > "$OUT/trace.txt"
echo "$OUT: $(grep -c '^ *[^ ]*: *\S.*\] [0-9]' "$OUT/trace.txt") events, $(du -h "$OUT/trace.dat" | cut -f1) .dat, $(du -h "$OUT/trace.txt" | cut -f1) text"
