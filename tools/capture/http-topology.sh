#!/usr/bin/env bash
# SPDX-License-Identifier: EPL-2.0
#
# The HTTP topology of issue 16, all on 127.0.0.1 free ports: a Redis node, the users and orders backends
# (Node, ioredis), the gateway calling both, and a bounded load generator (tools/capture/workloads/http/).
# Meant to run under the tracer, as one recording of several processes:
#
#   ./sextant record --out DIR -- tools/capture/http-topology.sh [--requests N] [--concurrency C] [--no-traceparent] [--seed HEX8] [--per-command]
#
# --per-command: the counters backend (a Redis connection per command, from a pool of four local ports:
# counters.js) in place of orders, and every request POST /visits/:id, which the gateway sends to counters and
# users at once.
#
# Each service and the load generator are traced (one trace per process under DIR/ust); the script's helpers
# (port picking, readiness polls, the final INFO) run without the tracer. DIR (the recording's, from
# SEXTANT_RECORD_DIR, or --log-dir) also gets loadgen.jsonl (the generator's log: one JSON line per request),
# with --per-command counters.jsonl (the counters backend's log: one JSON line per Redis connection),
# redis-commandstats.txt (the node's INFO commandstats after the load), topology.json (ports and pids) and
# logs/ (the services' output). Defaults: 200 requests, concurrency 4.
set -euo pipefail
# Helpers untraced: only the services and the load generator get the tracer.
tracer=${LD_PRELOAD:-}
unset LD_PRELOAD
ROOT=$(cd "${BASH_SOURCE[0]%/*}/../.." && pwd)
WORKLOAD=$ROOT/tools/capture/workloads/http
die() { echo "http-topology: error: $*" >&2; exit 2; }

requests=200
concurrency=4
seed=5e47a470
traceparent=()
second=orders
routes=()
out=${SEXTANT_RECORD_DIR:-}
while [ $# -gt 0 ]; do
    case $1 in
        --requests) requests=$2; shift 2 ;;
        --concurrency) concurrency=$2; shift 2 ;;
        --seed) seed=$2; shift 2 ;;
        --no-traceparent) traceparent=(--no-traceparent); shift ;;
        --per-command) second=counters; routes=(--routes 'POST /visits/:id'); shift ;;
        --log-dir) out=$2; shift 2 ;;
        *) die "unknown option '$1'" ;;
    esac
done
[ -n "$out" ] || die "no directory for the logs: run under ./sextant record --out DIR, or give --log-dir DIR"
command -v node >/dev/null || die "node not found (Debian: apt-get install nodejs)"
command -v redis-server >/dev/null || die "redis-server not found (Debian: apt-get install redis-server)"

NODE_PATH=$("$WORKLOAD/install.sh") || die "the npm packages could not be installed (see above)"
export NODE_PATH
mkdir -p "$out/logs"

# Four ports for the services; and four the counters backend binds its Redis connections to (--per-command),
# below the ephemeral range, so that no other connection of the recording gets one of them.
read -r redis_port users_port second_port gateway_port local_ports < <(python3 -c '
import random, socket
sockets = [socket.socket() for _ in range(4)]
for s in sockets:
    s.bind(("127.0.0.1", 0))
pool = []
while len(pool) < 4:
    s = socket.socket()
    try:
        s.bind(("127.0.0.1", random.randrange(20000, 32000)))
    except OSError:
        continue
    pool.append(s)
print(*[s.getsockname()[1] for s in sockets], ",".join(str(s.getsockname()[1]) for s in pool))')
second_options=()
[ "$second" = counters ] && second_options=(--local-ports "$local_ports" --log "$out/counters.jsonl")

pids=()
cleanup() {
    for pid in "${pids[@]}"; do
        kill -TERM "$pid" 2>/dev/null || true
    done
    wait 2>/dev/null || true
}
trap cleanup EXIT

# Waits until the log file has the line that says the service is ready.
await() {
    local file=$1 text=$2
    for _ in $(seq 200); do
        grep -q "$text" "$file" 2>/dev/null && return 0
        sleep 0.05
    done
    die "$file never said '$text'"
}

LD_PRELOAD=$tracer redis-server --port "$redis_port" --bind 127.0.0.1 --save '' --appendonly no \
    --logfile "$out/logs/redis.log" &
redis_pid=$!
pids+=("$redis_pid")
await "$out/logs/redis.log" "Ready to accept connections"

LD_PRELOAD=$tracer node "$WORKLOAD/users.js" --port "$users_port" --redis-port "$redis_port" >"$out/logs/users.log" 2>&1 &
users_pid=$!
LD_PRELOAD=$tracer node "$WORKLOAD/$second.js" --port "$second_port" --redis-port "$redis_port" "${second_options[@]}" \
    >"$out/logs/$second.log" 2>&1 &
second_pid=$!
LD_PRELOAD=$tracer node "$WORKLOAD/gateway.js" --port "$gateway_port" --users-port "$users_port" \
    "--$second-port" "$second_port" >"$out/logs/gateway.log" 2>&1 &
gateway_pid=$!
pids=("$gateway_pid" "$users_pid" "$second_pid" "${pids[@]}")
await "$out/logs/users.log" listening
await "$out/logs/$second.log" listening
await "$out/logs/gateway.log" listening

cat >"$out/topology.json" <<JSON
{"redis": {"port": $redis_port, "pid": $redis_pid}, "users": {"port": $users_port, "pid": $users_pid},
 "$second": {"port": $second_port, "pid": $second_pid}, "gateway": {"port": $gateway_port, "pid": $gateway_pid},
 "requests": $requests, "concurrency": $concurrency, "traceparent": $([ ${#traceparent[@]} -eq 0 ] && echo true || echo false)}
JSON

status=0
LD_PRELOAD=$tracer node "$WORKLOAD/loadgen.js" --port "$gateway_port" --requests "$requests" \
    --concurrency "$concurrency" --seed "$seed" --log "$out/loadgen.jsonl" "${traceparent[@]}" "${routes[@]}" || status=$?

redis-cli -p "$redis_port" INFO commandstats | tr -d '\r' >"$out/redis-commandstats.txt"
# The services first (they quit their Redis connections), then the node.
for pid in "$gateway_pid" "$users_pid" "$second_pid"; do
    kill -TERM "$pid"
    wait "$pid" || true
done
kill -TERM "$redis_pid"
wait "$redis_pid" || true
pids=()
exit "$status"
