#!/usr/bin/env bash
# SPDX-License-Identifier: EPL-2.0
#
# What one event of Sextant's Redis tracer costs in time, and its LTTng contexts' share: a program named as a
# Redis node (tools/redis-event-cost/evbench.c) calls epoll_wait CALLS times, which the preloaded tracer wraps with
# two events (before_sleep, after_sleep) while a session records, run five ways in each of ROUNDS rounds:
#   plain        no tracer
#   loaded       the tracer preloaded, no session recording
#   contexts     recording with ./sextant record's contexts (vpid, vtid, procname)
#   vtid         recording with the vtid context alone
#   none         recording with no context
# Prints nanoseconds per call for each; an event costs half of a recording way's excess over loaded.
#
#   tools/bench-redis-events.sh [ROUNDS] [CALLS]
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
ROUNDS=${1:-2}
CALLS=${2:-2000000}
TRACER=${SEXTANT_HOME:-$ROOT/.sextant}/tracer
command -v lttng >/dev/null || { echo "error: lttng not found (Debian: apt-get install lttng-tools liblttng-ust-dev)" >&2; exit 2; }
make -s -C "$ROOT/tracers/redis" O="$TRACER" >/dev/null
work=$(mktemp -d)
session=sextant-events-$$
trap 'lttng -q destroy "$session" >/dev/null 2>&1 || true; rm -rf "$work"' EXIT
cc -O2 -o "$work/redis-server-evbench" "$ROOT/tools/redis-event-cost/evbench.c"
lttng list >/dev/null 2>&1 || lttng-sessiond --no-kernel --daemonize

# recording CONTEXT...: ns per call under a session like ./sextant record's with those contexts
recording() {
    lttng -q create "$session" --output="$work/trace"
    lttng -q enable-channel -u --buffers-pid --subbuf-size 262144 --num-subbuf 8 redis
    lttng -q enable-event -u 'redis:*' -c redis
    [ $# -eq 0 ] || lttng -q add-context -u "$@" -c redis
    lttng -q start
    LD_PRELOAD=$TRACER/libsextant-redis.so "$work/redis-server-evbench" "$CALLS"
    lttng -q destroy "$session"
    rm -rf "$work/trace"
}

echo "round  plain  loaded  contexts  vtid  none   (ns per epoll_wait; recording ways: two events each)"
for round in $(seq "$ROUNDS"); do
    printf '%5d %6s %7s %9s %5s %5s\n' "$round" "$("$work/redis-server-evbench" "$CALLS")" \
        "$(LD_PRELOAD=$TRACER/libsextant-redis.so "$work/redis-server-evbench" "$CALLS")" \
        "$(recording -t vpid -t vtid -t procname)" "$(recording -t vtid)" "$(recording)"
done
