#!/usr/bin/env bash
# SPDX-License-Identifier: EPL-2.0
#
# Times the first view: from opening a trace to a filled Event Count view (a recording: a filled Redis Netflow),
# through the trace server and in the GUI. Each run starts cold: a fresh workspace, so no history, index or
# statistics is reused (the trace's files stay in the page cache).
#
#   tools/bench-first-view.sh [--runs N] [--install DIR]... [--server-only | --gui-only] PATH...
#
# PATH is a CTF trace (Event Count, org.sextant.count.core.dataprovider) or a recording directory of
# `sextant record` (Redis Netflow, org.sextant.redis.core.netflow). --install names a Trace Compass installation
# with Sextant installed (default: this tree's, .sextant/tracecompass); give it twice (say a build before a change
# and one after) and the runs alternate between them, run by run, so that the machine's load falls on both alike.
#
# server: the installation's `serve` on 127.0.0.1 (a free port), then tools/first-view-client.py adds the trace
#   (each of a recording's traces), makes the experiment and polls the output until filled.
# gui: the workbench of the installation, under xvfb-run, started as `./sextant gui PATH` starts it
#   (-Dsextant.open), with -Dsextant.firstView.report=FILE (and the view's and its provider's ids): common.ui's
#   start-up opens the path, shows the view and writes to FILE when the view's data provider answers filled
#   (org.sextant.internal.common.ui.FirstViewReport).
#
# Prints one JSON line per run and door: install, door, trace, filled_s (the first view), and for the server
# opened_s, indexed_s (Trace Compass's index of every event) and events.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
RUNS=1
INSTALLS=()
DOORS=(server gui)
JAVA_OPTS=${SEXTANT_JAVA_OPTS:--Xms256m -Xmx4g}
TIMEOUT=1800
while [ $# -gt 0 ]; do
    case $1 in
        --runs) RUNS=$2; shift 2 ;;
        --install) INSTALLS+=("$(realpath "$2")"); shift 2 ;;
        --server-only) DOORS=(server); shift ;;
        --gui-only) DOORS=(gui); shift ;;
        --) shift; break ;;
        -*) echo "usage: $0 [--runs N] [--install DIR]... [--server-only | --gui-only] PATH..." >&2; exit 2 ;;
        *) break ;;
    esac
done
[ $# -ge 1 ] || { echo "usage: $0 [--runs N] [--install DIR]... [--server-only | --gui-only] PATH..." >&2; exit 2; }
[ ${#INSTALLS[@]} -gt 0 ] || INSTALLS=("$ROOT/.sextant/tracecompass")
for install in "${INSTALLS[@]}"; do
    ls "$install"/plugins/org.eclipse.equinox.launcher_*.jar >/dev/null 2>&1 || { echo "error: $install: no Trace Compass installation (run ./sextant build)" >&2; exit 2; }
done
command -v xvfb-run >/dev/null || [[ " ${DOORS[*]} " != *" gui "* ]] || { echo "error: xvfb-run not found (Debian: apt-get install xvfb xauth)" >&2; exit 2; }

work=$(mktemp -d)
child=
cleanup() {
    # a server is the child itself, a workbench the leader of its process group
    [ -n "$child" ] && { kill -- -"$child" 2>/dev/null || kill "$child" 2>/dev/null; wait "$child" 2>/dev/null; }
    rm -rf "$work"
}
trap cleanup EXIT

output_of() {
    if [ -f "$1/metadata" ]; then echo org.sextant.count.core.dataprovider; else echo org.sextant.redis.core.netflow; fi
}

view_of() {
    if [ -f "$1/metadata" ]; then echo org.sextant.count.ui.view; else echo org.sextant.redis.ui.netflow; fi
}

launcher() {
    ls "$1"/plugins/org.eclipse.equinox.launcher_*.jar | head -n 1
}

server_run() {
    local install=$1 path=$2 port
    port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    rm -rf "$work/workspace"
    # shellcheck disable=SC2086
    java $JAVA_OPTS -Dswt.library.path="$install/natives" -jar "$(launcher "$install")" -nosplash -data "$work/workspace" \
        -application org.sextant.server.core.serve --host 127.0.0.1 --port "$port" --root / >"$work/server.log" 2>&1 &
    child=$!
    local i
    for i in $(seq 1 600); do
        curl -sf "http://127.0.0.1:$port/tsp/api/health" >/dev/null 2>&1 && break
        kill -0 "$child" 2>/dev/null || { echo "error: the server stopped; see its log:" >&2; tail -n 20 "$work/server.log" >&2; exit 1; }
        sleep 0.2
    done
    local result
    result=$(python3 "$ROOT/tools/first-view-client.py" "http://127.0.0.1:$port/tsp/api" "$path" "$(output_of "$path")")
    kill "$child"
    wait "$child" 2>/dev/null || true
    child=
    python3 -c 'import json, sys; r = json.loads(sys.argv[3]); print(json.dumps({"install": sys.argv[1], "door": "server", **r}))' \
        "$install" "$path" "$result"
}

gui_run() {
    local install=$1 path=$2 report=$work/report.json
    rm -rf "$work/workspace" "$report"
    local start
    start=$(date +%s.%N)
    # shellcheck disable=SC2086
    # its own process group: xvfb-run's children (Xvfb, the workbench) end with it
    setsid xvfb-run -a -s "-screen 0 1600x1000x24" java $JAVA_OPTS -Dswt.library.path="$install/natives" -Dsextant.open="$path" \
        -Dsextant.firstView.report="$report" -Dsextant.firstView.view="$(view_of "$path")" -Dsextant.firstView.provider="$(output_of "$path")" -jar "$(launcher "$install")" -data "$work/workspace" >"$work/gui.log" 2>&1 &
    child=$!
    local waited=0
    while [ ! -s "$report" ]; do
        kill -0 "$child" 2>/dev/null || { echo "error: the workbench stopped before its view filled; see its log:" >&2; tail -n 20 "$work/gui.log" >&2; exit 1; }
        [ $waited -lt $((TIMEOUT * 5)) ] || { echo "error: $path: no filled view after $TIMEOUT s" >&2; exit 1; }
        sleep 0.2
        waited=$((waited + 1))
    done
    # the workbench's own start-up is in neither door's figure: the report counts from the moment it opened the path
    kill -- -"$child" 2>/dev/null
    wait "$child" 2>/dev/null || true
    child=
    python3 -c 'import json, sys; r = json.load(open(sys.argv[3])); print(json.dumps({"install": sys.argv[1], "door": "gui", "trace": sys.argv[2], **r}))' \
        "$install" "$path" "$report"
}

for run in $(seq 1 "$RUNS"); do
    for path in "$@"; do
        path=$(realpath "$path")
        for door in "${DOORS[@]}"; do
            for install in "${INSTALLS[@]}"; do
                "${door}_run" "$install" "$path"
            done
        done
    done
done
