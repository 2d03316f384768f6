#!/usr/bin/env bash
# SPDX-License-Identifier: EPL-2.0
# A small parallel program that annotates its phases through ftrace's trace_marker, in free text (no syntax of
# annotate/README.md): two workers, three compute steps each, every step bracketed by "begin"/"end" markers
# naming worker and step. The workload of the ftrace-markers fixture; run it under ./sextant record --ftrace.
set -euo pipefail
: "${SEXTANT_TRACE_MARKER:?run me under ./sextant record --ftrace}"
for worker in 0 1; do
    (
        for step in 1 2 3; do
            echo "begin worker=$worker phase=compute step=$step" > "$SEXTANT_TRACE_MARKER"
            dd if=/dev/zero bs=64k count=200 status=none | sha1sum > /dev/null
            echo "end worker=$worker phase=compute step=$step" > "$SEXTANT_TRACE_MARKER"
        done
    ) &
done
wait
