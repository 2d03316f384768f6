// SPDX-License-Identifier: EPL-2.0
package org.sextant.parallel.model;

/**
 * What one run of the chunk pipeline cost, stage by stage, in CPU time of the threads that did each stage (not
 * wall time, so that a stage waiting for another costs nothing): what a {@link ScalingModel} projects from.
 *
 * @param chunks
 *            chunks in the trace
 * @param setupNanos
 *            wall time before the first chunk is handed out: opening the trace and partitioning it
 * @param workerCpuNanos
 *            CPU time of the workers, summed over chunks (decoding and the analysis's handlers)
 * @param maxChunkCpuNanos
 *            CPU time of the costliest chunk: no thread count makes a run shorter than that
 * @param mergeCpuNanos
 *            CPU time of the merging thread (the time-ordered merge and whatever its consumer does with each
 *            entry, up to handing state changes to the history)
 */
public record PipelineCosts(int chunks, long setupNanos, long workerCpuNanos, long maxChunkCpuNanos, long mergeCpuNanos) {
}
