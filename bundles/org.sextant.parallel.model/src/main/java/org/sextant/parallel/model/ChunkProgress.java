// SPDX-License-Identifier: EPL-2.0
package org.sextant.parallel.model;

/**
 * Told after each chunk is merged: the progress of a parallel decoding or build, in chunks. The serial mode, whose
 * number of chunks is not known ahead, tells it in thousandths of the trace's time span instead.
 */
@FunctionalInterface
public interface ChunkProgress {
    /**
     * @param done
     *            chunks merged so far (or thousandths)
     * @param total
     *            chunks in the trace (or 1000)
     */
    void chunksMerged(int done, int total);
}
