// SPDX-License-Identifier: EPL-2.0
package org.sextant.ftrace.core;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.tmf.core.event.ITmfEventField;
import org.eclipse.tracecompass.tmf.core.event.ITmfEventType;
import org.eclipse.tracecompass.tmf.core.event.TmfEvent;
import org.eclipse.tracecompass.tmf.core.event.TmfEventField;
import org.eclipse.tracecompass.tmf.core.timestamp.TmfTimestamp;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.sextant.ftrace.model.FtraceEvent;

/**
 * An ftrace event in Trace Compass: its type is the event format's name, its content the format's fields (each
 * a {@link Long} or a {@link String}) and {@code common_pid}, built when first asked for; its CPU and thread are
 * also its aspects.
 */
public class FtraceTmfEvent extends TmfEvent {

    /** The name of the content field that holds the running thread. */
    public static final String COMMON_PID = "common_pid"; //$NON-NLS-1$

    private static final ITmfEventField NO_CONTENT = TmfEventField.makeRoot(new String[0]);

    private final FtraceEvent fEvent;
    private @Nullable ITmfEventField fContent;

    /**
     * @param trace
     *            the trace
     * @param rank
     *            the event's rank, or {@link org.eclipse.tracecompass.tmf.core.trace.ITmfContext#UNKNOWN_RANK}
     * @param type
     *            its type, named after its format
     * @param event
     *            the event read
     */
    public FtraceTmfEvent(ITmfTrace trace, long rank, ITmfEventType type, FtraceEvent event) {
        super(trace, rank, TmfTimestamp.fromNanos(event.timestamp()), type, NO_CONTENT);
        fEvent = event;
    }

    /** @return the CPU that recorded it */
    public int getCpu() {
        return fEvent.cpu();
    }

    /** @return the thread that was running ({@code common_pid}) */
    public int getTid() {
        return fEvent.pid();
    }

    /** @return the thread's command name as trace-cmd prints it (from the trace's saved command lines) */
    public String getCommand() {
        return fEvent.comm();
    }

    @Override
    public synchronized ITmfEventField getContent() {
        ITmfEventField content = fContent;
        if (content == null) {
            ITmfEventField[] fields = new ITmfEventField[fEvent.fieldCount() + 1];
            for (int i = 0; i < fEvent.fieldCount(); i++) {
                fields[i] = new TmfEventField(fEvent.fieldName(i), fEvent.value(i), null);
            }
            fields[fields.length - 1] = new TmfEventField(COMMON_PID, (long) fEvent.pid(), null);
            content = new TmfEventField(ITmfEventField.ROOT_FIELD_ID, null, fields);
            fContent = content;
        }
        return content;
    }
}
