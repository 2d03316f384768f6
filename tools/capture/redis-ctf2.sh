#!/usr/bin/env bash
# SPDX-License-Identifier: EPL-2.0
#
# Records one Redis node under Sextant's tracer with LTTng 2.14, in CTF 2 and in CTF 1.8 in the same run
# (tools/capture/lttng-2.14-ctf2.sh), while redis-benchmark runs a bounded load, and keeps Redis's own counters:
#
#   tools/capture/redis-ctf2.sh OUT_DIR [REQUESTS [CLIENTS]]
#
# The tracer (tracers/redis) is built against LTTng 2.14's headers and libraries into a directory of its own
# (the default build, which `./sextant record` uses, stays Debian's). REQUESTS (default 200) SETs then as many
# GETs from CLIENTS (default 2) clients, on 127.0.0.1:7213; OUT_DIR/ctf-2/redis-info.txt holds INFO commandstats and
# INFO stats taken after the load (redis-cli's INFO and SHUTDOWN are traced too). OUT_DIR/ctf-2 and
# OUT_DIR/ctf-1.8 each open as a recording: ./sextant analyze --analysis redis OUT_DIR/ctf-2
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
. "$ROOT/tools/capture/redis-cluster-lib.sh"
LTTNG_PREFIX=${LTTNG_PREFIX:-/opt/lttng-2.14}
[ $# -ge 1 ] || { echo "usage: $0 OUT_DIR [REQUESTS [CLIENTS]]" >&2; exit 2; }
OUT=$(realpath -m "$1")
REQUESTS=${2:-200}
CLIENTS=${3:-2}
PORT=7213
command -v redis-benchmark >/dev/null || { echo "error: redis-benchmark not found (Debian: apt-get install redis-tools)" >&2; exit 2; }

tracer=$(mktemp -d /tmp/sextant-tracer-2.14.XXXXXX)
trap 'rm -rf "$tracer"' EXIT
make -s -C "$ROOT/tracers/redis" O="$tracer" \
    CFLAGS="-O2 -I$LTTNG_PREFIX/include -L$LTTNG_PREFIX/lib -Wl,-rpath,$LTTNG_PREFIX/lib" >/dev/null

"$ROOT/tools/capture/lttng-2.14-ctf2.sh" --events 'redis:*,http:*' --preload "$tracer/libsextant-redis.so" --subbuf-size 65536 "$OUT" -- \
    redis-server --port "$PORT" --bind 127.0.0.1 --save '' --appendonly no &
recorder=$!
WAIT_SECONDS=30 wait_for "the Redis node on port $PORT" redis-cli -p "$PORT" ping
redis-benchmark -p "$PORT" -q -t set,get -n "$REQUESTS" -c "$CLIENTS" >&2
info=$(redis-cli -p "$PORT" info commandstats; redis-cli -p "$PORT" info stats)
redis-cli -p "$PORT" shutdown nosave >/dev/null 2>&1 || true
wait "$recorder"
tr -d '\r' <<<"$info" >"$OUT/ctf-2/redis-info.txt"
