// SPDX-License-Identifier: EPL-2.0
package org.sextant.parallel.engine;

import org.sextant.parallel.model.PipelineCosts;

/**
 * What a build did.
 *
 * @param threads
 *            worker threads
 * @param chunks
 *            chunks in the trace
 * @param events
 *            events decoded
 * @param deferred
 *            state changes the workers deferred to the merge
 * @param maxChunksInFlight
 *            the most chunks the merge held at once
 * @param costs
 *            what each stage of the chunk pipeline cost
 */
public record Report(int threads, int chunks, long events, long deferred, int maxChunksInFlight, PipelineCosts costs) {
}
