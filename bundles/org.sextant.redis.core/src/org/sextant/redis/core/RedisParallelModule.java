// SPDX-License-Identifier: EPL-2.0
package org.sextant.redis.core;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

import org.eclipse.tracecompass.statesystem.core.ITmfStateSystemBuilder;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.sextant.ctf.model.TraceFormatException;
import org.sextant.internal.redis.core.RedisChunkAnalysis;
import org.sextant.internal.redis.core.RedisRecording;
import org.sextant.internal.redis.core.RedisTraces;
import org.sextant.parallel.core.ParallelHistoryModule;
import org.sextant.parallel.engine.Built;
import org.sextant.parallel.engine.InputException;
import org.sextant.parallel.engine.Report;
import org.sextant.parallel.engine.StateSystemWriter;
import org.sextant.parallel.model.BuildMode;
import org.sextant.parallel.model.ChunkProgress;
import org.sextant.parallel.model.ParallelBuilder;
import org.sextant.redis.model.RedisTracker;

/**
 * The Redis model of {@link RedisAnalysisModule}, the same state, built by Sextant's parallel builder from the
 * CTF traces of a recording (one per process) at once: chunk workers decode, the merge feeds one
 * {@link RedisTracker} in global time order ({@code RedisChunkAnalysis} says why there). Where the tracer
 * discarded events the build stops and says where: the lost-event markers Trace Compass makes of them are not
 * made here yet.
 */
public class RedisParallelModule extends ParallelHistoryModule {

    /** The module id; also the state system id and history file name. */
    public static final String ID = "org.sextant.redis.core.parallel"; //$NON-NLS-1$

    @Override
    public boolean canExecute(ITmfTrace trace) {
        try {
            return RedisTraces.hasRedisEvents(trace) && !RedisRecording.members(trace).isEmpty();
        } catch (IOException e) {
            // applies, and the build says why it cannot be made
            return true;
        }
    }

    @Override
    public int stateVersion() {
        return RedisTracker.VERSION;
    }

    @Override
    protected String getTaskName() {
        return "Building the Redis model in parallel"; //$NON-NLS-1$
    }

    @Override
    public Built build(Path traceDirectory, ITmfStateSystemBuilder ss, BuildMode mode, ChunkProgress progress, AtomicBoolean cancelled) throws TraceFormatException, InputException, IOException, InterruptedException {
        ITmfTrace trace = getTrace();
        if (trace == null) {
            throw new IOException("no trace"); //$NON-NLS-1$
        }
        Map<Path, Long> members = RedisRecording.members(trace);
        for (Path member : members.keySet()) {
            String discard = RedisRecording.firstDiscard(member);
            if (discard != null) {
                throw new InputException(discard + "; the parallel Redis build does not model lost events yet: use the Redis analysis (Trace Compass's build)", //$NON-NLS-1$
                        new IOException(discard));
            }
        }
        StateSystemWriter writer = new StateSystemWriter(ss);
        RedisTracker tracker = new RedisTracker(writer, request -> {
            // latencies are the segment store's (RedisLatencyModule)
        });
        ParallelBuilder.Stats stats = new ParallelBuilder(mode).build(members, new RedisChunkAnalysis(tracker, RedisRecording.fields(members.keySet())),
                writer, progress, cancelled);
        // the serial build's history ends at the experiment's last event, whichever member holds it
        long end = Math.max(stats.lastEvent(), trace.getEndTime().toNanos());
        return new Built(new Report(mode.workerThreads(), stats.chunks(), stats.events(), stats.deferred(), stats.maxChunksInFlight(), stats.costs()), end);
    }
}
