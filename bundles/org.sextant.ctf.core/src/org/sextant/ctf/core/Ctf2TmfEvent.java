// SPDX-License-Identifier: EPL-2.0
package org.sextant.ctf.core;

import org.eclipse.tracecompass.tmf.core.event.ITmfEventField;
import org.eclipse.tracecompass.tmf.core.event.ITmfEventType;
import org.eclipse.tracecompass.tmf.core.event.TmfEvent;
import org.eclipse.tracecompass.tmf.core.timestamp.TmfTimestamp;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;

/**
 * An event of a CTF 2 trace: its type is its event record class's name, its content the payload's fields and
 * the contexts' as {@code context._NAME} (integers as {@link Long}s, strings, integer arrays as {@code long[]}),
 * and its CPU, the packet's {@code cpu_id}, an aspect.
 */
public class Ctf2TmfEvent extends TmfEvent {

    private final int fCpu;

    /**
     * @param trace
     *            the trace
     * @param rank
     *            the event's rank, or {@link org.eclipse.tracecompass.tmf.core.trace.ITmfContext#UNKNOWN_RANK}
     * @param nanos
     *            its time
     * @param type
     *            its type
     * @param content
     *            its fields
     * @param cpu
     *            its CPU, or -1
     */
    public Ctf2TmfEvent(ITmfTrace trace, long rank, long nanos, ITmfEventType type, ITmfEventField content, int cpu) {
        super(trace, rank, TmfTimestamp.fromNanos(nanos), type, content);
        fCpu = cpu;
    }

    /** @return the CPU of the event's packet, or -1 when its packet context names none */
    public int getCpu() {
        return fCpu;
    }
}
