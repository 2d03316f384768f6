#!/usr/bin/env bash
# SPDX-License-Identifier: EPL-2.0
#
# How the call-profile model's time grows with a call stack's depth (docs/performance.md, "Call stacks: deep
# stacks"): one path of 2^12 to 2^20 frames read as folded stacks, callgrind output and perf script (with its
# timeline), its flat profile, the difference and union of two runs, the folded export. The model alone,
# compiled here with javac (no Tycho build, no installation): the benchmark's thread's CPU seconds per step, wall
# seconds in brackets.
#
#   tools/bench-deep-stacks.sh [POWER...]        (default 12 14 16 18 20; JAVA_OPTS default -Xmx4g, as ./sextant)
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
MODEL=$ROOT/bundles/org.sextant.callstack.model/src
TESTS=$MODEL/test/java/org/sextant/callstack/model
# shellcheck disable=SC2046
javac -nowarn -d "$work" $(find "$ROOT/bundles/org.sextant.common.model/src/main" "$MODEL/main" -name '*.java') \
    "$TESTS/DeepStacks.java" "$TESTS/DeepStacksBenchmark.java"
# shellcheck disable=SC2086
java ${JAVA_OPTS:--Xmx4g} -cp "$work" org.sextant.callstack.model.DeepStacksBenchmark "$@"
