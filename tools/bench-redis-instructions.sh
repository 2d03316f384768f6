#!/usr/bin/env bash
# SPDX-License-Identifier: EPL-2.0
#
# What Sextant's Redis tracer costs a Redis node in instructions, counted by callgrind over every thread of the
# node (system calls' kernel work is not counted): the node runs plain and under ./sextant record, each once idle
# (started, pinged, shut down) and once loaded with redis-benchmark's REQUESTS SETs and REQUESTS GETs from 50
# clients, PIPELINE requests at a time; a way's instructions per request are its loaded run's less its idle run's.
#
#   tools/bench-redis-instructions.sh [REQUESTS] [PIPELINE]
#
# Defaults: 20,000 and 16. Prints per way the instructions per request and, for recording, their excess over plain,
# and the part of it spent in the tracer's library and in liblttng-ust (their own instructions, not what they call):
# Redis randomises its hash seed at each start, which moves its own count from run to run (two runs of the same
# tracer here: 65 instructions per request apart, in its dictionary lookups and allocations), not the tracer's.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
REQUESTS=${1:-20000}
PIPELINE=${2:-16}
PORT=7251
for tool in redis-server redis-benchmark redis-cli valgrind callgrind_annotate lttng; do
    command -v "$tool" >/dev/null || { echo "error: $tool not found (Debian: apt-get install redis-server redis-tools valgrind lttng-tools)" >&2; exit 2; }
done
redis-cli -p "$PORT" ping >/dev/null 2>&1 && { echo "error: port $PORT is in use" >&2; exit 2; }
work=$(mktemp -d)
trap 'redis-cli -p "$PORT" shutdown nosave >/dev/null 2>&1 || true; rm -rf "$work"' EXIT

# run WAY LOAD: runs the node the WAY says (plain, recording) under callgrind, with redis-benchmark's load when
# LOAD is 1; prints its instructions in all, then those of the tracer's library and liblttng-ust
run() {
    local out=$work/$1-$2 command
    mkdir -p "$out"
    command=(valgrind --tool=callgrind --callgrind-out-file="$out/callgrind.out"
        redis-server --port "$PORT" --bind 127.0.0.1 --save '' --appendonly no)
    case $1 in
        plain) "${command[@]}" >"$out/node.log" 2>&1 & ;;
        recording) "$ROOT/sextant" record --out "$out/trace" -- "${command[@]}" >"$out/node.log" 2>&1 & ;;
    esac
    local pid=$!
    for _ in $(seq 300); do redis-cli -p "$PORT" ping >/dev/null 2>&1 && break; sleep 0.2; done
    redis-cli -p "$PORT" ping >/dev/null 2>&1 || { echo "error: the node did not start (see $out/node.log)" >&2; exit 1; }
    [ "$2" = 0 ] || redis-benchmark -p "$PORT" -t set,get -n "$REQUESTS" -c 50 -P "$PIPELINE" -q >/dev/null 2>&1
    redis-cli -p "$PORT" shutdown nosave >/dev/null 2>&1 || true
    wait "$pid" || true
    callgrind_annotate --threshold=100 "$out/callgrind.out" 2>/dev/null | awk '
        /PROGRAM TOTALS/ { gsub(",", "", $1); total = $1 }
        /libsextant-redis|liblttng/ { gsub(",", "", $1); tracer += $1 }
        END { print total, tracer + 0 }'
}

declare -A total tracer
for way in plain recording; do
    for load in 0 1; do
        read -r "total[$way$load]" "tracer[$way$load]" <<<"$(run "$way" "$load")"
    done
done
per_request() { echo "($1) / (2 * $REQUESTS)" | bc -l; }
plain=$(per_request "${total[plain1]} - ${total[plain0]}")
recording=$(per_request "${total[recording1]} - ${total[recording0]}")
own=$(per_request "${tracer[recording1]} - ${tracer[recording0]}")
echo "instructions per request ($REQUESTS SETs and $REQUESTS GETs, 50 clients, pipeline $PIPELINE; callgrind, every thread)"
printf 'plain      %7.0f\n' "$plain"
printf 'recording  %7.0f  over plain %5.0f  (ratio %.3f), of which the tracer library and liblttng-ust %4.0f\n' \
    "$recording" "$(echo "$recording - $plain" | bc -l)" "$(echo "$recording / $plain" | bc -l)" "$own"
