#!/usr/bin/env bash
# SPDX-License-Identifier: EPL-2.0
#
# Records a kernel trace with perf tracepoints (scheduler + raw syscalls, system wide) and converts it to CTF,
# the form Trace Compass opens as an LTTng kernel trace with its perf layout.
#
#   tools/capture/perf-kernel.sh OUT_DIR [SECONDS] [-- COMMAND...]
#
# Records every CPU for SECONDS (default 1.5) while a workload runs: COMMAND if given (stopped with SIGTERM if
# it is still running after SECONDS), else workloads/rw-migrate.c (three threads passing a token through pipes
# on two CPUs: read/write syscalls, wake-ups and migrations, plus a /bin/true spawned 4 times a second).
# OUT_DIR/ctf is the trace; OUT_DIR/perf.data is kept for `perf script`.
#
# Events: sched:sched_{switch,wakeup,wakeup_new,migrate_task,process_fork,process_exec,process_exit} and
# raw_syscalls:sys_{enter,exit}: the names Trace Compass 6.2's PerfEventLayout expects (its syscall prefixes are
# raw_syscalls:sys_enter and raw_syscalls:sys_exit, not syscalls:sys_enter_*). Each selector is followed by
# --exclude-perf, which adds the filter `common_pid != <perf's pid>`, so perf's own work (writing perf.data)
# is not recorded; the workload, perf's child, is.
#
# Needs root (system-wide tracepoints) and a perf built with libbabeltrace for `perf data convert --to-ctf`
# (Debian 12's linux-perf is).
set -euo pipefail

usage() {
    echo "usage: $0 OUT_DIR [SECONDS] [-- COMMAND...]" >&2
    echo "  records sched + raw_syscalls tracepoints on all CPUs for SECONDS (default 1.5) and converts to OUT_DIR/ctf" >&2
    exit 2
}
die() { echo "error: $*" >&2; exit 1; }

[ $# -ge 1 ] || usage
case $1 in -h|--help) usage ;; esac
OUT=$1
shift
SECONDS_=1.5
if [ $# -gt 0 ] && [ "$1" != "--" ]; then
    [[ $1 =~ ^[0-9]+(\.[0-9]+)?$ ]] || usage
    SECONDS_=$1
    shift
fi
if [ $# -gt 0 ]; then
    [ "$1" = "--" ] && [ $# -ge 2 ] || usage
    shift
fi

HERE=$(cd "$(dirname "$0")" && pwd)
[ "$(id -u)" -eq 0 ] || die "system-wide tracepoints need root (run with sudo)"
command -v perf >/dev/null || die "perf not found (Debian: apt-get install linux-perf)"
# A fresh boot may not have tracefs mounted yet; perf needs it to resolve tracepoint names.
if [ ! -d /sys/kernel/tracing/events/sched ] && [ ! -d /sys/kernel/debug/tracing/events/sched ]; then
    mount -t tracefs nodev /sys/kernel/tracing 2>/dev/null || true
fi
[ -d /sys/kernel/tracing/events/sched ] || [ -d /sys/kernel/debug/tracing/events/sched ] \
    || die "no tracefs with sched events (mount -t tracefs nodev /sys/kernel/tracing failed)"
# perf lists --to-ctf in its help only when it was built with libbabeltrace; otherwise conversion prints
# "No conversion support compiled in".
convert_help=$(perf data convert --help 2>&1 || true)
[[ $convert_help == *--to-ctf* ]] \
    || die "this perf cannot convert to CTF: it was built without libbabeltrace (LIBBABELTRACE=1)"
[ -e "$OUT/ctf" ] && die "$OUT/ctf exists; choose a new OUT_DIR"
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)

if [ $# -gt 0 ]; then
    workload=("$@")
else
    command -v cc >/dev/null || die "cc not found to build the default workload (apt-get install gcc), or pass -- COMMAND"
    cc -O2 -pthread -o "$OUT/rw-migrate" "$HERE/workloads/rw-migrate.c"
    workload=("$OUT/rw-migrate" "$SECONDS_")
fi

events=()
for e in sched:sched_switch sched:sched_wakeup sched:sched_wakeup_new sched:sched_migrate_task \
         sched:sched_process_fork sched:sched_process_exec sched:sched_process_exit \
         raw_syscalls:sys_enter raw_syscalls:sys_exit; do
    events+=(-e "$e" --exclude-perf)
done

# perf's child runs the workload and ends after SECONDS (perf enables the events before it starts the child).
# 1024 pages per CPU of ring buffer, so that nothing is lost.
# Ends when the workload ends, or after SECONDS at the latest (the timer is stopped when the workload ends first).
driver='"$@" & pid=$!; sleep "$0" & timer=$!; wait -n "$pid" "$timer"; kill -TERM "$pid" "$timer" 2>/dev/null; wait "$pid" 2>/dev/null; true'
perf record -a -m 1024 "${events[@]}" -o "$OUT/perf.data" -- bash -c "$driver" "$SECONDS_" "${workload[@]}" \
    2> "$OUT/record.log" || { cat "$OUT/record.log" >&2; die "perf record failed"; }
if grep -qi 'lost' "$OUT/record.log"; then
    grep -i 'lost' "$OUT/record.log" >&2
    echo "warning: perf lost events; try a smaller workload or fewer SECONDS" >&2
fi
rm -f "$OUT/rw-migrate"

if ! perf data convert --to-ctf "$OUT/ctf" -i "$OUT/perf.data" > "$OUT/convert.log" 2>&1 \
        || [ ! -f "$OUT/ctf/metadata" ]; then
    cat "$OUT/convert.log" >&2
    die "perf could not convert $OUT/perf.data to CTF (perf built without libbabeltrace?)"
fi

echo "trace: $OUT/ctf"
echo "size: $(du -sb "$OUT/ctf" | cut -f1) bytes ($(du -sh "$OUT/ctf" | cut -f1)), streams: $(find "$OUT/ctf" -maxdepth 1 -name 'perf_stream_*' | wc -l)"
if command -v babeltrace2 >/dev/null; then
    echo "events: $(babeltrace2 "$OUT/ctf" | wc -l) (counted with babeltrace2)"
else
    echo "events: $(grep -o 'Converted and wrote [^)]*)' "$OUT/convert.log" || echo '?') (babeltrace2 not installed)"
fi
