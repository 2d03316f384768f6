#!/usr/bin/env bash
# SPDX-License-Identifier: EPL-2.0
#
# Records one Redis node under Sextant's tracer while redis-benchmark runs a bounded load against it:
#
#   tools/capture/redis-single.sh OUT_DIR [REQUESTS] [-- REDIS_SERVER_OPTION...]
#
# REQUESTS (default 200) SETs then as many GETs from 2 clients; the node listens on 127.0.0.1:7210.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
[ $# -ge 1 ] || { echo "usage: $0 OUT_DIR [REQUESTS] [-- REDIS_SERVER_OPTION...]" >&2; exit 2; }
OUT=$1
REQUESTS=${2:-200}
shift $(( $# >= 2 ? 2 : 1 ))
[ "${1:-}" = "--" ] && shift
PORT=7210
command -v redis-benchmark >/dev/null || { echo "error: redis-benchmark not found (Debian: apt-get install redis-tools)" >&2; exit 2; }

"$ROOT/sextant" record --subbuf-size 65536 --out "$OUT" -- \
    redis-server --port "$PORT" --bind 127.0.0.1 --save '' --appendonly no "$@" &
recorder=$!
for _ in $(seq 100); do
    redis-cli -p "$PORT" ping >/dev/null 2>&1 && break
    sleep 0.1
done
redis-benchmark -p "$PORT" -q -t set,get -n "$REQUESTS" -c 2 >&2
redis-cli -p "$PORT" shutdown nosave >/dev/null 2>&1 || true
wait "$recorder"
