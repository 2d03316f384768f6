// SPDX-License-Identifier: EPL-2.0
package org.sextant.cluster;

import java.io.Serializable;

/**
 * How one analysis's history of one trace came about in a task.
 *
 * @param analysis
 *            its name (count, cpu, io)
 * @param description
 *            the engine's: "reused", "parallel, 1 threads, written by its workers", "...; rebuilt: WHY"
 * @param nanos
 *            the wall time of the build or reuse, and of reading the summary from the history
 * @param events
 *            events decoded, or -1 when reused
 */
public record AnalysisBuild(String analysis, String description, long nanos, long events) implements Serializable {
}
