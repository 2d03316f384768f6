#!/usr/bin/env bash
# SPDX-License-Identifier: EPL-2.0
#
# Records a 3-node Redis Cluster that speaks TLS only (tls-port, tls-cluster: clients and the bus encrypted) under
# Sextant's tracer, which sees the clear text where Redis hands it to OpenSSL (tracers/redis/tls.c):
#
#   tools/capture/redis-tls.sh OUT_DIR [REQUESTS]
#
# Nodes on 127.0.0.1:7151-7153 (bus on port+10000) with a certificate made here by openssl (a throw-away CA).
# The load: redis-benchmark --tls --cluster, REQUESTS (default 300) SETs and GETs from 4 clients; 20 PUBLISHes on
# 7151 (broadcast on the bus); redis-cli --tls without -c sending GETs of 6 keys to 7151 (some answered MOVED:
# rejected calls). Each node's CLUSTER INFO then INFO commandstats, just before and just after the load, are in
# OUT_DIR/cluster-info/<port>-before.txt, -after.txt and OUT_DIR/commandstats/<port>-before.txt, -after.txt.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
. "$ROOT/tools/capture/redis-cluster-lib.sh"
[ $# -ge 1 ] || { echo "usage: $0 OUT_DIR [REQUESTS]" >&2; exit 2; }
OUT=$(realpath -m "$1")
REQUESTS=${2:-300}
PORTS=(7151 7152 7153)
command -v openssl >/dev/null || { echo "error: openssl not found (Debian: apt-get install openssl)" >&2; exit 2; }
command -v redis-benchmark >/dev/null || { echo "error: redis-benchmark not found (Debian: apt-get install redis-tools)" >&2; exit 2; }

work=$(mktemp -d)
REDIS_CLI_OPTIONS=(--tls --cert "$work/redis.crt" --key "$work/redis.key" --cacert "$work/ca.crt")
cleanup() {
    for port in "${PORTS[@]}"; do redis_cli -p "$port" shutdown nosave >/dev/null 2>&1 || true; done
    rm -rf "$work"
}
trap cleanup EXIT
openssl req -x509 -newkey rsa:2048 -nodes -keyout "$work/ca.key" -out "$work/ca.crt" -days 1 -subj /CN=sextant-test-ca 2>/dev/null
openssl req -newkey rsa:2048 -nodes -keyout "$work/redis.key" -out "$work/redis.csr" -subj /CN=127.0.0.1 2>/dev/null
openssl x509 -req -in "$work/redis.csr" -CA "$work/ca.crt" -CAkey "$work/ca.key" -CAcreateserial -out "$work/redis.crt" -days 1 2>/dev/null
for port in "${PORTS[@]}"; do
    redis_cli -p "$port" ping >/dev/null 2>&1 && { echo "error: port $port is in use" >&2; exit 2; }
done

nodes=""
for port in "${PORTS[@]}"; do
    mkdir -p "$work/$port"
    nodes+="redis-server --port 0 --tls-port $port --bind 127.0.0.1 --tls-cert-file $work/redis.crt --tls-key-file $work/redis.key"
    nodes+=" --tls-ca-cert-file $work/ca.crt --tls-cluster yes --cluster-enabled yes --cluster-config-file nodes.conf"
    nodes+=" --cluster-node-timeout 5000 --dir $work/$port --save '' --appendonly no --logfile $work/$port.log & "
done
"$ROOT/sextant" record --subbuf-size 65536 --out "$OUT" -- bash -c "${nodes}wait" &
recorder=$!

WAIT_SECONDS=60   # TLS handshakes on a loaded machine
create_cluster "${PORTS[@]}"
sleep 2

mkdir -p "$OUT/cluster-info" "$OUT/commandstats"
snapshot() {
    for port in "${PORTS[@]}"; do
        redis_cli -p "$port" cluster info | tr -d '\r' > "$OUT/cluster-info/$port-$1.txt"
        redis_cli -p "$port" info commandstats | tr -d '\r' > "$OUT/commandstats/$port-$1.txt"
    done
}
snapshot before
redis-benchmark "${REDIS_CLI_OPTIONS[@]}" -p "${PORTS[0]}" --cluster -n "$REQUESTS" -c 4 -t set,get -q >/dev/null
for i in $(seq 20); do echo "PUBLISH news message-$i"; done | redis_cli -p "${PORTS[0]}" >/dev/null
for key in a b c d e f; do redis_cli -p "${PORTS[0]}" get "$key" >/dev/null || true; done
snapshot after

for port in "${PORTS[@]}"; do redis_cli -p "$port" shutdown nosave >/dev/null 2>&1 || true; done
wait "$recorder"
