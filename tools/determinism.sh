#!/usr/bin/env bash
# SPDX-License-Identifier: EPL-2.0
#
# Determinism of the parallel builds on a large trace: the count's event sequence and the cpu and io
# histories, built RUNS times on one thread and on two (8 MiB chunks), must hash the same every time
# (DeterminismTest of org.sextant.kernel.model; the test suite runs it on the sample).
#
#   tools/determinism.sh TRACE [RUNS]     RUNS defaults to 20
set -euo pipefail
[ $# -ge 1 ] || { echo "usage: $0 TRACE [RUNS]" >&2; exit 2; }
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
TRACE=$(cd "$1" && pwd)
RUNS=${2:-20}
PLATFORM=$(python3 "$ROOT/releng/platform/bootstrap.py")
"$ROOT/mvnw" -B -Dsextant.platform="$PLATFORM" verify \
    -pl releng/org.sextant.target,bundles/org.sextant.common.model,bundles/org.sextant.ctf.model,bundles/org.sextant.parallel.model,bundles/org.sextant.kernel.model \
    -Dtest=DeterminismTest -Dsurefire.failIfNoSpecifiedTests=false \
    -Dsextant.determinism.trace="$TRACE" -Dsextant.determinism.runs="$RUNS" -DargLine=-Xmx8g \
    | grep -E '^\[determinism\]|Tests run:|BUILD|ERROR'
