#!/usr/bin/env bash
# SPDX-License-Identifier: EPL-2.0
#
# Records the two HTTP topology fixtures and checks each against its load log and Redis's counters
# (tools/capture/http-check.py, which also prints the counts tests/fixtures/CATALOGUE.md records):
#
#   tools/capture/http-fixtures.sh OUT_ROOT [REQUESTS]
#
# OUT_ROOT/http-topology: REQUESTS (default 200) requests with traceparent; OUT_ROOT/http-topology-noparent:
# the same load without. 64 KiB sub-buffers keep the traces small; the check fails if LTTng discarded events.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
[ $# -ge 1 ] || { echo "usage: $0 OUT_ROOT [REQUESTS]" >&2; exit 2; }
OUT=$1
REQUESTS=${2:-200}
"$ROOT/tools/capture/workloads/http/install.sh" >/dev/null
mkdir -p "$OUT"
for variant in http-topology http-topology-noparent; do
    options=(--requests "$REQUESTS" --concurrency 4)
    [ "$variant" = http-topology ] || options+=(--no-traceparent)
    "$ROOT/sextant" record --subbuf-size 65536 --out "$OUT/$variant" -- "$ROOT/tools/capture/http-topology.sh" "${options[@]}"
    rm -rf "$OUT/$variant/logs"
    if babeltrace2 "$OUT/$variant/ust" 2>&1 >/dev/null | grep -i discarded >&2; then
        echo "error: LTTng discarded events in $OUT/$variant" >&2
        exit 1
    fi
    python3 "$ROOT/tools/capture/http-check.py" "$OUT/$variant" >"$OUT/$variant.check.json" \
        || { cat "$OUT/$variant.check.json" >&2; exit 1; }
done
