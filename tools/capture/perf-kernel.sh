#!/usr/bin/env bash
# SPDX-License-Identifier: EPL-2.0
#
# Records a kernel trace with perf tracepoints (scheduler + raw syscalls, system wide) and converts it to CTF,
# the form Trace Compass opens as an LTTng kernel trace with its perf layout.
#
#   tools/capture/perf-kernel.sh OUT_DIR [-- COMMAND...]
#
# Without COMMAND it records a small workload that keeps both CPUs busy with reads, writes and migrations.
# OUT_DIR/ctf is the trace; OUT_DIR/perf.data is kept for perf script. Needs root (or a permissive
# kernel.perf_event_paranoid) and perf built with CTF conversion (Debian's linux-perf is).
set -euo pipefail

usage() { echo "usage: $0 OUT_DIR [-- COMMAND...]" >&2; exit 2; }
[ $# -ge 1 ] || usage
OUT=$1
shift
if [ $# -gt 0 ]; then
    [ "$1" = "--" ] || usage
    shift
fi

command -v perf >/dev/null || { echo "error: perf not found (Debian: apt-get install linux-perf)" >&2; exit 2; }
[ -e "$OUT/ctf" ] && { echo "error: $OUT/ctf exists; choose a new OUT_DIR" >&2; exit 2; }
mkdir -p "$OUT"

workload() {
    # Two pipelines, each a writer and a reader: syscalls on both CPUs and threads that migrate between them.
    for i in 1 2; do
        (dd if=/dev/zero bs=16k count=800 status=none | gzip -1 | wc -c >/dev/null) &
    done
    wait
}

# Each tracepoint selector is followed by --exclude-perf, so perf's own syscalls (writing the data file) stay out.
events=()
for e in sched:sched_switch sched:sched_wakeup sched:sched_wakeup_new sched:sched_migrate_task \
         sched:sched_process_fork sched:sched_process_exec sched:sched_process_exit \
         raw_syscalls:sys_enter raw_syscalls:sys_exit; do
    events+=(-e "$e" --exclude-perf)
done

if [ $# -gt 0 ]; then
    perf record -q -a "${events[@]}" -o "$OUT/perf.data" -- "$@"
else
    export -f workload
    perf record -q -a "${events[@]}" -o "$OUT/perf.data" -- bash -c workload
fi
perf data convert --to-ctf "$OUT/ctf" -i "$OUT/perf.data" 2>&1 | grep -v '^\[ perf data convert' || true
[ -f "$OUT/ctf/metadata" ] || { echo "error: perf could not convert $OUT/perf.data to CTF (perf built without libbabeltrace?)" >&2; exit 1; }

echo "trace: $OUT/ctf ($(du -sh "$OUT/ctf" | cut -f1))"
if command -v babeltrace2 >/dev/null; then
    echo "events: $(babeltrace2 "$OUT/ctf" | wc -l)"
fi
