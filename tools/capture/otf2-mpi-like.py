#!/usr/bin/python3
# SPDX-License-Identifier: EPL-2.0
"""Writes a small OTF2 archive through the real OTF2 library (Debian's python3-otf2, libotf2): two MPI ranks of a
ring exchange, the second rank with an OpenMP-like thread team, so every event type the Sextant reader decodes
appears at least once, with an attribute list on some events, and so do a definition and three event types
it skips (a parameter, ParameterInt, MeasurementOnOff, and OmpFork, a record without a length byte). Then runs
otf2-print on it as the test oracle.

Usage: otf2-mpi-like.py OUT_DIR   (OUT_DIR/traces.otf2, OUT_DIR/traces.def, OUT_DIR/traces/, and
OUT_DIR/otf2-print.txt)."""
import os
import subprocess
import sys

import otf2
from otf2.enums import (CollectiveOp, GroupType, LocationGroupType, LocationType, MeasurementMode, MetricMode,
                        MetricOccurrence, ParameterType, Paradigm, RecorderKind, Type)

TIMER = 1_000_000_000  # nanoseconds


def main(out):
    with otf2.writer.open(out, timer_resolution=TIMER) as trace:
        d = trace.definitions
        machine = d.system_tree_node("machine")
        node = d.system_tree_node("node0", parent=machine)
        ranks = [d.location_group("MPI Rank %d" % r, location_group_type=LocationGroupType.PROCESS,
                                  system_tree_parent=node) for r in range(2)]
        main_r = d.region("main")
        compute = d.region("compute")
        send_r = d.region("MPI_Send")
        recv_r = d.region("MPI_Recv")
        isend_r = d.region("MPI_Isend")
        irecv_r = d.region("MPI_Irecv")
        allreduce = d.region("MPI_Allreduce")
        parallel = d.region("!$omp parallel")
        iteration = d.attribute("iteration", "ring step", Type.UINT32)
        phase = d.attribute("phase", "", Type.STRING)
        # A parameter definition and three event types the Sextant reader does not decode: it must skip them.
        size = d.parameter("size", ParameterType.INT64)
        cycles = d.metric_member("cycles", "CPU cycles", unit="#", value_type=Type.UINT64,
                                 metric_mode=MetricMode.ACCUMULATED_START)
        metric = d.metric_class([cycles], MetricOccurrence.SYNCHRONOUS_STRICT, RecorderKind.CPU)

        locs = [d.location("Master thread", group=rank) for rank in ranks]
        worker_loc = d.location("OpenMP thread 1", group=ranks[1], type=LocationType.CPU_THREAD)
        threads = [trace.event_writer_from_location(loc) for loc in locs]
        worker = trace.event_writer_from_location(worker_loc)
        d.group("MPI locations", group_type=GroupType.COMM_LOCATIONS, paradigm=Paradigm.MPI, members=locs)
        d.group("OpenMP locations", group_type=GroupType.COMM_LOCATIONS, paradigm=Paradigm.OPENMP,
                members=[locs[1], worker_loc])
        world_group = d.group("MPI_COMM_WORLD", group_type=GroupType.COMM_GROUP, paradigm=Paradigm.MPI,
                              members=locs)
        world = d.comm("MPI_COMM_WORLD", world_group)
        win = d.rma_win("window", world)
        team_group = d.group("team", group_type=GroupType.COMM_GROUP, paradigm=Paradigm.OPENMP,
                             members=[locs[1], worker_loc])
        team = d.comm("team", team_group)

        t = 1_000
        for rank, w in enumerate(threads):
            w.program_begin(t - 1, "ring", ["--steps", "3"])
        for rank, w in enumerate(threads):
            w.enter(t + rank, main_r, attributes={phase: "setup"})
            w.rma_win_create(t + 10 + rank, win)
        threads[0].measurement_on_off(t + 20, MeasurementMode.ON)
        t += 100
        for step in range(3):
            for rank, w in enumerate(threads):
                peer = 1 - rank
                base = t + step * 1000 + rank * 7
                w.enter(base, compute, attributes={iteration: step})
                w.metric(base + 1, metric, [100_000 * (step + 1) + rank])
                if rank == 0:
                    w.parameter_int(base + 2, size, -1000 * step)
                w.leave(base + 200, compute)
                if step == 1:
                    w.enter(base + 210, isend_r)
                    w.mpi_isend(base + 211, peer, world, step, 4096, 10 + step * 2 + rank)
                    w.leave(base + 220, isend_r)
                    w.enter(base + 230, irecv_r)
                    w.mpi_irecv_request(base + 231, 20 + rank)
                    w.leave(base + 240, irecv_r)
                    w.mpi_isend_complete(base + 300, 10 + step * 2 + rank)
                    w.mpi_irecv(base + 310, peer, world, step, 4096, 20 + rank)
                else:
                    w.enter(base + 210, send_r)
                    w.mpi_send(base + 211, peer, world, step, 8 << step)
                    w.leave(base + 220, send_r)
                    w.enter(base + 230, recv_r)
                    w.mpi_recv(base + 239, peer, world, step, 8 << step)
                    w.leave(base + 240, recv_r)
                w.enter(base + 400, allreduce)
                w.mpi_collective_begin(base + 401)
                w.mpi_collective_end(base + 450, CollectiveOp.ALLREDUCE, world, 0xFFFFFFFF, 8, 8)
                w.leave(base + 460, allreduce)
            if step == 2:
                base = t + step * 1000 + 500
                master = threads[1]
                master.omp_fork(base - 1, 2)
                master.thread_fork(base, Paradigm.OPENMP, 2)
                for i, w in enumerate((master, worker)):
                    w.enter(base + 1 + i, parallel)
                    w.thread_team_begin(base + 2 + i, team)
                    w.thread_team_end(base + 50 + i, team)
                    w.leave(base + 60 + i, parallel)
                master.thread_join(base + 70, Paradigm.OPENMP)
        end = t + 3 * 1000 + 100
        for rank, w in enumerate(threads):
            w.rma_win_destroy(end + rank, win)
            w.leave(end + 10 + rank, main_r)
            w.program_end(end + 20 + rank, -rank)
    with open(os.path.join(out, "otf2-print.txt"), "w") as oracle:
        subprocess.run(["otf2-print", "-A", os.path.join(out, "traces.otf2")], stdout=oracle, check=True)


if __name__ == "__main__":
    main(sys.argv[1])
