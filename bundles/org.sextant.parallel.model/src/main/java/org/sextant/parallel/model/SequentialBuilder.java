// SPDX-License-Identifier: EPL-2.0
package org.sextant.parallel.model;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

import org.sextant.common.model.state.StateWriter;

/**
 * Builds the state of a {@link ChunkAnalysis} from events that come already in time order from one reader (a
 * trace that is not CTF: the ftrace reader merges its CPUs itself), on the calling thread. The events are cut into
 * chunks of a number of events, each handled by a fresh worker and merged as soon as it ends, so the analysis
 * runs exactly as in a parallel build (chunk-local state, deferred changes resolved by the merge) and memory holds
 * one chunk's changes, not the trace's.
 */
public final class SequentialBuilder {

    /** The default chunk: about what a parallel build's 8 MiB chunk holds. */
    public static final int DEFAULT_CHUNK_EVENTS = 1 << 18;

    /** Where a source delivers its events. */
    @FunctionalInterface
    public interface Sink {
        /**
         * One event, not before the one delivered before it.
         *
         * @param nanos
         *            its time
         * @param cpu
         *            its CPU, or -1
         * @param name
         *            its event class
         * @param fields
         *            its fields, valid during the call only
         */
        void event(long nanos, int cpu, String name, EventFields fields);
    }

    /**
     * Delivers a trace's events in time order.
     *
     * @param <E>
     *            the reader's error
     */
    @FunctionalInterface
    public interface Source<E extends Exception> {
        /**
         * @param sink
         *            gets every event, in time order
         * @param cancelled
         *            set when the source should stop early
         * @throws E
         *             when the reader cannot read the trace
         */
        void read(Sink sink, AtomicBoolean cancelled) throws E;
    }

    private static final ChunkAnalysis.Handler IGNORED = (nanos, cpu, fields, changes) -> { };

    private final int fChunkEvents;

    /**
     * @param chunkEvents
     *            events per chunk, at least 1
     */
    public SequentialBuilder(int chunkEvents) {
        if (chunkEvents < 1) {
            throw new IllegalArgumentException("chunk of " + chunkEvents + " events");
        }
        fChunkEvents = chunkEvents;
    }

    /**
     * @param <E>
     *            the reader's error
     * @param source
     *            the events
     * @param analysis
     *            the analysis
     * @param writer
     *            receives the merged state changes
     * @param cancelled
     *            set to stop early
     * @return what was done; {@code streams} is 1, {@code maxChunksInFlight} 1
     * @throws E
     *             when the source cannot read its trace
     */
    public <E extends Exception> ParallelBuilder.Stats build(Source<E> source, ChunkAnalysis analysis, StateWriter writer, AtomicBoolean cancelled)
            throws E {
        MergedState state = new MergedState(writer);
        Chunk chunk = new Chunk(state, analysis);
        long[] totals = new long[5]; // chunks, events, changes, deferred, first event
        totals[4] = Long.MAX_VALUE;
        long[] last = { Long.MIN_VALUE };
        Chunk[] current = { chunk };
        source.read((nanos, cpu, name, fields) -> {
            Chunk open = current[0];
            open.event(nanos, cpu, name, fields);
            last[0] = nanos;
            if (open.fChanges.events() == fChunkEvents) {
                open.merge(totals);
                current[0] = new Chunk(state, analysis);
            }
        }, cancelled);
        if (current[0].fChanges.events() > 0) {
            current[0].merge(totals);
        }
        // One thread does every stage in turn: nothing for a scaling model to tell apart, so nothing measured.
        PipelineCosts unmeasured = new PipelineCosts((int) totals[0], 0, 0, 0, 0);
        return new ParallelBuilder.Stats((int) totals[0], 1, totals[1], totals[2], totals[3], totals[4], last[0], 1, unmeasured);
    }

    /** A chunk being handled: its worker, its handler per event class, its changes. */
    private static final class Chunk {
        final Changes fChanges;
        private final ChunkAnalysis.Worker fWorker;
        private final Map<String, ChunkAnalysis.Handler> fHandlers = new HashMap<>();

        Chunk(MergedState state, ChunkAnalysis analysis) {
            fChanges = new Changes(state);
            fWorker = analysis.worker();
        }

        void event(long nanos, int cpu, String name, EventFields fields) {
            fChanges.event(nanos);
            ChunkAnalysis.Handler handler = fHandlers.computeIfAbsent(name, this::handlerOf);
            if (handler != IGNORED) {
                handler.event(nanos, cpu, fields, fChanges);
            }
        }

        private ChunkAnalysis.Handler handlerOf(String name) {
            ChunkAnalysis.Handler handler = fWorker.handler(name);
            return handler == null ? IGNORED : handler;
        }

        /** Ends the chunk and applies its changes: every earlier chunk's are applied, no later one's can come before. */
        void merge(long[] totals) {
            fWorker.end(fChanges);
            fChanges.applyAll(totals);
        }
    }
}
