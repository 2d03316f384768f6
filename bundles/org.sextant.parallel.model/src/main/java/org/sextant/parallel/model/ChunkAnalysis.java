// SPDX-License-Identifier: EPL-2.0
package org.sextant.parallel.model;

import java.util.Set;

/**
 * A state analysis built in parallel: a fresh {@link Worker} handles each chunk's events on a worker thread
 * with chunk-local state, writing {@link Changes}; the merge applies every chunk's changes in global time order
 * to one {@link MergedState}. A value unknown at the start of a chunk stays unknown in its worker until one of
 * the chunk's events sets it; a change that needs such a value is deferred: written as a function of the merged
 * state, which knows everything before it.
 */
public interface ChunkAnalysis {

    /** Handles the events of one chunk, in stream order, on one worker thread. */
    interface Worker {
        /**
         * One event.
         *
         * @param nanos
         *            its time in nanoseconds
         * @param cpu
         *            its CPU, or -1 when unknown
         * @param eventName
         *            its event class name
         * @param fields
         *            its fields named by {@link ChunkAnalysis#fields()}, valid during this call only
         * @param changes
         *            where the chunk's state changes go
         */
        void event(long nanos, int cpu, String eventName, EventFields fields, Changes changes);

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

    /** @return the event fields the workers read; the decoder skips the others */
    Set<String> fields();

    /** @return a worker for one chunk, with fresh chunk-local state */
    Worker worker();
}
