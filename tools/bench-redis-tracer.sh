#!/usr/bin/env bash
# SPDX-License-Identifier: EPL-2.0
#
# What Sextant's transparent Redis tracer costs: redis-benchmark's throughput and latency per command (its own
# average, 50th and 99th percentiles) against one Redis node run three ways, in one run of this script,
# alternating so that the machine's drift hits each way alike:
#   plain      redis-server alone
#   loaded     with the tracer preloaded but no LTTng session recording (tracepoints disabled)
#   recording  under ./sextant record (the tracer, recording to disk)
#
#   tools/bench-redis-tracer.sh [ROUNDS] [REQUESTS] [CLIENTS] [PIPELINE]
#
# Defaults: 5 rounds of 100,000 SETs and 100,000 GETs from 50 clients, one request at a time (PIPELINE 1); with
# PIPELINE 16 each client sends 16 requests at once, which makes Redis, not redis-benchmark, the bottleneck. Prints
# each run's requests per second and latencies and, per way and command, their medians over the rounds, the
# throughput's ratio to plain and the average latency the way adds to plain's (microseconds); and per way the Redis
# process's CPU time (user + system, /proc/PID/stat) per request over both commands, which time spent waiting for a
# core on a shared machine does not inflate the way it does throughput; and the CPU time LTTng's consumer daemons
# spent meanwhile, per request, draining the buffers to disk (recording only). The recordings go to a temporary
# directory, removed at the end.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
ROUNDS=${1:-5}
REQUESTS=${2:-100000}
CLIENTS=${3:-50}
PIPELINE=${4:-1}
PORT=7220
TRACER=${SEXTANT_HOME:-$ROOT/.sextant}/tracer
for tool in redis-server redis-benchmark redis-cli lttng; do
    command -v "$tool" >/dev/null || { echo "error: $tool not found (Debian: apt-get install redis-server redis-tools lttng-tools liblttng-ust-dev)" >&2; exit 2; }
done
redis-cli -p "$PORT" ping >/dev/null 2>&1 && { echo "error: port $PORT is in use" >&2; exit 2; }
make -s -C "$ROOT/tracers/redis" O="$TRACER" >/dev/null
work=$(mktemp -d)
trap 'redis-cli -p "$PORT" shutdown nosave >/dev/null 2>&1 || true; rm -rf "$work"' EXIT

server=(redis-server --port "$PORT" --bind 127.0.0.1 --save '' --appendonly no --loglevel warning)

# run WAY ROUND: starts the node the WAY says, loads it, prints per command (SET, then GET) its requests per
# second and its average, p50 and p99 latencies in milliseconds, as redis-benchmark's CSV gives them, then the
# node's CPU microseconds per request and the consumer daemons'
run() {
    case $1 in
        plain) "${server[@]}" >/dev/null & ;;
        loaded) LD_PRELOAD=$TRACER/libsextant-redis.so "${server[@]}" >/dev/null & ;;
        recording) "$ROOT/sextant" record --out "$work/$2" -- "${server[@]}" >/dev/null 2>&1 & ;;
    esac
    local pid=$!
    for _ in $(seq 600); do redis-cli -p "$PORT" ping >/dev/null 2>&1 && break; sleep 0.1; done
    local node
    node=$(redis-cli -p "$PORT" info server 2>/dev/null | tr -d '\r' | sed -n 's/^process_id://p')
    [ -n "$node" ] || { echo "error: the $1 node on port $PORT did not answer within 60 s" >&2; exit 1; }
    local before consumer
    before=$(cpu_ticks "$node")
    consumer=$(consumer_ticks)
    redis-benchmark -p "$PORT" -t set,get -n "$REQUESTS" -c "$CLIENTS" -P "$PIPELINE" --csv 2>/dev/null |
        awk -F, '/^"(SET|GET)"/ { gsub(/"/, ""); printf "%s %s %s %s ", $2, $3, $5, $7 }'
    printf '%s ' "$(echo "($(cpu_ticks "$node") - $before) * 1000000 / $(getconf CLK_TCK) / (2 * $REQUESTS)" | bc -l)"
    echo "($(consumer_ticks) - $consumer) * 1000000 / $(getconf CLK_TCK) / (2 * $REQUESTS)" | bc -l
    redis-cli -p "$PORT" shutdown nosave >/dev/null 2>&1 || true
    wait "$pid" || true
    rm -rf "${work:?}/$2"
}

# cpu_ticks PID: the process's user + system time so far, in clock ticks
cpu_ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat"; }
# consumer_ticks: the same, summed over LTTng's consumer daemons (none before the first recording)
consumer_ticks() {
    local total=0 pid
    for pid in $(pgrep -x lttng-consumerd); do total=$((total + $(cpu_ticks "$pid" 2>/dev/null || echo 0))); done
    echo "$total"
}

declare -A results
echo "round way        SET/s  avg ms  p50 ms  p99 ms      GET/s  avg ms  p50 ms  p99 ms  CPU us/req  consumer"
for round in $(seq "$ROUNDS"); do
    for way in plain loaded recording; do
        line=$(run "$way" "$round")
        # shellcheck disable=SC2086
        printf '%5d %-9s %8.0f %7.3f %7.3f %7.3f %10.0f %7.3f %7.3f %7.3f %11.2f %9.2f\n' "$round" "$way" $line
        results[$way]+="$line;"
    done
done

median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
# column N of every round of a way, its median
column() { tr ';' '\n' <<<"${results[$1]}" | awk -v n="$2" 'NF { print $n }' | median; }
echo
echo "medians over $ROUNDS rounds ($REQUESTS requests, $CLIENTS clients, pipeline $PIPELINE); latencies in ms, added: average latency over plain's"
echo "way       command      req/s  ratio   avg ms  p50 ms  p99 ms  added us"
for way in plain loaded recording; do
    for command in SET GET; do
        base=$([ $command = SET ] && echo 0 || echo 4)
        rps=$(column "$way" $((base + 1))); avg=$(column "$way" $((base + 2)))
        p50=$(column "$way" $((base + 3))); p99=$(column "$way" $((base + 4)))
        plain_rps=$(column plain $((base + 1))); plain_avg=$(column plain $((base + 2)))
        printf '%-9s %-7s %10.0f %6.3f %8.3f %7.3f %7.3f %9.1f\n' "$way" "$command" "$rps" "$(echo "$rps / $plain_rps" | bc -l)" \
            "$avg" "$p50" "$p99" "$(echo "($avg - $plain_avg) * 1000" | bc -l)"
    done
done
echo "way       CPU us/req  ratio  consumer us/req   (the Redis process's user + system time per request, SET and GET"
echo "                                                   together; LTTng's consumer daemons' in the same time)"
for way in plain loaded recording; do
    cpu=$(column "$way" 9)
    printf '%-9s %10.2f %6.3f %16.2f\n' "$way" "$cpu" "$(echo "$cpu / $(column plain 9)" | bc -l)" "$(column "$way" 10)"
done
