// SPDX-License-Identifier: EPL-2.0
package org.sextant.parallel.engine;

import java.nio.file.Path;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.statesystem.core.ITmfStateSystem;

/**
 * A history the {@link HistoryEngine} built or reused, open for queries.
 *
 * @param stateSystem
 *            the history's state system; its owner disposes it
 * @param report
 *            what the build did, or null when the history was reused
 * @param description
 *            how the history came about: "reused", or the mode ("serial", "parallel, N threads"), ", M writers"
 *            when more than one history tree was written, ", written by its workers" for a direct history, and
 *            "; rebuilt: WHY" when an existing history could not be reused
 * @param insertionCpuNanos
 *            the CPU time of Trace Compass's history insertion threads during the build, in nanoseconds (0 for a
 *            direct history, which has none; -1 when reused or not measured)
 * @param companion
 *            the file the analysis's {@link HistoryAnalysis#companion() companion} wrote beside the history, or
 *            null when it has none
 */
public record BuiltHistory(ITmfStateSystem stateSystem, @Nullable Report report, String description, long insertionCpuNanos,
        @Nullable Path companion) {
}
