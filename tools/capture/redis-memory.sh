#!/usr/bin/env bash
# SPDX-License-Identifier: EPL-2.0
#
# Records one Redis node under Sextant's tracer while tools/capture/redis-memory.py samples `CLIENT LIST` at known
# instants (a command sent in parts, then redis-benchmark's every test) and Redis counts every command it runs:
#
#   tools/capture/redis-memory.sh OUT_DIR [REQUESTS [REDIS_ARG...]]
#
# REQUESTS (default 20) per redis-benchmark test, from 4 clients, on 127.0.0.1:7212; REDIS_ARGs go to redis-server
# (say, --io-threads 2 --io-threads-do-reads yes). OUT_DIR gets the recording
# (ust/), client-list.log (each sample's CLIENT LIST) and commandstats.txt (INFO commandstats at the end, before the
# SHUTDOWN: Redis's own count of the commands it ran, the INFO itself not yet counted).
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
. "$ROOT/tools/capture/redis-cluster-lib.sh"
[ $# -ge 1 ] || { echo "usage: $0 OUT_DIR [REQUESTS [REDIS_ARG...]]" >&2; exit 2; }
OUT=$(realpath -m "$1")
REQUESTS=${2:-20}
shift $(($# >= 2 ? 2 : 1))
PORT=7212
command -v redis-benchmark >/dev/null || { echo "error: redis-benchmark not found (Debian: apt-get install redis-tools)" >&2; exit 2; }

"$ROOT/sextant" record --subbuf-size 262144 --out "$OUT" -- \
    redis-server --port "$PORT" --bind 127.0.0.1 --save '' --appendonly no "$@" &
recorder=$!
wait_for "the Redis node on port $PORT" redis-cli -p "$PORT" ping
python3 "$ROOT/tools/capture/redis-memory.py" "$PORT" "$OUT.client-list.log" "$REQUESTS" >&2
redis-cli -p "$PORT" info commandstats | tr -d '\r' > "$OUT.commandstats.txt"
redis-cli -p "$PORT" shutdown nosave >/dev/null 2>&1 || true
wait "$recorder"
mv "$OUT.client-list.log" "$OUT/client-list.log"
mv "$OUT.commandstats.txt" "$OUT/commandstats.txt"
