#!/usr/bin/env bash
# SPDX-License-Identifier: EPL-2.0
#
# Records one Redis node with io threads handing its clients' reads and writes out (io-threads 2,
# io-threads-do-reads yes) under redis-benchmark, and keeps Redis's own counters beside the trace:
#
#   tools/capture/redis-io-stages.sh OUT_DIR [REQUESTS [CLIENTS [PIPELINE]]]
#
# REQUESTS (default 1000) SETs then as many GETs from CLIENTS (default 50) clients, each sending PIPELINE (default 1)
# requests at a time, on 127.0.0.1:7212; Redis hands
# reads and writes to its io thread only while enough clients are pending, hence the many clients. OUT_DIR/redis-info.txt
# then holds INFO commandstats and INFO stats, taken after the load (redis-cli's INFO and SHUTDOWN are traced too).
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
[ $# -ge 1 ] || { echo "usage: $0 OUT_DIR [REQUESTS [CLIENTS [PIPELINE]]]" >&2; exit 2; }
OUT=$(realpath -m "$1")
REQUESTS=${2:-1000}
CLIENTS=${3:-50}
PIPELINE=${4:-1}
PORT=7212
command -v redis-benchmark >/dev/null || { echo "error: redis-benchmark not found (Debian: apt-get install redis-tools)" >&2; exit 2; }

"$ROOT/sextant" record --subbuf-size 262144 --out "$OUT" -- \
    redis-server --port "$PORT" --bind 127.0.0.1 --save '' --appendonly no --io-threads 2 --io-threads-do-reads yes &
recorder=$!
for _ in $(seq 100); do
    redis-cli -p "$PORT" ping >/dev/null 2>&1 && break
    sleep 0.1
done
redis-cli -p "$PORT" ping >/dev/null 2>&1 || { echo "error: the Redis node did not start on port $PORT" >&2; exit 1; }
redis-benchmark -p "$PORT" -q -t set,get -n "$REQUESTS" -c "$CLIENTS" -P "$PIPELINE" >&2
info=$(redis-cli -p "$PORT" info commandstats; redis-cli -p "$PORT" info stats)
redis-cli -p "$PORT" shutdown nosave >/dev/null 2>&1 || true
wait "$recorder"
tr -d '\r' <<<"$info" >"$OUT/redis-info.txt"
