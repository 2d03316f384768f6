// SPDX-License-Identifier: EPL-2.0
package org.sextant.parallel.model;

/**
 * How a history is built: serially, the reference every other build must equal (one thread reading every stream
 * at once in time order, {@link SerialBuilder}), or in parallel (chunks of about {@code chunkBytes} of each stream
 * analysed on {@code threads} workers, merged in time order, {@link ChunkPipeline}). Both give the same history;
 * only their cost differs. Zero in a field of a parallel build means the default: a thread per core, chunks of
 * {@link Partitioner#DEFAULT_CHUNK_BYTES}, the analysis's own number of history writers.
 *
 * @param serial
 *            the serial mode; {@code threads} and {@code chunkBytes} are then one and unused
 * @param threads
 *            worker threads of a parallel build, 0 for one per core
 * @param chunkBytes
 *            the target chunk size of a parallel build in bytes, 0 for the default
 * @param writers
 *            history trees written at once (each by its own insertion thread), 0 for the analysis's default; the
 *            builders here make changes, how many trees take them is the history engine's business
 */
public record BuildMode(boolean serial, int threads, long chunkBytes, int writers) {

    /** The serial mode, with one history writer. */
    public static final BuildMode SERIAL = new BuildMode(true, 1, 0, 1);

    /** A parallel build with every default: a thread per core, chunks of the default size. */
    public static final BuildMode DEFAULT = parallel(0, 0);

    /**
     * @param threads
     *            worker threads, 0 for one per core
     * @param chunkBytes
     *            the target chunk size in bytes, 0 for the default
     * @return a parallel build with the analysis's default history writers
     */
    public static BuildMode parallel(int threads, long chunkBytes) {
        return new BuildMode(false, threads, chunkBytes, 0);
    }

    /** @return the worker threads: one when serial, one per core when not said */
    public int workerThreads() {
        if (serial) {
            return 1;
        }
        return threads > 0 ? threads : Runtime.getRuntime().availableProcessors();
    }

    /** @return the target chunk size of a parallel build in bytes, the default when not said */
    public long targetChunkBytes() {
        return chunkBytes > 0 ? chunkBytes : Partitioner.DEFAULT_CHUNK_BYTES;
    }

    /**
     * @param count
     *            history writers, 0 for the analysis's default
     * @return this build with that many history writers
     */
    public BuildMode withWriters(int count) {
        return new BuildMode(serial, threads, chunkBytes, count);
    }
}
