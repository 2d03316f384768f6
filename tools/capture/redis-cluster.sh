#!/usr/bin/env bash
# SPDX-License-Identifier: EPL-2.0
#
# Records a 3-node Redis Cluster on loopback under Sextant's tracer, and perf (scheduler, write and writev), while
# clients publish on a channel, the use case of Kabamba et al.: a PUBLISH is broadcast on the cluster bus to every node.
#
#   tools/capture/redis-cluster.sh OUT_DIR [PUBLISHES]
#
# Nodes listen on 127.0.0.1:7101-7103 (bus on port+10000), no replicas. One subscriber per node listens on channel
# "news"; PUBLISHES (default 100) messages of 64 bytes are published on 7101, pipelined in four bursts.
# Each node's CLUSTER INFO is saved just before and just after the load as OUT_DIR/cluster-info/<port>-before.txt
# and -after.txt: the bus messages a node sends between those two CLUSTER commands are what its counters moved by.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
. "$ROOT/tools/capture/redis-cluster-lib.sh"
[ $# -ge 1 ] || { echo "usage: $0 OUT_DIR [PUBLISHES]" >&2; exit 2; }
OUT=$(realpath -m "$1")
PUBLISHES=${2:-100}
PORTS=(7101 7102 7103)
command -v redis-cli >/dev/null || { echo "error: redis-cli not found (Debian: apt-get install redis-tools)" >&2; exit 2; }
for port in "${PORTS[@]}" $((PORTS[0] + 10000)); do
    redis-cli -p "$port" ping >/dev/null 2>&1 && { echo "error: port $port is in use" >&2; exit 2; }
done

work=$(mktemp -d)
subscribers=()
cleanup() {
    for port in "${PORTS[@]}"; do redis-cli -p "$port" shutdown nosave >/dev/null 2>&1 || true; done
    for pid in "${subscribers[@]}"; do kill "$pid" 2>/dev/null || true; done
    rm -rf "$work"
}
trap cleanup EXIT

# One command for `record`: the three nodes as children of one shell, each with its own directory.
nodes=""
for port in "${PORTS[@]}"; do
    mkdir -p "$work/$port"
    nodes+="redis-server --port $port --bind 127.0.0.1 --dir $work/$port --cluster-enabled yes"
    nodes+=" --cluster-config-file nodes.conf --cluster-node-timeout 5000 --save '' --appendonly no & "
done
"$ROOT/sextant" record --kernel --syscalls write,writev --subbuf-size 65536 --out "$OUT" -- bash -c "${nodes}wait" &
recorder=$!

create_cluster "${PORTS[@]}"
# Let the gossip settle (every node knows every other), then subscribe one client per node.
sleep 2
for port in "${PORTS[@]}"; do
    redis-cli -p "$port" subscribe news >/dev/null &
    subscribers+=($!)
done
sleep 0.5

mkdir -p "$OUT/cluster-info"
for port in "${PORTS[@]}"; do redis-cli -p "$port" cluster info | tr -d '\r' > "$OUT/cluster-info/$port-before.txt"; done
# Four bursts a third of a second apart, so the nodes' gossip (PING, PONG) interleaves with the broadcasts.
payload=$(printf '%064d' 0)
for burst in 1 2 3 4; do
    for _ in $(seq $((PUBLISHES / 4))); do echo "PUBLISH news $payload"; done | redis-cli -p "${PORTS[0]}" >/dev/null
    sleep 0.3
done
for port in "${PORTS[@]}"; do redis-cli -p "$port" cluster info | tr -d '\r' > "$OUT/cluster-info/$port-after.txt"; done

for pid in "${subscribers[@]}"; do kill "$pid" 2>/dev/null || true; done
for port in "${PORTS[@]}"; do redis-cli -p "$port" shutdown nosave >/dev/null 2>&1 || true; done
wait "$recorder"
