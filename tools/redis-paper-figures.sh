#!/usr/bin/env bash
# SPDX-License-Identifier: EPL-2.0
#
# The Redis paper's figures, measured here on Debian's redis-server on 127.0.0.1 (docs/redis-paper.md):
#
#   tools/redis-paper-figures.sh OUT_DIR [FIGURE...]
#
# FIGURE is any of (default: all, in this order):
#   latency   latency per command with and without tracing at 100 connections, one request at a time
#             (tools/bench-redis-tracer.sh ROUNDS 100000 100 1: plain, tracer loaded, recording, alternating), then
#             the latency Sextant's model measures on the node under that load, recorded once (OUT_DIR/latency-trace)
#   commands  every test of redis-benchmark (its default, all; 20,000 requests each, 100 connections) against one node,
#             plain and under ./sextant record alternating for ROUNDS rounds: each test's throughput, latency and
#             node CPU time per request (/proc/PID/stat as each test's line comes); over the whole run the node's CPU
#             time and resident memory (VmRSS, sampled every 0.2 s) and, recording, LTTng's consumer daemons' too
#   publish   3, 5 and 7 primaries under ./sextant record, 2,000 PUBLISHes of 10,240 bytes to one node; the bus
#             bytes every node wrote, from Sextant's Bus model (./sextant analyze --analysis redis), per published
#             byte, and the PUBLISH messages of the model against the nodes' CLUSTER INFO
#   analysis  wall time of ./sextant analyze --analysis redis (JVM start included, workspace cleared) against the
#             size of recordings of 10,000, 40,000 and 160,000 SETs and GETs, and of the publish recordings
#
# ROUNDS (environment, default 5) sets the rounds of latency and commands; SEXTANT (default ./sextant) the
# launcher analyze runs. Each figure prints the load average before and after it: on a shared machine, say it.
# Tables go to standard output and to OUT_DIR/FIGURE.txt; the recordings of latency, publish and analysis stay in
# OUT_DIR.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
[ $# -ge 1 ] || { echo "usage: $0 OUT_DIR [latency] [commands] [publish] [analysis]" >&2; exit 2; }
OUT=$(realpath -m "$1")
shift
FIGURES=("$@")
[ ${#FIGURES[@]} -gt 0 ] || FIGURES=(latency commands publish analysis)
ROUNDS=${ROUNDS:-5}
REQUESTS=20000
SEXTANT=${SEXTANT:-$ROOT/sextant}
PORT=7230
CLUSTER_PORTS=(7241 7242 7243 7244 7245 7246 7247)
for tool in redis-server redis-benchmark redis-cli lttng bc; do
    command -v "$tool" >/dev/null || { echo "error: $tool not found (Debian: apt-get install redis-server redis-tools lttng-tools bc)" >&2; exit 2; }
done
for figure in "${FIGURES[@]}"; do
    case $figure in latency | commands | publish | analysis) ;; *) echo "error: unknown figure '$figure'" >&2; exit 2 ;; esac
done
for port in "$PORT" "${CLUSTER_PORTS[@]}"; do
    redis-cli -p "$port" ping >/dev/null 2>&1 && { echo "error: port $port is in use" >&2; exit 2; }
done
mkdir -p "$OUT"
# a node under ./sextant record can take long to answer on a loaded machine
WAIT_SECONDS=${WAIT_SECONDS:-60}
. "$ROOT/tools/capture/redis-cluster-lib.sh"

sampler=
work=
cleanup() {
    [ -n "$sampler" ] && kill "$sampler" 2>/dev/null || true
    [ -n "$work" ] && rm -rf "$work"
    for port in "$PORT" "${CLUSTER_PORTS[@]}"; do redis-cli -p "$port" shutdown nosave >/dev/null 2>&1 || true; done
}
trap cleanup EXIT

server=(redis-server --port "$PORT" --bind 127.0.0.1 --save '' --appendonly no --loglevel warning)
load() { echo "load average $(cut -d' ' -f1-3 /proc/loadavg), $(date -u '+%Y-%m-%d %H:%M UTC')"; }
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat" 2>/dev/null || echo 0; }
rss_kb() { awk '/^VmRSS:/ { print $2 }' "/proc/$1/status" 2>/dev/null || echo 0; }
consumers() { pgrep -x lttng-consumerd || true; }

# start_node WAY DIR: a node plain or under ./sextant record into DIR; sets NODE to its pid once it answers
start_node() {
    case $1 in
        plain) "${server[@]}" >/dev/null & ;;
        recording) "$ROOT/sextant" record --subbuf-size 1048576 --out "$2" -- "${server[@]}" >/dev/null 2>&1 & ;;
    esac
    wait_for "node $PORT" redis-cli -p "$PORT" ping
    NODE=$(redis-cli -p "$PORT" info server | tr -d '\r' | sed -n 's/^process_id://p')
}

