# SPDX-License-Identifier: EPL-2.0
#
# Sourced by the ftrace capture scripts (ftrace-fixtures.sh, ftrace-large.sh).

# ftrace_finish INSTANCE_DIR STATS_FILE DAT_FILE: stops an instance's tracing, saves its per-CPU statistics (the
# kernel's counts of lost events) and extracts its buffers with trace-cmd, uncompressed (file version 7).
# trace-cmd extract removes the instance afterwards.
ftrace_finish() {
    echo 0 > "$1/tracing_on"
    for stats in "$1"/per_cpu/cpu*/stats; do
        echo "$(basename "$(dirname "$stats")")"
        cat "$stats"
    done > "$2"
    trace-cmd extract -B "$(basename "$1")" --compression none -o "$3" > /dev/null
}
