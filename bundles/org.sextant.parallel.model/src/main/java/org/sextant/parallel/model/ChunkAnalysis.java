// SPDX-License-Identifier: EPL-2.0
package org.sextant.parallel.model;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Set;

/**
 * A state analysis built in parallel: a fresh {@link Worker} handles each chunk's events on a worker thread
 * with chunk-local state, writing {@link Changes}; the merge applies every chunk's changes in global time order
 * to one {@link MergedState}. A value unknown at the start of a chunk stays unknown in its worker until one of
 * the chunk's events sets it; a change that needs such a value is deferred: written as a function of the merged
 * state, which knows everything before it.
 *
 * <p>
 * A worker is a dispatch table: asked once per event class for the handler of that class (or none), so the
 * per-event path compares no names, and each kind of event has its own small handler.
 * </p>
 */
public interface ChunkAnalysis {

    /** Handles the events of one class, in stream order, on one worker thread. */
    @FunctionalInterface
    interface Handler {
        /**
         * One event.
         *
         * @param nanos
         *            its time in nanoseconds
         * @param cpu
         *            its CPU, or -1 when unknown
         * @param fields
         *            its fields named by {@link ChunkAnalysis#fields()}, valid during this call only
         * @param changes
         *            where the chunk's state changes go
         */
        void event(long nanos, int cpu, EventFields fields, Changes changes);
    }

    /** The handlers of one chunk's events, sharing the chunk-local state. */
    @FunctionalInterface
    interface Worker {
        /**
         * The handler of an event class, asked for once per class before the chunk's first event of that class.
         * Events of a class without a handler still count for the chunk's first and last event times.
         *
         * @param eventName
         *            the event class name
         * @return the handler of its events, or null when the analysis ignores them
         */
        Handler handler(String eventName);

        /**
         * The chunk has no more events: last chance to complete reserved changes.
         *
         * @param changes
         *            where the chunk's state changes went
         */
        default void end(Changes changes) {
            // most workers have nothing pending
        }
    }

    /** @return the event fields the handlers read; the decoder skips the others */
    Set<String> fields();

    /** @return a worker for one chunk, with fresh chunk-local state */
    Worker worker();

    /**
     * @return the character set of the string fields the handlers read: UTF-8 by default; ISO-8859-1 for an
     *         analysis whose state must hold the strings Trace Compass 6.2 reads (one character per byte)
     */
    default Charset strings() {
        return StandardCharsets.UTF_8;
    }

    /**
     * A worker for one chunk of one trace among several built together (a recording of one trace per process),
     * for analyses whose events name their trace only by where they come from.
     *
     * @param traceDirectory
     *            the chunk's trace
     * @return a worker with fresh chunk-local state; by default {@link #worker()}
     */
    default Worker worker(Path traceDirectory) {
        return worker();
    }
}