# stop_node: shuts the node down and waits for it (and a recorder) to end
stop_node() {
    redis-cli -p "$PORT" shutdown nosave >/dev/null 2>&1 || true
    wait
}

# sample PID FILE: every 0.2 s the node's VmRSS and the consumer daemons' summed VmRSS, in kB, as lines of FILE
sample() {
    local total pid
    while :; do
        total=0
        for pid in $(consumers); do total=$((total + $(rss_kb "$pid"))); done
        echo "$(rss_kb "$1") $total" >>"$2"
        sleep 0.2
    done
}

figure_latency() {
    load
    "$ROOT/tools/bench-redis-tracer.sh" "$ROUNDS" 100000 100 1
    load
    # the latency the model measures on the node, as the paper's trace analysis does: a request from the read
    # that brings it to the write that carries its reply, under the same load, recorded once
    start_node recording "$OUT/latency-trace"
    redis-benchmark -p "$PORT" -t set,get -n 100000 -c 100 -P 1 -q >/dev/null
    stop_node
    echo "the model's latency on the node (us; one recording, 100,000 SETs and GETs, 100 connections)"
    "$SEXTANT" analyze --analysis redis --json "$OUT/latency-trace" | python3 -c '
import json, sys
latency = json.load(sys.stdin)["traces"][0]["nodes"][0]["latency_us"]
print("command  count   p50   p90   p99")
for command in ("set", "get"):
    s = latency[command]
    print("%-8s %6d %5s %5s %5s" % (command.upper(), s["count"], s["p50"], s["p90"], s["p99"]))
'
    load
}

# per_test_cpu: redis-benchmark's CSV lines as they come, without the header and quotes, each with the node's CPU
# time per request (us) since the line before appended
per_test_cpu() {
    local line last now
    last=$(ticks "$NODE")
    while IFS= read -r line; do
        [[ $line == '"test"'* ]] && continue
        now=$(ticks "$NODE")
        echo "${line//\"/},$(echo "($now - $last) * 1000000 / $(getconf CLK_TCK) / $REQUESTS" | bc -l)"
        last=$now
    done
}

# test_median PREFIX TEST N: the median of column N of TEST's line in the CSV files PREFIX-ROUND.csv
test_median() { cat "$1"-*.csv | awk -F, -v t="$2" -v n="$3" '$1 == t { print $n }' | median; }
# run_median PREFIX N: the median of field N of the files PREFIX-ROUND.cpu
run_median() { cat "$1"-*.cpu | awk -v n="$2" '{ print $n }' | median; }

