// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.ctf.core;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.osgi.util.NLS;
import org.eclipse.tracecompass.tmf.core.timestamp.TmfTimeRange;
import org.eclipse.tracecompass.tmf.core.timestamp.TmfTimestamp;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.experiment.TmfExperiment;
import org.eclipse.tracecompass.tmf.core.trace.indexer.checkpoint.TmfCheckpoint;
import org.eclipse.tracecompass.tmf.core.trace.location.ITmfLocation;
import org.eclipse.tracecompass.tmf.ctf.core.context.CtfLocation;
import org.eclipse.tracecompass.tmf.ctf.core.trace.CtfTmfTrace;
import org.sextant.ctf.model.TraceFormatException;

/**
 * The checkpoint index of an experiment of CTF traces (a recording), made by Sextant's codec
 * ({@link CodecIndexer}): each member's events walked by the codec, merged as Trace Compass's experiment merges
 * them (by time as its events carry it, then by member), and at each checkpoint every member's place as the
 * experiment's location holds it (the location of its next event, or its end, and how many of its events came
 * before). Made only where every member is a CTF trace the codec reads as Trace Compass's reader does, and Trace
 * Compass's reader begins each member and finds the last checkpoint where the codec does.
 */
public final class ExperimentIndexer extends CodecIndexer {

    /** A member in the merge, at its next event. */
    private record Member(int index, CodecWalk walk) implements Comparable<Member> {
        @Override
        public int compareTo(Member other) {
            int byTime = Long.compare(walk.time(), other.walk.time());
            return byTime != 0 ? byTime : Integer.compare(index, other.index);
        }
    }

    private final TmfExperiment fExperiment;

    /**
     * @param experiment
     *            the experiment
     * @param interval
     *            events between checkpoints
     */
    public ExperimentIndexer(TmfExperiment experiment, int interval) {
        super(experiment, interval);
        fExperiment = experiment;
    }

    @Override
    protected void indexWithCodec(IProgressMonitor monitor) throws Declined, TraceFormatException, IOException {
        List<ITmfTrace> members = fExperiment.getTraces();
        List<CodecWalk> walks = new ArrayList<>();
        try {
            for (ITmfTrace member : members) {
                if (!(member instanceof CtfTmfTrace ctf)) {
                    throw new Declined(NLS.bind(Messages.Index_NotCtf, member.getPath()));
                }
                walks.add(CodecWalk.open(ctf));
            }
            index(walks, monitor);
        } finally {
            close(walks);
        }
    }

    private void index(List<CodecWalk> walks, IProgressMonitor monitor) throws Declined, TraceFormatException, IOException {
        long[] ranks = new long[walks.size()];
        boolean[] ended = new boolean[walks.size()];
        PriorityQueue<Member> queue = new PriorityQueue<>();
        for (int index = 0; index < walks.size(); index++) {
            CodecWalk walk = walks.get(index);
            if (walk.next()) {
                checkFirst(walk.trace(), walk.time());
                queue.add(new Member(index, walk));
            } else {
                ended[index] = true;
            }
        }
        List<TmfCheckpoint> checkpoints = new ArrayList<>();
        long rank = 0;
        long first = queue.isEmpty() ? 0 : queue.peek().walk().time();
        long end = Long.MIN_VALUE;
        Member next;
        while ((next = queue.poll()) != null) {
            if (rank % interval() == 0) {
                checkpoints.add(new TmfCheckpoint(TmfTimestamp.fromNanos(next.walk().time()), location(walks, ranks, ended), rank / interval()));
            }
            end = Math.max(end, next.walk().end());
            ranks[next.index()]++;
            rank++;
            walked(rank, monitor);
            if (next.walk().next()) {
                queue.add(next);
            } else {
                ended[next.index()] = true;
            }
        }
        for (CodecWalk walk : walks) {
            walk.finish();
        }
        if (rank == 0) {
            throw new Declined(Messages.Index_Empty);
        }
        checkLast(checkpoints.get(checkpoints.size() - 1));
        keep(checkpoints, new TmfTimeRange(TmfTimestamp.fromNanos(first), TmfTimestamp.fromNanos(end)), rank);
    }

    /** Closes every walk, even when one fails to; the first failure is thrown once all are closed. */
    private static void close(List<CodecWalk> walks) throws IOException {
        IOException failure = null;
        for (CodecWalk walk : walks) {
            try {
                walk.close();
            } catch (IOException e) {
                if (failure == null) {
                    failure = e;
                }
            }
        }
        if (failure != null) {
            throw failure;
        }
    }

    /**
     * The experiment's location where each member is now: its next event's location (its end's once it has
     * none) and its count of events before it, made as Trace Compass restores the locations it keeps.
     */
    private ITmfLocation location(List<CodecWalk> walks, long[] ranks, boolean[] ended) {
        ByteBuffer buffer = ByteBuffer.allocate(fExperiment.getCheckpointSize());
        for (int index = 0; index < walks.size(); index++) {
            (ended[index] ? new CtfLocation(CtfLocation.INVALID_LOCATION) : walks.get(index).location()).serialize(buffer);
            buffer.putLong(ranks[index]);
        }
        buffer.flip();
        return fExperiment.restoreLocation(buffer);
    }
}
