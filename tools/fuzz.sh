#!/usr/bin/env bash
# SPDX-License-Identifier: EPL-2.0
#
# A fuzz campaign (./sextant fuzz): the fuzz tests of org.sextant.fuzz.model (CtfFuzzTest, CtfSerialFuzzTest, CallProfileFuzzTest,
# FtraceFuzzTest, Otf2FuzzTest), run with no limit on mutants for a time, shared among their inputs, one input per core at a time,
# then the tracer's C parsers (tracers/redis/fuzz_parsers.c: tracer-http, tracer-resp, tracer-reply, tracer-bus)
# under the sanitizers. Prints one [fuzz] line per input (mutants, clean errors, valid results, invariant
# violations, crashes, hangs); exits 1 when a mutant failed, naming its seed, damage and where the mutant was kept
# (docs/reliability.md).
#
#   tools/fuzz.sh [--seconds N | --mutants M] [--seed S] [--readers LIST]
#       N: the whole campaign's time (default 600), shared among the inputs; M: mutants per input instead, however
#       long they take; S: the first seed; LIST: the readers to fuzz, by the start of their names (ctf,
#       ctf-serial, profile-sptdecode, tracer, tracer-http, ...; all by default; ctf takes ctf-serial too)
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
SECONDS_TOTAL=600
SEED=1
JAVA_INPUTS=25  # the inputs of CtfFuzzTest (CTF 2 too), CtfSerialFuzzTest, CallProfileFuzzTest, FtraceFuzzTest and Otf2FuzzTest
PARSERS=(http resp reply bus)  # the tracer's parsers, fuzz_parsers.c's
INPUTS=$((JAVA_INPUTS + ${#PARSERS[@]}))
CORES=$(nproc)

MUTANTS=9223372036854775807
READERS=
usage() { echo "usage: sextant fuzz [--seconds N | --mutants M] [--seed S] [--readers LIST]" >&2; exit 2; }
while [ $# -gt 0 ]; do
    case $1 in
        --seconds) [ $# -ge 2 ] && [[ $2 =~ ^[0-9]+$ ]] && [ "$2" -ge "$INPUTS" ] || usage; SECONDS_TOTAL=$2; shift 2 ;;
        --mutants) [ $# -ge 2 ] && [[ $2 =~ ^[1-9][0-9]*$ ]] || usage; MUTANTS=$2; SECONDS_TOTAL=$((365 * 86400)); shift 2 ;;
        --readers) [ $# -ge 2 ] && [[ $2 =~ ^[a-z0-9.,_-]+$ ]] || usage; READERS=$2; shift 2 ;;
        --seed) [ $# -ge 2 ] && [[ $2 =~ ^[0-9]+$ ]] || usage; SEED=$2; shift 2 ;;
        *) usage ;;
    esac
done

# The readers named: those starting with "tracer" are the C parsers', the others the Java readers'.
JAVA_READERS=
C_PARSERS=
for reader in ${READERS//,/ }; do
    case $reader in
        tracer) C_PARSERS=$(IFS=,; echo "${PARSERS[*]}") ;;
        tracer-*) C_PARSERS=${C_PARSERS:+$C_PARSERS,}${reader#tracer-} ;;
        *) JAVA_READERS=${JAVA_READERS:+$JAVA_READERS,}$reader ;;
    esac
done
if [ -z "$READERS" ]; then
    C_PARSERS=$(IFS=,; echo "${PARSERS[*]}")
fi

PLATFORM=$(python3 "$ROOT/releng/platform/bootstrap.py")
LOG=${SEXTANT_HOME:-$ROOT/.sextant}/logs/fuzz-$(date +%Y%m%d-%H%M%S).log
mkdir -p "$(dirname "$LOG")"
if [ "$MUTANTS" = 9223372036854775807 ]; then
    echo "[sextant] fuzzing ${READERS:-every reader} for ${SECONDS_TOTAL} s from seed $SEED (log: $LOG)" >&2
else
    echo "[sextant] fuzzing ${READERS:-every reader} with $MUTANTS mutants per input from seed $SEED (log: $LOG)" >&2
fi
rc=0
set +e
if [ -n "$JAVA_READERS" ] || [ -z "$READERS" ]; then
"$ROOT/mvnw" -B -Dsextant.platform="$PLATFORM" verify \
    -pl releng/org.sextant.target,bundles/org.sextant.common.model,bundles/org.sextant.ctf.model,bundles/org.sextant.callstack.model,bundles/org.sextant.ftrace.model,bundles/org.sextant.otf2.model,bundles/org.sextant.parallel.model,bundles/org.sextant.kernel.model,bundles/org.sextant.count.model,bundles/org.sextant.fuzz.model \
    -Dtest='*FuzzTest' -Dsurefire.failIfNoSpecifiedTests=false \
    -Dsextant.fuzz.mutants="$MUTANTS" -Dsextant.fuzz.seconds=$((SECONDS_TOTAL * CORES / INPUTS)) -Dsextant.fuzz.seed="$SEED" \
    -Dsextant.fuzz.readers="$JAVA_READERS" \
    -Djunit.jupiter.execution.parallel.enabled=true -Djunit.jupiter.execution.parallel.mode.default=concurrent \
    -Djunit.jupiter.execution.parallel.config.strategy=fixed -Djunit.jupiter.execution.parallel.config.fixed.parallelism="$CORES" \
    >"$LOG" 2>&1
rc=$?
fi
if [ -n "$C_PARSERS" ]; then
    if [ "$MUTANTS" = 9223372036854775807 ]; then
        budget=(--seconds $((SECONDS_TOTAL * $(tr -cd , <<<"$C_PARSERS," | wc -c) / INPUTS + 1)))
    else
        budget=(--mutants "$MUTANTS")
    fi
    BUILD=$(mktemp -d)
    make -s -C "$ROOT/tracers/redis" "O=$BUILD" "$BUILD/fuzz-parsers" >>"$LOG" 2>&1 \
        && "$BUILD/fuzz-parsers" "${budget[@]}" --seed "$SEED" --parsers "$C_PARSERS" --keep "$BUILD" >>"$LOG" 2>&1
    c_rc=$?
    [ $c_rc -eq 0 ] && rm -rf "$BUILD"
    [ $c_rc -eq 0 ] || rc=$c_rc
fi
set -e
grep -E '^\[fuzz\]|^(CRASH|HANG|INVARIANT_VIOLATION) seed' "$LOG" || true
if [ $rc -ne 0 ]; then
    grep -q '^\[fuzz\]' "$LOG" || tail -n 20 "$LOG" >&2
    echo "sextant: error: the campaign found failing mutants or did not run; see $LOG" >&2
fi
exit $rc
