#!/usr/bin/env bash
# SPDX-License-Identifier: EPL-2.0
#
# Records one Redis node under Sextant's tracer while redis-benchmark runs a bounded load against it:
#
#   tools/capture/redis-single.sh OUT_DIR [REQUESTS [CLIENTS]] [-- REDIS_SERVER_OPTION...]
#
# REQUESTS (default 200) SETs then as many GETs from CLIENTS (default 2) clients; the node listens on
# 127.0.0.1:7210. With io-threads, Redis hands reads and writes to its threads only when enough clients are
# pending: for example 200 50 -- --io-threads 4 --io-threads-do-reads yes.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
[ $# -ge 1 ] || { echo "usage: $0 OUT_DIR [REQUESTS [CLIENTS]] [-- REDIS_SERVER_OPTION...]" >&2; exit 2; }
OUT=$1
shift
REQUESTS=200
CLIENTS=2
[ $# -ge 1 ] && [ "$1" != "--" ] && { REQUESTS=$1; shift; }
[ $# -ge 1 ] && [ "$1" != "--" ] && { CLIENTS=$1; shift; }
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
redis-benchmark -p "$PORT" -q -t set,get -n "$REQUESTS" -c "$CLIENTS" >&2
redis-cli -p "$PORT" shutdown nosave >/dev/null 2>&1 || true
wait "$recorder"
