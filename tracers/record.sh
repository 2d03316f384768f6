#!/usr/bin/env bash
# SPDX-License-Identifier: EPL-2.0
#
# ./sextant record [--kernel [--syscalls NAME,...]] [--subbuf-size BYTES] [--keep-all] --out DIR -- COMMAND...
# ./sextant record --ftrace [--events LIST] [--buffer-size KB] --out DIR -- COMMAND...    (tracers/ftrace-record.py)
#
# Runs COMMAND (and its children) under Sextant's transparent tracer (tracers/redis, LD_PRELOAD: redis events from
# a Redis node, http events from any other process) in an LTTng-UST session of its own, user space only (a
# session daemon is started with --no-kernel when none runs). Buffers are per process, so each process (each
# Redis node, each service) leaves a trace of its own under DIR/ust/pid; with
# --kernel, perf also records the scheduler and system calls of COMMAND and its children into DIR/kernel, converted
# to CTF; --syscalls keeps only the named system calls (say write,writev), which makes the trace much smaller. perf
# reads CLOCK_MONOTONIC, LTTng's clock, and its converted trace gets LTTng's offset from the epoch, so both line
# up exactly. Every process COMMAND starts (sleep, mkdir, redis-cli...) gets a trace; those of processes that are
# neither a Redis node (no redis:listen event) nor spoke HTTP (no http:message_begin) are removed, and said so,
# unless --keep-all.
# DIR then opens as one experiment:
#   ./sextant analyze --analysis redis DIR      or      ./sextant gui DIR
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${SEXTANT_HOME:-$ROOT/.sextant}/tracer

# --ftrace (before --): the ftrace recorder takes the rest of the command line (tracers/ftrace-record.py).
ftrace=false
in_command=false
ftrace_args=()
for argument in "$@"; do
    if ! $in_command && ! $ftrace && [ "$argument" = --ftrace ]; then
        ftrace=true
        continue
    fi
    [ "$argument" = -- ] && in_command=true
    ftrace_args+=("$argument")
done
if $ftrace; then
    exec python3 "$ROOT/tracers/ftrace-record.py" "${ftrace_args[@]}"
fi

usage() {
    echo "usage: ./sextant record [--kernel [--syscalls NAME,...]] [--subbuf-size BYTES] [--keep-all] --out DIR -- COMMAND..." >&2
    echo "       ./sextant record --ftrace [--events sched,+irq,+softirq] [--buffer-size KB] --out DIR -- COMMAND..." >&2
}
die() { echo "sextant: error: $*" >&2; exit 2; }

kernel=false
keep_all=false
syscalls=
out=
subbuf=262144
while [ $# -gt 0 ] && [ "$1" != "--" ]; do
    case $1 in
        --kernel) kernel=true; shift ;;
        --keep-all) keep_all=true; shift ;;
        --syscalls) [ $# -ge 2 ] || die "--syscalls needs system call names, say write,writev"; syscalls=$2; shift 2 ;;
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
[ -z "$syscalls" ] || $kernel || die "--syscalls only applies with --kernel"
if $kernel; then
    command -v perf >/dev/null || die "perf not found for --kernel (Debian: apt-get install linux-perf)"
fi
# The perf filter keeping the named system calls, by their x86_64 numbers (raw_syscalls report numbers only).
syscall_filter=
if [ -n "$syscalls" ]; then
    table=/usr/include/x86_64-linux-gnu/asm/unistd_64.h
    [ -r "$table" ] || die "$table not found to number system calls (Debian: apt-get install linux-libc-dev)"
    for name in ${syscalls//,/ }; do
        [[ $name =~ ^[a-z0-9_]+$ ]] || die "--syscalls: '$name' is not a system call name"
        number=$(sed -n "s/^#define __NR_$name \([0-9]*\)\$/\1/p" "$table")
        [ -n "$number" ] || die "--syscalls: '$name' is not an x86_64 system call"
        syscall_filter+="${syscall_filter:+ || }id == $number"
    done
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
lttng -q enable-event -u 'redis:*,http:*' -c redis
lttng -q add-context -u -t vpid -t vtid -t procname -c redis
lttng -q start

preload=$BUILD/libsextant-redis.so${LD_PRELOAD:+:$LD_PRELOAD}
# COMMAND may keep files of its own beside the traces (tools/capture/http-topology.sh keeps its load log there).
export SEXTANT_RECORD_DIR=$out
set +e
if $kernel; then
    # --exclude-perf after each selector: perf's own writes of perf.data are not recorded.
    filter=()
    [ -z "$syscall_filter" ] || filter=(--filter "$syscall_filter")
    perf record -q -k mono -o "$out/perf.data" \
        -e sched:sched_switch --exclude-perf -e sched:sched_wakeup --exclude-perf \
        -e raw_syscalls:sys_enter "${filter[@]}" --exclude-perf -e raw_syscalls:sys_exit "${filter[@]}" --exclude-perf \
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
    perf data convert --to-ctf "$out/kernel" --tod -i "$out/perf.data" >/dev/null 2>&1 || die "perf data convert failed on $out/perf.data"
    rm -f "$out/perf.data"
    # perf measured the epoch offset of CLOCK_MONOTONIC at its start, LTTng at its own: the two measures differ
    # by a microsecond or two. Both traces count the same clock, so give perf's LTTng's offset: then a traced call
    # and the system call it makes line up exactly.
    ust_metadata=$(find "$out/ust" -name metadata -print -quit 2>/dev/null)
    offset=$( [ -z "$ust_metadata" ] || grep -a -m1 -o '^[[:space:]]*offset = [0-9]*;' "$ust_metadata" | tr -dc '0-9')
    [ -z "$offset" ] || sed -i "/^clock {/,/^}/s/^\([[:space:]]*offset = \)[0-9]*;/\1$offset;/" "$out/kernel/metadata"
fi
# A node's trace begins with its listen (the tracer is loaded before Redis starts), a service's first message
# comes early too: babeltrace2 reads no further than the first.
is_used() {
    local found
    found=$(babeltrace2 "$1" 2>/dev/null | grep -m1 -c -E 'redis:listen:|http:message_begin:' || true)
    [ "$found" = 1 ]
}
if ! $keep_all && [ -d "$out/ust/pid" ]; then
    if command -v babeltrace2 >/dev/null; then
        kept=0
        dropped=()
        for trace in "$out"/ust/pid/*/; do
            if is_used "$trace"; then
                kept=$((kept + 1))
            else
                name=$(basename "$trace")
                dropped+=("${name%%-[0-9]*-[0-9]*-[0-9]*}")   # the process name, without -pid-date-time
                rm -rf "$trace"
            fi
        done
        if [ ${#dropped[@]} -gt 0 ]; then
            summary=$(printf '%s\n' "${dropped[@]}" | sort | uniq -c | awk '{printf "%s%d %s", sep, $1, $2; sep=", "}')
            echo "[sextant] kept the traces of $kept Redis node(s) and HTTP process(es); dropped ${#dropped[@]} of processes that did neither ($summary); --keep-all keeps them" >&2
        fi
    else
        echo "[sextant] babeltrace2 not found: the traces of every process are kept (Debian: apt-get install babeltrace2)" >&2
    fi
fi
echo "[sextant] traces in $out (COMMAND exited with $status); open them with: ./sextant analyze --analysis redis $out" >&2
exit "$status"
