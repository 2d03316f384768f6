#!/usr/bin/env bash
# SPDX-License-Identifier: EPL-2.0
#
# Records the HTTP topology fixtures and checks each against its load log and Redis's counters
# (tools/capture/http-check.py, which also prints the counts tests/fixtures/CATALOGUE.md records):
#
#   tools/capture/http-fixtures.sh OUT_ROOT [REQUESTS [VARIANT...]]
#
# OUT_ROOT/http-topology: REQUESTS (default 200) requests with traceparent; OUT_ROOT/http-topology-noparent:
# the same load without; OUT_ROOT/http-topology-percmd: REQUESTS (60 unless given) to the topology whose
# counters backend opens a Redis connection per command (--per-command), with traceparent. The variants named
# (default: all three) are recorded. 64 KiB sub-buffers keep the traces small; the check fails if LTTng
# discarded events.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
[ $# -ge 1 ] || { echo "usage: $0 OUT_ROOT [REQUESTS [VARIANT...]]" >&2; exit 2; }
OUT=$1
REQUESTS=${2:-}
shift $(( $# >= 2 ? 2 : 1 ))
VARIANTS=("$@")
[ ${#VARIANTS[@]} -gt 0 ] || VARIANTS=(http-topology http-topology-noparent http-topology-percmd)
"$ROOT/tools/capture/workloads/http/install.sh" >/dev/null
mkdir -p "$OUT"
for variant in "${VARIANTS[@]}"; do
    case $variant in
        http-topology) options=(--requests "${REQUESTS:-200}") ;;
        http-topology-noparent) options=(--requests "${REQUESTS:-200}" --no-traceparent) ;;
        http-topology-percmd) options=(--requests "${REQUESTS:-60}" --per-command) ;;
        *) echo "error: unknown variant $variant" >&2; exit 2 ;;
    esac
    options+=(--concurrency 4)
    "$ROOT/sextant" record --subbuf-size 65536 --out "$OUT/$variant" -- "$ROOT/tools/capture/http-topology.sh" "${options[@]}"
    rm -rf "$OUT/$variant/logs"
    if babeltrace2 "$OUT/$variant/ust" 2>&1 >/dev/null | grep -i discarded >&2; then
        echo "error: LTTng discarded events in $OUT/$variant" >&2
        exit 1
    fi
    python3 "$ROOT/tools/capture/http-check.py" "$OUT/$variant" >"$OUT/$variant.check.json" \
        || { cat "$OUT/$variant.check.json" >&2; exit 1; }
done
