#!/usr/bin/env bash
# SPDX-License-Identifier: EPL-2.0
#
# Tries to make Redis free a client while an io thread serves it (issue 20's races): one node with
#   --io-threads 2 --io-threads-do-reads yes
# under Sextant's tracer, 8 clients pipelining SETs that reconnect when killed (workloads/reconnecting-load.py:
# enough pending clients for Redis to hand reads and writes to its io thread), and meanwhile CLIENT KILL of those
# clients (CLIENT KILL TYPE normal SKIPME yes), ROUNDS times (default 10) as fast as redis-cli goes while the load
# lasts (SECONDS, default 1):
#
#   tools/capture/redis-kill.sh OUT_DIR [ROUNDS [SECONDS]]
#
# OUT_DIR/kills.log counts the rounds, the clients CLIENT KILL freed (its replies) and the load's reconnections. docs/redis-events.md
# has a run's counts and how they were checked.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
[ $# -ge 1 ] || { echo "usage: $0 OUT_DIR [ROUNDS [SECONDS]]" >&2; exit 2; }
OUT=$(realpath -m "$1")
ROUNDS=${2:-10}
SECONDS_OF_LOAD=${3:-1}
PORT=7231
redis-cli -p "$PORT" ping >/dev/null 2>&1 && { echo "error: port $PORT is in use" >&2; exit 2; }

work=$(mktemp -d)
cleanup() { redis-cli -p "$PORT" shutdown nosave >/dev/null 2>&1 || true; rm -rf "$work"; }
trap cleanup EXIT

"$ROOT/sextant" record --subbuf-size 65536 --out "$OUT" -- \
    redis-server --port "$PORT" --bind 127.0.0.1 --save '' --appendonly no --io-threads 2 --io-threads-do-reads yes \
    --logfile "$work/redis.log" &
recorder=$!
for _ in $(seq 100); do redis-cli -p "$PORT" ping >/dev/null 2>&1 && break; sleep 0.1; done

python3 "$ROOT/tools/capture/workloads/reconnecting-load.py" "127.0.0.1:$PORT" 8 "$SECONDS_OF_LOAD" > "$work/load.log" &
load=$!
sleep 0.5
kills=0
rounds=0
for _ in $(seq "$ROUNDS"); do
    kill -0 "$load" 2>/dev/null || break   # once the load is over there is no client left to kill
    rounds=$((rounds + 1))
    # every normal client but this one, from the main thread, while the io thread reads and writes for them
    killed=$(redis-cli -p "$PORT" client kill type normal skipme yes 2>/dev/null || true)
    kills=$((kills + ${killed:-0}))
done
wait "$load"
{ echo "rounds $rounds"; echo "killed $kills"; cat "$work/load.log"; } > "$OUT.kills.log"
redis-cli -p "$PORT" shutdown nosave >/dev/null 2>&1 || true
wait "$recorder"
mv "$OUT.kills.log" "$OUT/kills.log"
