// SPDX-License-Identifier: EPL-2.0
package org.sextant.cluster;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.tracecompass.statesystem.core.ITmfStateSystem;
import org.eclipse.tracecompass.statesystem.core.exceptions.StateSystemDisposedException;
import org.eclipse.tracecompass.statesystem.core.interval.ITmfStateInterval;
import org.sextant.kernel.model.CpuUsageAnalysis;
import org.sextant.kernel.model.IoAnalysis;

/**
 * Reads a trace's summary rows from its histories: the cumulative counters of each analysis, differenced at bucket
 * boundaries. A counter's value at a time is what happened up to it, so a bucket {@code [b, b + width)} gets the
 * value just before its end minus the value just before its start: the events of the count exactly; a thread's CPU
 * time and a process's bytes where the analysis adds them (at a switch-out, at a system call's exit).
 *
 * <p>
 * The attributes read (each analysis's tree is documented beside its model):
 * </p>
 *
 * <pre>
 * count  Total, CPUs/&lt;cpu&gt;, Event types/&lt;name&gt;      metric events
 * cpu    Threads/&lt;tid&gt; (name: Threads/&lt;tid&gt;/Name)      metric cpu_ns
 * io     Processes/&lt;pid&gt;/Read, .../Written              metrics read_bytes, written_bytes
 * </pre>
 */
final class Summaries {

    /** The count's attributes: its model names none (they are in the count's core bundle, not exported). */
    private static final String COUNT_TOTAL = "Total"; //$NON-NLS-1$
    private static final String COUNT_CPUS = "CPUs"; //$NON-NLS-1$
    private static final String COUNT_TYPES = "Event types"; //$NON-NLS-1$

    /** One counter to difference, and what it stands for. */
    private record Counter(int quark, String kind, String entity, String name, String metric) {
    }

    private Summaries() {
    }

    /**
     * @param analysis
     *            count, cpu or io
     * @param ss
     *            its history of the trace
     * @param trace
     *            the trace's name in the job
     * @param host
     *            the host it was recorded on
     * @param width
     *            the bucket width in nanoseconds
     * @return the rows of every counter and bucket that is not zero, counter by counter, bucket by bucket
     * @throws StateSystemDisposedException
     *             when the history was closed meanwhile
     */
    static List<SummaryRow> of(String analysis, ITmfStateSystem ss, String trace, String host, long width) throws StateSystemDisposedException {
        List<Counter> counters = counters(analysis, ss);
        List<SummaryRow> rows = new ArrayList<>();
        if (counters.isEmpty()) {
            return rows;
        }
        long start = ss.getStartTime();
        long end = ss.getCurrentEndTime();
        long first = Math.floorDiv(start, width) * width;
        int buckets = (int) ((end - first) / width) + 1;
        long[][] before = new long[buckets + 1][];
        for (int b = 0; b <= buckets; b++) {
            long boundary = first + b * width;
            before[b] = boundary - 1 < start ? new long[counters.size()] : values(ss, counters, Math.min(boundary - 1, end));
        }
        for (int c = 0; c < counters.size(); c++) {
            Counter counter = counters.get(c);
            for (int b = 0; b < buckets; b++) {
                long value = before[b + 1][c] - before[b][c];
                if (value != 0) {
                    rows.add(new SummaryRow(trace, host, analysis, counter.kind(), counter.entity(), counter.name(), counter.metric(), first + b * width,
                            width, value));
                }
            }
        }
        return rows;
    }

    private static long[] values(ITmfStateSystem ss, List<Counter> counters, long time) throws StateSystemDisposedException {
        List<ITmfStateInterval> state = ss.queryFullState(time);
        long[] values = new long[counters.size()];
        for (int c = 0; c < values.length; c++) {
            Object value = state.get(counters.get(c).quark()).getValue();
            values[c] = value instanceof Number number ? number.longValue() : 0;
        }
        return values;
    }

    private static List<Counter> counters(String analysis, ITmfStateSystem ss) throws StateSystemDisposedException {
        List<Counter> counters = new ArrayList<>();
        switch (analysis) {
        case "count": //$NON-NLS-1$
            int total = ss.optQuarkAbsolute(COUNT_TOTAL);
            if (total != ITmfStateSystem.INVALID_ATTRIBUTE) {
                counters.add(new Counter(total, "trace", "", "", "events")); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
            }
            children(ss, COUNT_CPUS).forEach(q -> counters.add(new Counter(q, "cpu", ss.getAttributeName(q), "", "events"))); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
            children(ss, COUNT_TYPES).forEach(q -> counters.add(new Counter(q, "event", ss.getAttributeName(q), "", "events"))); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
            break;
        case "cpu": //$NON-NLS-1$
            for (int thread : children(ss, CpuUsageAnalysis.THREADS)) {
                int name = ss.optQuarkRelative(thread, CpuUsageAnalysis.NAME);
                Object value = name == ITmfStateSystem.INVALID_ATTRIBUTE ? null : ss.querySingleState(ss.getCurrentEndTime(), name).getValue();
                counters.add(new Counter(thread, "thread", ss.getAttributeName(thread), value == null ? "" : value.toString(), "cpu_ns")); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
            }
            break;
        case "io": //$NON-NLS-1$
            for (int process : children(ss, IoAnalysis.PROCESSES)) {
                String pid = ss.getAttributeName(process);
                int read = ss.optQuarkRelative(process, IoAnalysis.READ);
                int written = ss.optQuarkRelative(process, IoAnalysis.WRITTEN);
                if (read != ITmfStateSystem.INVALID_ATTRIBUTE) {
                    counters.add(new Counter(read, "process", pid, "", "read_bytes")); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                }
                if (written != ITmfStateSystem.INVALID_ATTRIBUTE) {
                    counters.add(new Counter(written, "process", pid, "", "written_bytes")); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                }
            }
            break;
        default:
            break;
        }
        return counters;
    }

    private static List<Integer> children(ITmfStateSystem ss, String parent) {
        int quark = ss.optQuarkAbsolute(parent);
        return quark == ITmfStateSystem.INVALID_ATTRIBUTE ? List.of() : ss.getSubAttributes(quark, false);
    }
}
