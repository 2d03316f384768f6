// SPDX-License-Identifier: EPL-2.0
package org.sextant.redis.core;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.statesystem.core.ITmfStateSystemBuilder;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;
import org.sextant.ctf.model.TraceFormatException;
import org.sextant.internal.redis.core.LinkSegment;
import org.sextant.internal.redis.core.Messages;
import org.sextant.internal.redis.core.RedisChunkAnalysis;
import org.sextant.internal.redis.core.RedisCompanion;
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
import org.sextant.redis.model.UseAfterFreeTracker;

/**
 * The Redis model built once by the engine from the CTF traces of a recording (one per process) at once: chunk
 * workers decode, the merge feeds one {@link RedisTracker} in global time order ({@code RedisChunkAnalysis} says
 * why there). The state is {@link RedisAnalysisModule}'s; the requests and the hops of their paths the tracker
 * completes on the way are kept beside the history ({@link RedisCompanion}), so that Netflow, Threads, Data
 * Volume, Events Latency and Request Paths all read this one build. The views read it where the tracer discarded
 * no event ({@link #of}): the lost-event markers Trace Compass makes of discards are not made here, so such
 * recordings are built by Trace Compass's reader, and this module, asked to build one, refuses naming where.
 */
public class RedisParallelModule extends ParallelHistoryModule {

    /** The module id; also the state system id and history file name. */
    public static final String ID = "org.sextant.redis.core.parallel"; //$NON-NLS-1$

    private final List<RequestSegment> fRequests = new ArrayList<>();
    private final List<LinkSegment> fLinks = new ArrayList<>();
    private volatile @Nullable RedisCompanion fCompanion;
    private volatile @Nullable Boolean fDiscardedNothing;

    /**
     * @param trace
     *            a trace or a recording's experiment
     * @return its parallel Redis module, not scheduled, where the views read it: null when the trace has no Redis
     *         events or its tracer discarded events (Trace Compass's build models the loss)
     */
    public static @Nullable RedisParallelModule of(ITmfTrace trace) {
        RedisParallelModule module = TmfTraceUtils.getAnalysisModuleOfClass(trace, RedisParallelModule.class, ID);
        return module != null && module.discardedNothing() ? module : null;
    }

    @Override
    public boolean canExecute(ITmfTrace trace) {
        try {
            return RedisTraces.hasRedisEvents(trace) && !RedisRecording.members(trace).isEmpty();
        } catch (IOException e) {
            // applies, and the build says why it cannot be made
            return true;
        }
    }

    /** Whether no member's tracer discarded events: read once per trace, from the packets' counters. */
    private boolean discardedNothing() {
        Boolean nothing = fDiscardedNothing;
        if (nothing == null) {
            nothing = Boolean.TRUE;
            ITmfTrace trace = getTrace();
            try {
                for (Path member : trace == null ? List.<Path> of() : RedisRecording.members(trace).keySet()) {
                    if (RedisRecording.firstDiscard(member) != null) {
                        nothing = Boolean.FALSE;
                        break;
                    }
                }
            } catch (IOException | TraceFormatException e) {
                // the build says why it cannot be made
            }
            fDiscardedNothing = nothing;
        }
        return nothing;
    }

    @Override
    public int stateVersion() {
        return RedisTracker.VERSION + UseAfterFreeTracker.VERSION;
    }

    @Override
    protected String getTaskName() {
        return Messages.Parallel_Task;
    }

    @Override
    public Built build(Path traceDirectory, ITmfStateSystemBuilder ss, BuildMode mode, ChunkProgress progress, AtomicBoolean cancelled)
            throws TraceFormatException, InputException, IOException, InterruptedException {
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
        fRequests.clear();
        fLinks.clear();
        StateSystemWriter writer = new StateSystemWriter(ss);
        RedisTracker tracker = new RedisTracker(writer, request -> fRequests.add(RequestSegment.of(request)), link -> fLinks.add(LinkSegment.of(link)));
        ParallelBuilder.Stats stats = new ParallelBuilder(mode).build(members, new RedisChunkAnalysis(tracker, new UseAfterFreeTracker(writer, finding -> {
            // the findings are the history's
        }), RedisRecording.fields(members.keySet())),
                writer, progress, cancelled);
        tracker.traceEnded();
        // the serial build's history ends at the experiment's last event, whichever member holds it
        long end = Math.max(stats.lastEvent(), trace.getEndTime().toNanos());
        return new Built(new Report(mode.workerThreads(), stats.chunks(), stats.events(), stats.deferred(), stats.maxChunksInFlight(), stats.costs()), end);
    }

    /** The requests and hops of the build just made, kept beside its history; their lists are then let go. */
    @Override
    public Companion companion() {
        return file -> {
            RedisCompanion companion = new RedisCompanion(List.copyOf(fRequests), List.copyOf(fLinks));
            companion.write(file);
            fCompanion = companion;
            fRequests.clear();
            fLinks.clear();
        };
    }

    /**
     * @return what the build saw besides the state (its requests and the hops of their paths), once the module
     *         completed; read from beside the history where it was reused
     * @throws IOException
     *             when the file kept beside the history cannot be read
     */
    public RedisCompanion getCompanionContent() throws IOException {
        RedisCompanion companion = fCompanion;
        if (companion == null) {
            Path file = getCompanion();
            if (file == null) {
                throw new IOException(getId() + " has not been built"); //$NON-NLS-1$
            }
            companion = RedisCompanion.read(file);
            fCompanion = companion;
        }
        return companion;
    }
}
