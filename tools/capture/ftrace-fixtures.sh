#!/usr/bin/env bash
# SPDX-License-Identifier: EPL-2.0
#
# Records the ftrace reader's fixtures (tests/fixtures/CATALOGUE.md), each in a private ftrace instance that is
# removed afterwards, extracted with trace-cmd as an uncompressed file and printed by trace-cmd report:
#
#   OUT_DIR/ftrace-sched-small/  scheduler, IRQ and softirq events of a pipe ping-pong, forks and execs, and
#                                trace_marker writes (annotations, a UTF-8 one, one of two lines, one with a control
#                                character): trace.dat (file version 7), trace.txt (trace-cmd report -t -R),
#                                trace-tracefs.txt (the instance's own trace file, read before the extract)
#   OUT_DIR/ftrace-lost/         the same kind of workload in a buffer of two pages per CPU, so that most events are
#                                overwritten (lost), then markers alone 0.3 s apart on CPU 1 (a time extend):
#                                trace.dat converted to file version 6 by trace-cmd convert, trace.txt, stats.txt
#                                (the instance's per-CPU stats: overruns), compressed-head.dat (the first 4 KiB of
#                                the same capture compressed with zstd by trace-cmd convert, which the reader refuses)
#
#   tools/capture/ftrace-fixtures.sh OUT_DIR
#
# Needs root, tracefs at /sys/kernel/tracing, trace-cmd 3.x, perf (perf bench sched pipe), python3, taskset.
set -euo pipefail
[ $# -eq 1 ] || { echo "usage: $0 OUT_DIR" >&2; exit 2; }
OUT=$1
[ "$(id -u)" -eq 0 ] || { echo "error: ftrace instances need root" >&2; exit 2; }
# shellcheck source=tools/capture/ftrace-lib.sh
. "$(dirname "$0")/ftrace-lib.sh"
TRACEFS=/sys/kernel/tracing
[ -d "$TRACEFS/instances" ] || { echo "error: no tracefs at $TRACEFS" >&2; exit 2; }

INSTANCE=
cleanup() {
    if [ -n "$INSTANCE" ] && [ -d "$TRACEFS/instances/$INSTANCE" ]; then
        echo 0 > "$TRACEFS/instances/$INSTANCE/tracing_on" || true
        rmdir "$TRACEFS/instances/$INSTANCE" || true
    fi
}
trap cleanup EXIT

# start NAME BUFFER_KB: a fresh instance with the scheduler, IRQ and softirq events on, tracing.
start() {
    INSTANCE=$1
    local dir=$TRACEFS/instances/$INSTANCE
    mkdir "$dir"
    echo "$2" > "$dir/buffer_size_kb"
    echo mono > "$dir/trace_clock"
    for event in sched/sched_switch sched/sched_wakeup sched/sched_wakeup_new sched/sched_migrate_task \
        sched/sched_process_fork sched/sched_process_exec sched/sched_process_exit irq/irq_handler_entry \
        irq/irq_handler_exit irq/softirq_entry irq/softirq_exit; do
        echo 1 > "$dir/events/$event/enable"
    done
    echo 1 > "$dir/tracing_on"
}

# markers FILE CPU: annotations written to FILE from a process pinned to CPU, one write(2) each.
markers() {
    taskset -c "$2" python3 - "$1" <<'EOF'
import os, sys, time
fd = os.open(sys.argv[1], os.O_WRONLY)
for step in ("load", "sort"):
    os.write(fd, f"SX|B|{step}\n".encode())
    time.sleep(0.002)
    os.write(fd, f"SX|E|{step}\n".encode())
os.write(fd, "SX|I|caf\u00e9\n".encode())
os.write(fd, b"two\nlines")
os.write(fd, b"bell\x07")
os.write(fd, b"B|4242|atrace slice")
os.write(fd, b"E|4242")
EOF
}

workload() {
    local marker=$TRACEFS/instances/$INSTANCE/trace_marker
    markers "$marker" 0 &
    perf bench sched pipe -l "$1" > /dev/null
    taskset -c 0 ls /usr > /dev/null
    taskset -c 1 sh -c 'ls /usr | wc -l' > /dev/null
    wait
}

small=$OUT/ftrace-sched-small
mkdir -p "$small"
start "sextant-fx-$$" 1024
workload 200
echo 0 > "$TRACEFS/instances/$INSTANCE/tracing_on"
cat "$TRACEFS/instances/$INSTANCE/trace" > "$small/trace-tracefs.txt"
trace-cmd extract -B "$INSTANCE" --compression none -o "$small/trace.dat" > /dev/null
cleanup
trace-cmd report -t -R "$small/trace.dat" > "$small/trace.txt"

lost=$OUT/ftrace-lost
mkdir -p "$lost"
start "sextant-fx-lost-$$" 8
workload 3000
# Markers alone, 0.3 s apart on one CPU: more than 2^27 ns between two events of a page needs a time extend.
echo 0 > "$TRACEFS/instances/$INSTANCE/events/enable"
taskset -c 1 python3 -c "
import os, time
fd = os.open('$TRACEFS/instances/$INSTANCE/trace_marker', os.O_WRONLY)
os.write(fd, b'SX|B|quiet')
time.sleep(0.3)
os.write(fd, b'SX|E|quiet')
"
ftrace_finish "$TRACEFS/instances/$INSTANCE" "$lost/stats.txt" "$lost/v7.dat"
cleanup
trace-cmd convert --file-version 6 --compression none -i "$lost/v7.dat" -o "$lost/trace.dat" > /dev/null
trace-cmd convert --compression zstd -i "$lost/v7.dat" -o "$lost/compressed.dat" > /dev/null
head -c 4096 "$lost/compressed.dat" > "$lost/compressed-head.dat"
rm "$lost/v7.dat" "$lost/compressed.dat"
trace-cmd report -t -R "$lost/trace.dat" > "$lost/trace.txt"

for fixture in "$small" "$lost"; do
    echo "$fixture: $(grep -vc -e '^cpus=' -e 'EVENTS DROPPED' "$fixture/trace.txt") events"
done
