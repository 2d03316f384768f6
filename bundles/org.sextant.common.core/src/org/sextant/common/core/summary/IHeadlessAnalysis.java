// SPDX-License-Identifier: EPL-2.0
package org.sextant.common.core.summary;

import java.util.Map;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;

/**
 * An analysis the command line can run on an opened trace. It returns its summary as nested ordered maps (and
 * lists) of strings, numbers and booleans, which the command line prints as JSON or as indented text.
 * Implementations are registered with the {@code org.sextant.common.core.analyses} extension point.
 */
public interface IHeadlessAnalysis {

    /**
     * Whether this analysis can run on the trace (for example, only on kernel traces).
     *
     * @param trace
     *            an opened trace
     * @return true when {@link #run} can summarize it
     */
    boolean appliesTo(ITmfTrace trace);

    /**
     * Runs the analysis to completion (or reuses its result) and summarizes it.
     *
     * @param trace
     *            an opened trace this analysis {@link #appliesTo applies to}
     * @param options
     *            how to build the history, where the analysis has a choice
     * @param monitor
     *            progress and cancellation
     * @return the summary
     * @throws HeadlessAnalysisException
     *             when the analysis fails; its message is shown to the user
     */
    Map<String, Object> run(ITmfTrace trace, AnalysisOptions options, IProgressMonitor monitor) throws HeadlessAnalysisException;

    /**
     * Whether the analysis checks every event of a CTF trace as it reads it (Sextant's parallel builds do, with
     * Sextant's codec). When it does not, the command line decodes every event before the analysis starts:
     * Trace Compass's reader stops at damage as if the trace ended there, and the analysis would report too
     * little without a word.
     *
     * @return true when damage anywhere in a CTF trace fails the analysis; false by default
     */
    default boolean checksEveryEvent() {
        return false;
    }
}
