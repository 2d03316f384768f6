#!/usr/bin/env bash
# SPDX-License-Identifier: EPL-2.0
#
# A check of races independent of Sextant's model, on a recording's Redis events as babeltrace2 prints them: per
# descriptor, a thread that starts a read or a write (start_read_client_query, write_to_client_start), or frees the
# client (free_client), while another thread's read or write of that descriptor has started and not ended. Prints
# each overlap, then the reads and writes started and the clients freed per thread, and the number of overlaps:
#
#   tools/capture/redis-overlaps.sh RECORDING_DIR
set -euo pipefail
[ $# -eq 1 ] || { echo "usage: $0 RECORDING_DIR" >&2; exit 2; }
command -v babeltrace2 >/dev/null || { echo "error: babeltrace2 not found (Debian: apt-get install babeltrace2)" >&2; exit 2; }
babeltrace2 "$1" | awk '
function field(name,   s) {
    if (!match($0, "[{,] " name " = -?[0-9]+")) return ""
    s = substr($0, RSTART, RLENGTH); sub(/.*= /, "", s); return s
}
function others(fd, tid, what,   key, p) {
    for (key in busy) {
        split(key, p, SUBSEP)
        if (p[1] == fd && p[2] != tid) { overlaps++; print "overlap at", $1, "fd", fd, ": thread", p[2], "busy,", "thread", tid, what }
    }
}
{
    event = $4; sub(/:$/, "", event)
    tid = field("vtid"); fd = field("fd")
    if (event == "redis:start_read_client_query" || event == "redis:write_to_client_start") {
        started[tid]++; others(fd, tid, event); busy[fd, tid] = 1
    } else if (event == "redis:end_read_client_query" || event == "redis:write_to_client_end") {
        # events version 5: an end with a took of 0 or more had no start event (one thread did all client I/O)
        if (field("took") != "" && field("took") + 0 >= 0) started[tid]++
        delete busy[fd, tid]
    } else if (event == "redis:reads_end" || event == "redis:writes_end") {
        # events versions 7 and 8: the reads or writes a thread kept while one thread did all client I/O
        started[tid] += field("_fds_length")
    } else if (event == "redis:free_client") {
        freed[tid]++; others(fd, tid, event)
        for (key in busy) { split(key, p, SUBSEP); if (p[1] == fd) delete busy[key] }
    }
}
END {
    for (tid in started) print "thread", tid, "reads and writes started", started[tid]
    for (tid in freed) print "thread", tid, "clients freed", freed[tid]
    print "overlaps", overlaps + 0
}'
