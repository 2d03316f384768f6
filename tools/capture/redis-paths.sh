#!/usr/bin/env bash
# SPDX-License-Identifier: EPL-2.0
#
# Records the paths of requests across a Redis Cluster (issue 20): redirections, and a replica's stream.
#
#   tools/capture/redis-paths.sh OUT_DIR [KEYS]
#
# Three primaries on 127.0.0.1:7121-7123 (bus on port+10000) and a replica of 7121 on 7124, each an unmodified
# redis-server under Sextant's tracer, started by one shell (its helpers' traces are dropped by record). A client
# without cluster support (workloads/naive-cluster-client.py) SETs KEYS (default 30) keys on 7121 and retries
# each MOVED on the node named: its log is OUT_DIR/client.log. 7121's INFO replication just before and just after
# the load is saved as OUT_DIR/replication/before.txt and after.txt: the replica's stream in that window is the
# offsets' advance.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
. "$ROOT/tools/capture/redis-cluster-lib.sh"
[ $# -ge 1 ] || { echo "usage: $0 OUT_DIR [KEYS]" >&2; exit 2; }
OUT=$(realpath -m "$1")
KEYS=${2:-30}
PRIMARIES=(7121 7122 7123)
REPLICA=7124
command -v redis-cli >/dev/null || { echo "error: redis-cli not found (Debian: apt-get install redis-tools)" >&2; exit 2; }
for port in "${PRIMARIES[@]}" $REPLICA; do
    redis-cli -p "$port" ping >/dev/null 2>&1 && { echo "error: port $port is in use" >&2; exit 2; }
done

work=$(mktemp -d)
cleanup() {
    for port in "${PRIMARIES[@]}" $REPLICA; do redis-cli -p "$port" shutdown nosave >/dev/null 2>&1 || true; done
    rm -rf "$work"
}
trap cleanup EXIT

nodes=""
for port in "${PRIMARIES[@]}" $REPLICA; do
    nodes+="mkdir -p $work/$port; redis-server --port $port --bind 127.0.0.1 --dir $work/$port --cluster-enabled yes"
    nodes+=" --cluster-config-file nodes.conf --cluster-node-timeout 5000 --save '' --appendonly no --repl-diskless-sync-delay 0 --logfile $work/$port.log & "
done
"$ROOT/sextant" record --subbuf-size 65536 --out "$OUT" -- bash -c "${nodes}wait" &
recorder=$!

wait_for "node $REPLICA" redis-cli -p $REPLICA ping
create_cluster "${PRIMARIES[@]}"
primary_id=$(redis-cli -p "${PRIMARIES[0]}" cluster myid)
redis-cli -p $REPLICA cluster meet 127.0.0.1 "${PRIMARIES[0]}" >/dev/null
wait_for "the replica to meet the cluster" sh -c "redis-cli -p $REPLICA cluster nodes | grep -q $primary_id"
redis-cli -p $REPLICA cluster replicate "$primary_id" >/dev/null
synced() { redis-cli -p $REPLICA info replication | grep -q '^master_link_status:up'; }
wait_for "the replica to sync" synced
wait_for "the cluster to be ok" cluster_ok "${PRIMARIES[@]}" $REPLICA
sleep 1   # the replica's full sync done and acknowledged: the window holds the stream only

mkdir -p "$OUT/replication"
redis-cli -p "${PRIMARIES[0]}" info replication | tr -d '\r' > "$OUT/replication/before.txt"
python3 "$ROOT/tools/capture/workloads/naive-cluster-client.py" "127.0.0.1:${PRIMARIES[0]}" "$KEYS" "$OUT/client.log"
sleep 0.5   # the last SETs propagated to the replica
redis-cli -p "${PRIMARIES[0]}" info replication | tr -d '\r' > "$OUT/replication/after.txt"

for port in "${PRIMARIES[@]}" $REPLICA; do redis-cli -p "$port" shutdown nosave >/dev/null 2>&1 || true; done
wait "$recorder"
