#!/usr/bin/env bash
# SPDX-License-Identifier: EPL-2.0
#
# Records what a trace with missing information looks like: the tracer is loaded into a Redis node from its
# start, but the LTTng session only starts while redis-benchmark is halfway through its load, and stops before
# the load ends; its buffers are so small (2 sub-buffers of 4 KiB) that LTTng discards events.
#
#   tools/capture/redis-partial.sh OUT_DIR [REQUESTS]
#
# REQUESTS (default 200000) PINGs from 20 clients, on 127.0.0.1:7211; the session records from a quarter of a
# second into the load for 30 ms (plus the time lttng takes to start and stop).
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
[ $# -ge 1 ] || { echo "usage: $0 OUT_DIR [REQUESTS]" >&2; exit 2; }
OUT=$(realpath -m "$1")
REQUESTS=${2:-200000}
PORT=7211
TRACER=${SEXTANT_HOME:-$ROOT/.sextant}/tracer
[ -e "$OUT" ] && { echo "error: $OUT exists" >&2; exit 2; }
make -s -C "$ROOT/tracers/redis" O="$TRACER" >/dev/null
lttng list >/dev/null 2>&1 || lttng-sessiond --no-kernel --daemonize

session=sextant-partial-$$
lttng -q create "$session" --output="$OUT"
trap 'lttng -q destroy "$session" >/dev/null 2>&1 || true; redis-cli -p "$PORT" shutdown nosave >/dev/null 2>&1 || true' EXIT
lttng -q enable-channel -u --buffers-pid --subbuf-size 4096 --num-subbuf 2 redis
lttng -q enable-event -u 'redis:*' -c redis
lttng -q add-context -u -t vpid -t vtid -t procname -c redis

LD_PRELOAD=$TRACER/libsextant-redis.so redis-server --port "$PORT" --bind 127.0.0.1 --save '' --appendonly no >/dev/null &
server=$!
for _ in $(seq 100); do redis-cli -p "$PORT" ping >/dev/null 2>&1 && break; sleep 0.1; done
redis-benchmark -p "$PORT" -q -t ping_mbulk -n "$REQUESTS" -c 20 >/dev/null &
benchmark=$!
sleep 0.25
lttng -q start
sleep 0.03
lttng -q stop
wait "$benchmark"
redis-cli -p "$PORT" shutdown nosave >/dev/null 2>&1 || true
wait "$server" || true
lttng -q destroy "$session"
trap - EXIT
