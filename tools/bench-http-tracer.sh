#!/usr/bin/env bash
# SPDX-License-Identifier: EPL-2.0
#
# What Sextant's tracer costs an HTTP service: the throughput of the topology's gateway
# (tools/capture/workloads/http) under the load generator, the gateway run three ways, alternating in each round
# (each round in a rotated order) so that the machine's drift hits each way alike:
#   plain      the gateway alone
#   loaded     with the tracer preloaded but no LTTng session recording (tracepoints disabled)
#   recording  under ./sextant record (the tracer, recording the gateway's http events to disk)
# The backends, the Redis node and the load generator run untraced, the same in every way.
#
#   tools/bench-http-tracer.sh [ROUNDS] [REQUESTS] [CONCURRENCY]
#
# Defaults: 5 rounds of 3,000 requests from 16 keep-alive connections, with traceparent (each run its own trace
# ids, so every run's backends miss their Redis cache alike). A run's throughput is its requests over the time
# from its first request's start to its last response's end (the generator's log); its CPU cost is the gateway
# process's user + system time (/proc/PID/stat) per request, which time spent waiting for a core does not count.
# Prints each run and, per way, the medians and their ratios to plain. Recordings go to a temporary
# directory, removed at the end.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
ROUNDS=${1:-5}
REQUESTS=${2:-3000}
CONCURRENCY=${3:-16}
WORKLOAD=$ROOT/tools/capture/workloads/http
TRACER=${SEXTANT_HOME:-$ROOT/.sextant}/tracer
for tool in node redis-server redis-cli lttng python3; do
    command -v "$tool" >/dev/null || { echo "error: $tool not found" >&2; exit 2; }
done
make -s -C "$ROOT/tracers/redis" O="$TRACER" >/dev/null
NODE_PATH=$("$WORKLOAD/install.sh")
export NODE_PATH
work=$(mktemp -d)
pids=()
# The services before the Redis node they are connected to.
stop() {
    for ((i = ${#pids[@]} - 1; i >= 0; i--)); do
        kill -TERM "${pids[$i]}" 2>/dev/null || true
        wait "${pids[$i]}" 2>/dev/null || true
    done
    rm -rf "$work"
}
trap stop EXIT

read -r redis_port users_port orders_port gateway_port < <(python3 -c '
import socket
sockets = [socket.socket() for _ in range(4)]
for s in sockets:
    s.bind(("127.0.0.1", 0))
print(*[s.getsockname()[1] for s in sockets])')

await_port() {
    for _ in $(seq 200); do
        (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null && return 0
        sleep 0.05
    done
    echo "error: nothing listens on port $1" >&2
    exit 1
}

redis-server --port "$redis_port" --bind 127.0.0.1 --save '' --appendonly no --loglevel warning >/dev/null &
pids+=($!)
await_port "$redis_port"
node "$WORKLOAD/users.js" --port "$users_port" --redis-port "$redis_port" >/dev/null &
pids+=($!)
node "$WORKLOAD/orders.js" --port "$orders_port" --redis-port "$redis_port" >/dev/null &
pids+=($!)
await_port "$users_port"
await_port "$orders_port"

gateway=(node "$WORKLOAD/gateway.js" --port "$gateway_port" --users-port "$users_port" --orders-port "$orders_port")

# The gateway's node process (under record, the recorder's child).
gateway_pid() {
    pgrep -f -- "^node .*gateway.js --port $gateway_port "
}

# The gateway's user + system CPU time in microseconds (fields 14 and 15 of /proc/PID/stat, in clock ticks).
cpu_us() {
    awk -v hz="$(getconf CLK_TCK)" '{ print ($14 + $15) * 1e6 / hz }' "/proc/$(gateway_pid)/stat"
}

# run WAY ROUND SEED: starts the gateway the WAY says, loads it, prints its requests per second and its CPU
# microseconds per request
run() {
    case $1 in
        plain) "${gateway[@]}" >/dev/null & ;;
        loaded) LD_PRELOAD=$TRACER/libsextant-redis.so "${gateway[@]}" >/dev/null & ;;
        recording) "$ROOT/sextant" record --out "$work/$2" -- "${gateway[@]}" >/dev/null 2>&1 & ;;
    esac
    local pid=$!
    await_port "$gateway_port"
    local before
    before=$(cpu_us)
    node "$WORKLOAD/loadgen.js" --port "$gateway_port" --requests "$REQUESTS" --concurrency "$CONCURRENCY" \
        --seed "$3" --log "$work/log.jsonl" 2>/dev/null
    local cpu=$(($(cpu_us) - before))
    # The gateway (under record: its node child) stops on SIGTERM; record then closes its session.
    kill -TERM "$(gateway_pid)" || true
    wait "$pid" || true
    rm -rf "${work:?}/$2"
    python3 -c '
import json, sys
log = [json.loads(line) for line in open(sys.argv[1])]
assert all(r["status"] in (200, 201) for r in log), "failed requests"
start = min(int(r["start_ns"]) for r in log)
end = max(int(r["end_ns"]) for r in log)
print(len(log) / ((end - start) / 1e9), int(sys.argv[2]) / len(log))' "$work/log.jsonl" "$cpu"
}

declare -A results
declare -A costs
echo "round way        requests/s  CPU us/request"
ways=(plain loaded recording)
for round in $(seq "$ROUNDS"); do
    # Each round starts with the next way, so that no way always runs first (after the previous round's).
    for index in 0 1 2; do
        way=${ways[$(((round + index) % 3))]}
        read -r rps cost <<<"$(run "$way" "$round" "$(printf '%08x' $((round * 16 + index + 1)))")"
        printf '%5d %-9s %10.0f %15.0f\n' "$round" "$way" "$rps" "$cost"
        results[$way]+="$rps "
        costs[$way]+="$cost "
    done
done

median() { tr ' ' '\n' | awk 'NF' | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
echo
echo "way        median requests/s  ratio  median CPU us/request  ratio   ($ROUNDS rounds, $REQUESTS requests, concurrency $CONCURRENCY)"
for way in plain loaded recording; do
    m=$(median <<<"${results[$way]}")
    c=$(median <<<"${costs[$way]}")
    [ "$way" = plain ] && { plain=$m; plain_cost=$c; }
    printf '%-9s %18.0f %6.3f %22.0f %6.3f\n' "$way" "$m" "$(echo "$m / $plain" | bc -l)" "$c" "$(echo "$c / $plain_cost" | bc -l)"
done
