// SPDX-License-Identifier: EPL-2.0
package org.sextant.parallel.model;

/** Told after each chunk is merged: the progress of a parallel decoding or build, in chunks. */
@FunctionalInterface
public interface ChunkProgress {
    /**
     * @param done
     *            chunks merged so far
     * @param total
     *            chunks in the trace
     */
    void chunksMerged(int done, int total);
}
