// SPDX-License-Identifier: EPL-2.0
package org.sextant.parallel.engine;

import java.io.IOException;
import java.nio.file.Path;

import org.eclipse.jdt.annotation.Nullable;
import org.sextant.ctf.model.TraceFormatException;

/**
 * A family's analyses as the engine builds them from a trace's files alone, with no Trace Compass trace type and
 * no workbench: what a plain JVM (a cluster task, a test) finds through {@link java.util.ServiceLoader}
 * ({@code META-INF/services/org.sextant.parallel.engine.HistoryAnalysisProvider} of the family's bundle). The
 * histories are the ones the family's analysis modules build, file for file, so that Trace Compass reuses them.
 */
public interface HistoryAnalysisProvider {

    /** @return the analysis's name, as {@code sextant analyze --analysis} knows it ({@code count}, {@code cpu}) */
    String name();

    /**
     * @param trace
     *            a trace's file or directory
     * @return the analysis of that trace, or null when it does not apply (not a trace this analysis reads)
     * @throws TraceFormatException
     *             when the trace's metadata cannot be read (the message names file and offset)
     * @throws IOException
     *             when a file cannot be read
     */
    @Nullable
    HistoryAnalysis forTrace(Path trace) throws TraceFormatException, IOException;
}
