#!/usr/bin/env bash
# SPDX-License-Identifier: EPL-2.0
#
# Records a Redis Cluster (3 nodes, or REDIS_NODES) on loopback under Sextant's tracer while redis-benchmark loads it
# for a while: a large recording for `sextant bench --analysis redis` and tools/bench-first-view.sh
# (docs/performance.md), not a fixture.
#
#   [REDIS_NODES=N] tools/capture/redis-cluster-bench.sh OUT_DIR [SECONDS] [SUBBUF_BYTES] [-- REDIS-BENCHMARK OPTIONS...]
#
# Nodes listen on 127.0.0.1:7161 and up (7161-7163 for 3; bus on port+10000), no replicas. redis-benchmark --cluster runs SET and GET
# with 20 clients (or the options given) and is stopped after SECONDS (default 20). LTTng's sub-buffers are
# SUBBUF_BYTES (default 4 MiB, 8 per CPU and process) so that the tracer keeps up; babeltrace2's warnings about
# discarded events, if any, go to OUT_DIR/discarded.txt.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
. "$ROOT/tools/capture/redis-cluster-lib.sh"
[ $# -ge 1 ] || { echo "usage: $0 OUT_DIR [SECONDS] [SUBBUF_BYTES] [-- REDIS-BENCHMARK OPTIONS...]" >&2; exit 2; }
OUT=$(realpath -m "$1")
SECONDS_OF_LOAD=${2:-20}
SUBBUF=${3:-4194304}
shift $(( $# < 3 ? $# : 3 ))
[ "${1:-}" = -- ] && shift
LOAD=("$@")
[ ${#LOAD[@]} -gt 0 ] || LOAD=(-c 20 -t set,get)
NODES=${REDIS_NODES:-3}
[[ $NODES =~ ^[0-9]+$ ]] && [ "$NODES" -ge 3 ] || { echo "error: REDIS_NODES must be 3 or more (Redis Cluster's minimum), not $NODES" >&2; exit 2; }
PORTS=()
for ((i = 0; i < NODES; i++)); do PORTS+=($((7161 + i))); done
command -v redis-benchmark >/dev/null || { echo "error: redis-benchmark not found (Debian: apt-get install redis-tools)" >&2; exit 2; }
for port in "${PORTS[@]}"; do
    redis-cli -p "$port" ping >/dev/null 2>&1 && { echo "error: port $port is in use" >&2; exit 2; }
done

# Each node waits for LTTng to register it before it starts: on a loaded machine registration can take longer
# than lttng-ust's default 3 s, and a node registered late has no trace of its listening socket (record drops it).
export LTTNG_UST_REGISTER_TIMEOUT=-1

work=$(mktemp -d)
cleanup() {
    for port in "${PORTS[@]}"; do redis-cli -p "$port" shutdown nosave >/dev/null 2>&1 || true; done
    rm -rf "$work"
}
trap cleanup EXIT
nodes=""
for port in "${PORTS[@]}"; do
    mkdir -p "$work/$port"
    nodes+="redis-server --port $port --bind 127.0.0.1 --dir $work/$port --cluster-enabled yes"
    nodes+=" --cluster-config-file nodes.conf --cluster-node-timeout 5000 --save '' --appendonly no --logfile $work/$port.log & "
done
"$ROOT/sextant" record --subbuf-size "$SUBBUF" --out "$OUT" -- bash -c "${nodes}wait" &
recorder=$!

create_cluster "${PORTS[@]}"
sleep 1
timeout "$SECONDS_OF_LOAD" redis-benchmark -p "${PORTS[0]}" --cluster -n 1000000000 -q "${LOAD[@]}" > "$OUT.load.txt" 2>&1 || true
for port in "${PORTS[@]}"; do redis-cli -p "$port" shutdown nosave >/dev/null 2>&1 || true; done
wait "$recorder"
mv "$OUT.load.txt" "$OUT/load.txt"
babeltrace2 "$OUT" 2>&1 >/dev/null | grep -i discarded > "$OUT/discarded.txt" || true
du -sh "$OUT"