figure_commands() {
    load
    local round way before consumer_before start csv samples stats p
    work=$(mktemp -d)
    for round in $(seq "$ROUNDS"); do
        for way in plain recording; do
            csv=$work/$way-$round.csv samples=$work/$way-$round.rss
            start_node "$way" "$work/trace-$round"
            : >"$samples"
            sample "$NODE" "$samples" &
            sampler=$!
            before=$(ticks "$NODE")
            consumer_before=0
            for p in $(consumers); do consumer_before=$((consumer_before + $(ticks "$p"))); done
            start=$(date +%s.%N)
            stdbuf -oL redis-benchmark -p "$PORT" -n "$REQUESTS" -c 100 --csv 2>/dev/null | per_test_cpu >"$csv"
            [ -s "$csv" ] || { echo "error: redis-benchmark gave no results against port $PORT ($way, round $round)" >&2; exit 1; }
            local seconds cpu consumer=0
            seconds=$(echo "$(date +%s.%N) - $start" | bc -l)
            cpu=$(echo "($(ticks "$NODE") - $before) / $(getconf CLK_TCK)" | bc -l)
            for p in $(consumers); do consumer=$((consumer + $(ticks "$p"))); done
            consumer=$(echo "($consumer - $consumer_before) / $(getconf CLK_TCK)" | bc -l)
            kill "$sampler"; wait "$sampler" 2>/dev/null || true; sampler=
            stats=$(awk '{ if ($1 > n) n = $1; if ($2 > c) c = $2; s += $1; k++ } END { printf "%.1f %.1f %.1f", s / k / 1024, n / 1024, c / 1024 }' "$samples")
            # a plain run's consumer daemons, if any, are idle ones of earlier recordings: not this run's
            [ "$way" = plain ] && { consumer=0; stats="$(cut -d' ' -f1,2 <<<"$stats") 0"; }
            echo "$seconds $cpu $consumer $stats" >"$work/$way-$round.cpu"
            printf 'round %d %-9s %6.1f s, node CPU %5.2f s, mean RSS %6.1f MB, peak %6.1f MB, consumer CPU %5.2f s, peak RSS %5.1f MB\n' \
                "$round" "$way" "$seconds" "$cpu" $(cut -d' ' -f1,2 <<<"$stats") "$consumer" "$(cut -d' ' -f3 <<<"$stats")"
            stop_node
            rm -rf "$work/trace-$round"
        done
    done
    echo
    echo "redis-benchmark -n $REQUESTS -c 100 (every test), medians over $ROUNDS rounds: requests per second, redis-benchmark's"
    echo "average latency (ms) and the node's CPU time per request (us), plain and recording"
    echo "test                                  plain req/s  recording  ratio  plain ms  recording  plain CPU us  recording  ratio"
    local test pr rr pa ra pc rc
    while read -r test; do
        pr=$(test_median "$work/plain" "$test" 2) rr=$(test_median "$work/recording" "$test" 2)
        pa=$(test_median "$work/plain" "$test" 3) ra=$(test_median "$work/recording" "$test" 3)
        pc=$(test_median "$work/plain" "$test" 9) rc=$(test_median "$work/recording" "$test" 9)
        printf '%-37s %12.0f %10.0f %6.3f %9.3f %10.3f %13.2f %10.2f %6.3f\n' "$test" "$pr" "$rr" "$(echo "$rr / $pr" | bc -l)" \
            "$pa" "$ra" "$pc" "$rc" "$(echo "$rc / $pc" | bc -l)"
    done < <(cut -d, -f1 "$work/plain-1.csv")
    echo
    echo "the node over the whole run (and LTTng's consumer daemons, recording), medians over $ROUNDS rounds"
    echo "way        wall s  node CPU s  node CPU %  mean RSS MB  peak RSS MB  consumer CPU s  consumer peak RSS MB"
    for way in plain recording; do
        printf '%-9s %7.1f %11.2f %11.1f %12.1f %12.1f %15.2f %21.1f\n' "$way" "$(run_median "$work/$way" 1)" \
            "$(run_median "$work/$way" 2)" "$(echo "$(run_median "$work/$way" 2) * 100 / $(run_median "$work/$way" 1)" | bc -l)" \
            "$(run_median "$work/$way" 4)" "$(run_median "$work/$way" 5)" "$(run_median "$work/$way" 3)" "$(run_median "$work/$way" 6)"
    done
    rm -rf "$work"
    load
}

