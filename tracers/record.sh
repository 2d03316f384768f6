#!/usr/bin/env bash
# SPDX-License-Identifier: EPL-2.0
#
# ./sextant record [--kernel] --out DIR -- COMMAND...
#
# Runs COMMAND (and its children) under Sextant's transparent Redis tracer (tracers/redis, LD_PRELOAD) in an
# LTTng-UST session of its own, user space only (a session daemon is started with --no-kernel when none runs).
# Buffers are per process, so each Redis process (each node) leaves a trace of its own under DIR/ust/pid; with
# --kernel, perf also records the scheduler and system calls of COMMAND and its children (CLOCK_MONOTONIC,
# LTTng's clock) into DIR/kernel, converted to CTF. DIR then opens as one experiment:
#   ./sextant analyze --analysis redis DIR      or      ./sextant gui DIR
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${SEXTANT_HOME:-$ROOT/.sextant}/tracer

usage() { echo "usage: ./sextant record [--kernel] [--subbuf-size BYTES] --out DIR -- COMMAND..." >&2; }
die() { echo "sextant: error: $*" >&2; exit 2; }

kernel=false
out=
subbuf=262144
while [ $# -gt 0 ] && [ "$1" != "--" ]; do
    case $1 in
        --kernel) kernel=true; shift ;;
        --out) [ $# -ge 2 ] || die "--out needs a directory"; out=$2; shift 2 ;;
        --subbuf-size) [ $# -ge 2 ] || die "--subbuf-size needs a size in bytes"; subbuf=$2; shift 2 ;;
        -h | --help) usage; exit 0 ;;
        *) usage; die "unknown option '$1'" ;;
    esac
done
[ -n "$out" ] || { usage; die "--out DIR is required"; }
[ "${1:-}" = "--" ] && [ $# -ge 2 ] || { usage; die "no COMMAND to run (put it after --)"; }
shift
[ -e "$out" ] && die "$out exists; choose a new directory"
command -v lttng >/dev/null || die "lttng not found (Debian: apt-get install lttng-tools liblttng-ust-dev)"
command -v cc >/dev/null || die "cc not found to build the tracer (Debian: apt-get install gcc)"
echo "#include <lttng/tracepoint.h>" | cc -E - >/dev/null 2>&1 || die "LTTng-UST headers not found (Debian: apt-get install liblttng-ust-dev)"
if $kernel; then
    command -v perf >/dev/null || die "perf not found for --kernel (Debian: apt-get install linux-perf)"
fi

make -s -C "$ROOT/tracers/redis" O="$BUILD" >/dev/null || die "the tracer did not build (see above)"
out=$(realpath -m "$out")
mkdir -p "$out"

if ! lttng list >/dev/null 2>&1; then
    lttng-sessiond --no-kernel --daemonize || die "the LTTng session daemon did not start"
fi
session=sextant-record-$$
lttng -q create "$session" --output="$out" || die "could not create the LTTng session"
cleanup() { lttng -q destroy "$session" >/dev/null 2>&1 || true; }
trap cleanup EXIT
lttng -q enable-channel -u --buffers-pid --subbuf-size "$subbuf" --num-subbuf 8 redis
lttng -q enable-event -u 'redis:*' -c redis
lttng -q add-context -u -t vpid -t vtid -t procname -c redis
lttng -q start

preload=$BUILD/libsextant-redis.so${LD_PRELOAD:+:$LD_PRELOAD}
set +e
if $kernel; then
    # --exclude-perf after each selector: perf's own writes of perf.data are not recorded.
    perf record -q -k mono -o "$out/perf.data" \
        -e sched:sched_switch --exclude-perf -e sched:sched_wakeup --exclude-perf \
        -e raw_syscalls:sys_enter --exclude-perf -e raw_syscalls:sys_exit --exclude-perf \
        -- env LD_PRELOAD="$preload" "$@"
    status=$?
else
    LD_PRELOAD=$preload "$@"
    status=$?
fi
set -e
lttng -q stop
lttng -q destroy "$session"
trap - EXIT
if $kernel; then
    perf data convert --to-ctf "$out/kernel" -i "$out/perf.data" >/dev/null 2>&1 || die "perf data convert failed on $out/perf.data"
    rm -f "$out/perf.data"
fi
echo "[sextant] traces in $out (COMMAND exited with $status); open them with: ./sextant analyze --analysis redis $out" >&2
exit "$status"
