#!/usr/bin/env bash
# SPDX-License-Identifier: EPL-2.0
#
# What Sextant's transparent Redis tracer costs: redis-benchmark's throughput against one Redis node run three
# ways, in one run of this script, alternating so that the machine's drift hits each way alike:
#   plain      redis-server alone
#   loaded     with the tracer preloaded but no LTTng session recording (tracepoints disabled)
#   recording  under ./sextant record (the tracer, recording to disk)
#
#   tools/bench-redis-tracer.sh [ROUNDS] [REQUESTS] [CLIENTS] [PIPELINE]
#
# Defaults: 5 rounds of 100,000 SETs and 100,000 GETs from 50 clients, one request at a time (PIPELINE 1); with
# PIPELINE 16 each client sends 16 requests at once, which makes Redis, not redis-benchmark, the bottleneck. Prints each run's requests per second and,
# per way, the median and its ratio to plain. The recordings go to a temporary directory, removed at the end.
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

# run WAY ROUND: starts the node the WAY says, loads it, prints "SET-rps GET-rps"
run() {
    case $1 in
        plain) "${server[@]}" >/dev/null & ;;
        loaded) LD_PRELOAD=$TRACER/libsextant-redis.so "${server[@]}" >/dev/null & ;;
        recording) "$ROOT/sextant" record --out "$work/$2" -- "${server[@]}" >/dev/null 2>&1 & ;;
    esac
    local pid=$!
    for _ in $(seq 100); do redis-cli -p "$PORT" ping >/dev/null 2>&1 && break; sleep 0.1; done
    redis-benchmark -p "$PORT" -t set,get -n "$REQUESTS" -c "$CLIENTS" -P "$PIPELINE" --csv 2>/dev/null |
        awk -F'","' '/^"(SET|GET)"/ { gsub(/"/, "", $2); printf "%s ", $2 }'
    redis-cli -p "$PORT" shutdown nosave >/dev/null 2>&1 || true
    wait "$pid" || true
    rm -rf "${work:?}/$2"
}

declare -A results
echo "round way        SET/s      GET/s"
for round in $(seq "$ROUNDS"); do
    for way in plain loaded recording; do
        read -r set get <<<"$(run "$way" "$round")"
        printf '%5d %-9s %10.0f %10.0f\n' "$round" "$way" "$set" "$get"
        results[$way]+="$set $get;"
    done
done

median() { tr ' ' '\n' | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
echo
echo "way        median SET/s  median GET/s  SET ratio  GET ratio   ($ROUNDS rounds, $REQUESTS requests, $CLIENTS clients, pipeline $PIPELINE)"
for way in plain loaded recording; do
    set_median=$(tr ';' '\n' <<<"${results[$way]}" | awk 'NF { print $1 }' | median)
    get_median=$(tr ';' '\n' <<<"${results[$way]}" | awk 'NF { print $2 }' | median)
    [ "$way" = plain ] && { plain_set=$set_median; plain_get=$get_median; }
    printf '%-9s %13.0f %13.0f %10.3f %10.3f\n' "$way" "$set_median" "$get_median" \
        "$(echo "$set_median / $plain_set" | bc -l)" "$(echo "$get_median / $plain_get" | bc -l)"
done
