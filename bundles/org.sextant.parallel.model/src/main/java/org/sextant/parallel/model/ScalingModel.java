// SPDX-License-Identifier: EPL-2.0
package org.sextant.parallel.model;

/**
 * A projection of the chunk pipeline's wall time to more threads and cores than a machine has, from the costs
 * measured in one run (CPU time per stage). It is a model, not a measurement: it assumes the workers' cost per
 * chunk stays what it was on the measuring machine (no memory-bandwidth or cache contention), and that the three
 * stages overlap perfectly, so that the run lasts as long as the slowest of:
 * <ul>
 * <li>the workers: rounds of chunks, {@code ceil(chunks / threads)} of them at the mean chunk cost, and never
 * less than the costliest chunk;</li>
 * <li>the merge, on one thread;</li>
 * <li>the history insertion, on one thread;</li>
 * <li>all of that CPU time spread over the cores.</li>
 * </ul>
 * plus the set-up (opening and partitioning the trace), which is serial.
 *
 * @param costs
 *            the pipeline's measured costs
 * @param insertionCpuNanos
 *            CPU time of the history's insertion thread in the same run (0 when the consumer writes no history)
 */
public record ScalingModel(PipelineCosts costs, long insertionCpuNanos) {

    /** Checks the costs: a model of nothing projects nothing. */
    public ScalingModel {
        if (costs.chunks() < 1) {
            throw new IllegalArgumentException("a run of no chunk has no costs to project from");
        }
    }

    /** The stages that may bound a run, in the order {@link #bound} names them. */
    private static final String[] STAGES = { "workers", "merge", "insertion", "cores" };

    /**
     * @param threads
     *            worker threads, at least 1
     * @param cores
     *            cores of the machine, at least 1
     * @return the projected wall time of a run, in nanoseconds
     */
    public double wallNanos(int threads, int cores) {
        double slowest = 0;
        for (double stage : stages(threads, cores)) {
            slowest = Math.max(slowest, stage);
        }
        return costs.setupNanos() + slowest;
    }

    /**
     * The parallel efficiency on a machine of {@code cores} cores: the projected one-thread run on that machine
     * against {@code threads} times the projected run on {@code threads} threads.
     *
     * @param threads
     *            worker threads
     * @param cores
     *            cores of the machine
     * @return the efficiency, 1 for a perfect speedup
     */
    public double efficiency(int threads, int cores) {
        return wallNanos(1, cores) / (threads * wallNanos(threads, cores));
    }

    /**
     * @param threads
     *            worker threads
     * @param cores
     *            cores of the machine
     * @return the stage that bounds the projected run: "workers", "merge", "insertion" or "cores" (all the CPU
     *         time over too few cores)
     */
    public String bound(int threads, int cores) {
        double[] stages = stages(threads, cores);
        int slowest = 0;
        for (int i = 1; i < stages.length; i++) {
            if (stages[i] > stages[slowest]) {
                slowest = i;
            }
        }
        return STAGES[slowest];
    }

    /** The time each stage needs on its own, in nanoseconds, in the order of {@link #STAGES}. */
    private double[] stages(int threads, int cores) {
        if (threads < 1 || cores < 1) {
            throw new IllegalArgumentException("threads and cores must be positive: " + threads + ", " + cores);
        }
        double meanChunk = (double) costs.workerCpuNanos() / costs.chunks();
        long rounds = (costs.chunks() + threads - 1L) / threads;
        double workers = Math.max(rounds * meanChunk, costs.maxChunkCpuNanos());
        double total = (double) costs.workerCpuNanos() + costs.mergeCpuNanos() + insertionCpuNanos;
        return new double[] { workers, costs.mergeCpuNanos(), insertionCpuNanos, total / cores };
    }
}
