#!/usr/bin/env bash
# SPDX-License-Identifier: EPL-2.0
#
# Records tools/capture/ust-fields (every kind of field lttng-ust writes, a known number of events) with LTTng
# 2.14, in CTF 2 and in CTF 1.8 in the same run (tools/capture/lttng-2.14-ctf2.sh):
#
#   tools/capture/ust-fields-ctf2.sh OUT_DIR [THREADS [STEPS]]
#
# The program is built against LTTng 2.14 (default 2 threads of 100 steps: 2 + 2 * 2 * 100 = 402 events).
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
LTTNG_PREFIX=${LTTNG_PREFIX:-/opt/lttng-2.14}
[ $# -ge 1 ] || { echo "usage: $0 OUT_DIR [THREADS [STEPS]]" >&2; exit 2; }
OUT=$1
THREADS=${2:-2}
STEPS=${3:-100}
build=$(mktemp -d /tmp/ust-fields.XXXXXX)
trap 'rm -rf "$build"' EXIT
cc -O2 -Wall -Wextra -Werror -I"$ROOT/tools/capture/ust-fields" -I"$LTTNG_PREFIX/include" -L"$LTTNG_PREFIX/lib" \
    -Wl,-rpath,"$LTTNG_PREFIX/lib" -o "$build/ust-fields" "$ROOT/tools/capture/ust-fields/ust-fields.c" -llttng-ust -ldl -lpthread
"$ROOT/tools/capture/lttng-2.14-ctf2.sh" --events 'sextant_fields:*' "$OUT" -- "$build/ust-fields" "$THREADS" "$STEPS"
