#!/usr/bin/python3
# SPDX-License-Identifier: EPL-2.0
"""Writes a small OTF2 archive through the real OTF2 library (Debian's python3-otf2, libotf2) for the time-series
export: events over four seconds of a 2.5 GHz clock (so ticks are not nanoseconds), events of one location that
are alike down to the tick (a region entered recursively within one tick, two equal sends, a metric twice), which
InfluxDB would merge into one point without the export's tie tag, and a region whose name holds what InfluxDB's
line protocol must escape (commas, spaces, equals signs, quotes, a backslash). Then runs otf2-print on it as the
test oracle.

Usage: otf2-ties.py OUT_DIR   (OUT_DIR/traces.otf2, OUT_DIR/traces.def, OUT_DIR/traces/, and
OUT_DIR/otf2-print.txt)."""
import os
import subprocess
import sys

import otf2
from otf2.enums import GroupType, LocationGroupType, MetricMode, MetricOccurrence, Paradigm, RecorderKind, Type

TIMER = 2_500_000_000  # ticks per second


def main(out):
    with otf2.writer.open(out, timer_resolution=TIMER) as trace:
        d = trace.definitions
        node = d.system_tree_node("node0")
        ranks = [d.location_group("MPI Rank %d" % r, location_group_type=LocationGroupType.PROCESS,
                                  system_tree_parent=node) for r in range(2)]
        solve = d.region("solve")
        odd = d.region('std::map<int, int>::operator[](key=1) "hot" C:\\path')
        send_r = d.region("MPI_Send")
        recv_r = d.region("MPI_Recv")
        flops = d.metric_member("flops", "floating-point operations", unit="#", value_type=Type.DOUBLE,
                                metric_mode=MetricMode.ACCUMULATED_START)
        metric = d.metric_class([flops], MetricOccurrence.SYNCHRONOUS_STRICT, RecorderKind.CPU)
        locs = [d.location("Master thread", group=rank) for rank in ranks]
        writers = [trace.event_writer_from_location(loc) for loc in locs]
        d.group("MPI locations", group_type=GroupType.COMM_LOCATIONS, paradigm=Paradigm.MPI, members=locs)
        world_group = d.group("MPI_COMM_WORLD", group_type=GroupType.COMM_GROUP, paradigm=Paradigm.MPI,
                              members=locs)
        world = d.comm("MPI_COMM_WORLD", world_group)

        for second in range(4):
            base = TIMER * (second + 1) + 1000  # a few ticks into each second, in ticks
            for rank, w in enumerate(writers):
                peer = 1 - rank
                t = base + rank * 3
                w.enter(t, solve)
                # recursion within one tick: two Enters of the same region at the same time
                w.enter(t, solve)
                w.enter(t + 1, odd)
                w.metric(t + 2, metric, [1.5 * second])
                w.metric(t + 2, metric, [2.5 * second])
                w.leave(t + 5, odd)
                for i in range(second + 1):
                    w.enter(t + 10 + 20 * i, send_r)
                    w.mpi_send(t + 11 + 20 * i, peer, world, 7 + rank, 64)
                    if second == 3 and i == 0:
                        # two equal sends within one tick
                        w.mpi_send(t + 11 + 20 * i, peer, world, 7 + rank, 64)
                    w.leave(t + 12 + 20 * i, send_r)
                    w.enter(t + 13 + 20 * i, recv_r)
                    w.mpi_recv(t + 14 + 20 * i, peer, world, 8 - rank, 64)
                    w.leave(t + 15 + 20 * i, recv_r)
                w.leave(t + 200, solve)
                w.leave(t + 200, solve)
    with open(os.path.join(out, "otf2-print.txt"), "w") as oracle:
        subprocess.run(["otf2-print", "-A", os.path.join(out, "traces.otf2")], stdout=oracle, check=True)


if __name__ == "__main__":
    main(sys.argv[1])