# bus_summary RECORDING: "NODES BUS_OUT_BYTES PUBLISH_SENT" from Sextant's Redis model of the recording
bus_summary() {
    "$SEXTANT" analyze --analysis redis --json "$1" 2>/dev/null | python3 -c '
import json, sys
nodes = [n for t in json.load(sys.stdin)["traces"] for n in t["nodes"]]
print(len(nodes), sum(n["bytes"].get("Bus out", 0) for n in nodes),
      sum(n["bus_messages"]["sent"].get("PUBLISH", 0) for n in nodes))'
}

figure_publish() {
    load
    local message publishes=2000 size
    message=$(head -c 10240 /dev/zero | tr '\0' x)
    echo "nodes  published bytes  bus bytes (model)  bus bytes per published byte  PUBLISH sent: model  CLUSTER INFO"
    for size in 3 5 7; do
        local ports=("${CLUSTER_PORTS[@]:0:$size}") nodes="" port dir=$OUT/publish-$size info=0 sent count bus
        work=$(mktemp -d)
        rm -rf "$dir"
        for port in "${ports[@]}"; do
            mkdir -p "$work/$port"
            nodes+="redis-server --port $port --bind 127.0.0.1 --dir $work/$port --cluster-enabled yes"
            nodes+=" --cluster-config-file nodes.conf --cluster-node-timeout 5000 --save '' --appendonly no --loglevel warning & "
        done
        "$ROOT/sextant" record --subbuf-size 1048576 --out "$dir" -- bash -c "${nodes}wait" >/dev/null 2>&1 &
        create_cluster "${ports[@]}"
        redis-benchmark -p "${ports[0]}" -n "$publishes" -c 10 -q PUBLISH paper "$message" >/dev/null
        for port in "${ports[@]}"; do
            sent=$(redis-cli -p "$port" cluster info | tr -d '\r' | sed -n 's/^cluster_stats_messages_publish_sent://p')
            info=$((info + ${sent:-0}))
        done
        for port in "${ports[@]}"; do redis-cli -p "$port" shutdown nosave >/dev/null 2>&1 || true; done
        wait
        rm -rf "$work"
        read -r count bus sent < <(bus_summary "$dir")
        [ "$count" = "$size" ] || { echo "error: the model of $dir has $count nodes, not $size" >&2; exit 1; }
        printf '%5d %16d %18d %29.2f %20d %13d\n' "$size" $((publishes * 10240)) "$bus" \
            "$(echo "$bus / ($publishes * 10240)" | bc -l)" "$sent" "$info"
    done
    load
}

figure_analysis() {
    load
    local requests dir
    for requests in 10000 40000 160000; do
        dir=$OUT/setget-$requests
        rm -rf "$dir"
        start_node recording "$dir" >/dev/null
        redis-benchmark -p "$PORT" -t set,get -n "$requests" -c 50 -q >/dev/null
        stop_node
    done
    echo "recording              size MB          requests  analyze wall s"
    for dir in "$OUT"/publish-? "$OUT"/setget-*; do
        [ -d "$dir" ] || continue
        local home=${SEXTANT_HOME:-$ROOT/.sextant} start seconds
        rm -rf "$home/workspace/.tracecompass-temp" "$home/workspace/.metadata"
        start=$(date +%s.%N)
        "$SEXTANT" analyze --analysis redis --json "$dir" >"$dir.json" 2>/dev/null
        seconds=$(echo "$(date +%s.%N) - $start" | bc -l)
        printf '%-20s %9.1f %17s %15.1f\n' "$(basename "$dir")" "$(du -sk "$dir" | awk '{ print $1 / 1024 }')" \
            "$(python3 -c 'import json, sys; print(sum(sum(n["requests"].values()) for t in json.load(open(sys.argv[1]))["traces"] for n in t["nodes"]))' "$dir.json")" \
            "$seconds"
    done
    load
}

for figure in "${FIGURES[@]}"; do
    echo "== $figure"
    # each figure runs in a subshell of the pipeline, which does not inherit the trap
    (trap cleanup EXIT; "figure_$figure") | tee "$OUT/$figure.txt"
    echo
done
