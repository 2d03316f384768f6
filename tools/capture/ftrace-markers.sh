#!/usr/bin/env bash
# SPDX-License-Identifier: EPL-2.0
#
# Records an ftrace text trace of a program that annotates its phases through trace_marker, in a private ftrace
# instance (so the system's own tracing is left alone), with sched_switch for context.
#
#   tools/capture/ftrace-markers.sh OUT_FILE [-- COMMAND...]
#
# Without COMMAND it runs workloads/annotated-workers.sh (two workers, begin/end markers around 3 steps each).
# COMMAND finds the instance's marker file in $SEXTANT_TRACE_MARKER; each line written there becomes a
# tracing_mark_write event on the CPU that wrote it. Needs root and tracefs (/sys/kernel/tracing).
set -euo pipefail

usage() { echo "usage: $0 OUT_FILE [-- COMMAND...]" >&2; exit 2; }
[ $# -eq 1 ] || { [ $# -ge 3 ] && [ "$2" = "--" ]; } || usage
OUT=$1
shift
[ $# -gt 0 ] && shift
[ $# -gt 0 ] || set -- "$(cd "$(dirname "$0")" && pwd)/workloads/annotated-workers.sh"
[ "$(id -u)" -eq 0 ] || { echo "error: ftrace instances need root" >&2; exit 2; }

TRACEFS=/sys/kernel/tracing
[ -d "$TRACEFS/instances" ] || { echo "error: no tracefs at $TRACEFS (mount -t tracefs nodev $TRACEFS)" >&2; exit 2; }
INSTANCE=$TRACEFS/instances/sextant-$$
mkdir "$INSTANCE" || { echo "error: cannot create an ftrace instance (not root?)" >&2; exit 2; }
trap 'echo 0 > "$INSTANCE/tracing_on" 2>/dev/null; rmdir "$INSTANCE" 2>/dev/null || true' EXIT

echo 8192 > "$INSTANCE/buffer_size_kb"
echo 1 > "$INSTANCE/events/sched/sched_switch/enable"
echo 1 > "$INSTANCE/tracing_on"
SEXTANT_TRACE_MARKER=$INSTANCE/trace_marker "$@"
echo 0 > "$INSTANCE/tracing_on"
cat "$INSTANCE/trace" > "$OUT"
echo "trace: $OUT ($(grep -c 'tracing_mark_write' "$OUT") markers, $(grep -vc '^#' "$OUT") events)"
