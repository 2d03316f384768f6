#!/usr/bin/env bash
# SPDX-License-Identifier: EPL-2.0
#
# A fuzz campaign (./sextant fuzz): the fuzz tests of org.sextant.fuzz.model (CtfFuzzTest, CallProfileFuzzTest),
# run with no limit on mutants for a time, shared among their inputs, one input per core at a time. Prints one [fuzz] line per input
# (mutants, clean errors, valid results, invariant violations, crashes, hangs); exits 1 when a mutant failed,
# naming its seed, damage and where the mutant was kept (docs/reliability.md).
#
#   tools/fuzz.sh [--seconds N] [--seed S]     N: the whole campaign's time (default 600); S: the first seed
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
SECONDS_TOTAL=600
SEED=1
INPUTS=10  # the inputs of CtfFuzzTest and CallProfileFuzzTest
CORES=$(nproc)

usage() { echo "usage: sextant fuzz [--seconds N] [--seed S]" >&2; exit 2; }
while [ $# -gt 0 ]; do
    case $1 in
        --seconds) [ $# -ge 2 ] && [[ $2 =~ ^[0-9]+$ ]] && [ "$2" -ge "$INPUTS" ] || usage; SECONDS_TOTAL=$2; shift 2 ;;
        --seed) [ $# -ge 2 ] && [[ $2 =~ ^[0-9]+$ ]] || usage; SEED=$2; shift 2 ;;
        *) usage ;;
    esac
done

PLATFORM=$(python3 "$ROOT/releng/platform/bootstrap.py")
LOG=${SEXTANT_HOME:-$ROOT/.sextant}/logs/fuzz-$(date +%Y%m%d-%H%M%S).log
mkdir -p "$(dirname "$LOG")"
echo "[sextant] fuzzing for ${SECONDS_TOTAL} s from seed $SEED (log: $LOG)" >&2
set +e
"$ROOT/mvnw" -B -Dsextant.platform="$PLATFORM" verify \
    -pl releng/org.sextant.target,bundles/org.sextant.common.model,bundles/org.sextant.ctf.model,bundles/org.sextant.callstack.model,bundles/org.sextant.fuzz.model \
    -Dtest='*FuzzTest' -Dsurefire.failIfNoSpecifiedTests=false \
    -Dsextant.fuzz.mutants=9223372036854775807 -Dsextant.fuzz.seconds=$((SECONDS_TOTAL * CORES / INPUTS)) -Dsextant.fuzz.seed="$SEED" \
    -Djunit.jupiter.execution.parallel.enabled=true -Djunit.jupiter.execution.parallel.mode.default=concurrent \
    -Djunit.jupiter.execution.parallel.config.strategy=fixed -Djunit.jupiter.execution.parallel.config.fixed.parallelism="$CORES" \
    >"$LOG" 2>&1
rc=$?
set -e
grep -E '^\[fuzz\]|^(CRASH|HANG|INVARIANT_VIOLATION) seed' "$LOG" || true
if [ $rc -ne 0 ]; then
    grep -q '^\[fuzz\]' "$LOG" || tail -n 20 "$LOG" >&2
    echo "sextant: error: the campaign found failing mutants or did not run; see $LOG" >&2
fi
exit $rc
