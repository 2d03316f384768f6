// SPDX-License-Identifier: EPL-2.0
package org.sextant.cluster;

import java.io.Serializable;
import java.util.List;

/**
 * What a task did with one trace: built (or reused) its histories and read its summary, or found it damaged.
 * A damaged trace is a result, not a failure, so that the other traces complete (as {@code analyze
 * --skip-damaged} does); a trace an executor cannot read at all is a failure ({@link UnreadableTraceException}),
 * which Spark retries elsewhere.
 *
 * @param trace
 *            the trace's name in the job
 * @param path
 *            its path, as the executor read it
 * @param host
 *            the host it was recorded on
 * @param executor
 *            where the task ran: "HOST (executor ID)"
 * @param damaged
 *            the reader's error, naming the file and offset; null when every analysis was built
 * @param builds
 *            each analysis's build, in the order built
 * @param rows
 *            the summary rows
 * @param nanos
 *            the task's wall time: its cost in core-nanoseconds times the threads it builds on
 */
public record TraceResult(String trace, String path, String host, String executor, String damaged, List<AnalysisBuild> builds, List<SummaryRow> rows,
        long nanos) implements Serializable {

    /** @return whether the trace was read whole */
    public boolean ok() {
        return damaged == null;
    }
}
