// SPDX-License-Identifier: EPL-2.0
package org.sextant.ftrace.core;

import org.eclipse.tracecompass.tmf.core.event.ITmfEventField;
import org.eclipse.tracecompass.tmf.core.event.ITmfEventType;
import org.eclipse.tracecompass.tmf.core.event.TmfEventField;
import org.eclipse.tracecompass.tmf.core.event.TmfLostEvent;
import org.eclipse.tracecompass.tmf.core.timestamp.ITmfTimestamp;
import org.eclipse.tracecompass.tmf.core.timestamp.TmfTimeRange;
import org.eclipse.tracecompass.tmf.core.timestamp.TmfTimestamp;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.sextant.ftrace.model.FtraceEvent;

/**
 * Events the kernel lost on one CPU, where they were lost: Trace Compass's lost event, at the time of the first
 * event the CPU kept after them. Its content's {@code count} is how many, or -1 when the trace does not say; Trace
 * Compass then counts none.
 */
public class FtraceLostEvent extends TmfLostEvent {

    /** The content field holding how many events were lost, -1 when unknown. */
    public static final String COUNT = "count"; //$NON-NLS-1$

    private final int fCpu;
    private final ITmfEventField fContent;

    /**
     * @param trace
     *            the trace
     * @param rank
     *            its rank, or {@link org.eclipse.tracecompass.tmf.core.trace.ITmfContext#UNKNOWN_RANK}
     * @param type
     *            the lost-events type
     * @param marker
     *            the reader's marker
     */
    public FtraceLostEvent(ITmfTrace trace, long rank, ITmfEventType type, FtraceEvent marker) {
        super(trace, rank, time(marker), type, new TmfTimeRange(time(marker), time(marker)), Math.max(0, marker.lostCount()));
        fCpu = marker.cpu();
        fContent = new TmfEventField(ITmfEventField.ROOT_FIELD_ID, null,
                new ITmfEventField[] { new TmfEventField(COUNT, marker.lostCount(), null) });
    }

    private static ITmfTimestamp time(FtraceEvent marker) {
        return TmfTimestamp.fromNanos(marker.timestamp());
    }

    /** @return the CPU that lost the events */
    public int getCpu() {
        return fCpu;
    }

    @Override
    public ITmfEventField getContent() {
        return fContent;
    }
}
