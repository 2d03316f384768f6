// SPDX-License-Identifier: EPL-2.0
package org.sextant.ftrace.core.tests;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.tracecompass.analysis.os.linux.core.event.aspect.LinuxTidAspect;
import org.eclipse.tracecompass.tmf.core.event.ITmfEvent;
import org.eclipse.tracecompass.tmf.core.event.aspect.TmfCpuAspect;
import org.eclipse.tracecompass.tmf.core.trace.ITmfContext;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;
import org.eclipse.tracecompass.tmf.core.trace.location.ITmfLocation;

/** Reads a trace's events as Trace Compass does: through a context, from its start. */
final class Events {

    private Events() {
    }

    /** @return every event of the trace, in the order Trace Compass reads them */
    static List<ITmfEvent> all(ITmfTrace trace) {
        List<ITmfEvent> events = new ArrayList<>();
        ITmfContext context = trace.seekEvent((ITmfLocation) null);
        for (ITmfEvent event = trace.getNext(context); event != null; event = trace.getNext(context)) {
            events.add(event);
        }
        context.dispose();
        return events;
    }

    /** @return an event as a line: time, type, CPU and thread (through the trace's aspects), content */
    static String describe(ITmfEvent event) {
        Object cpu = TmfTraceUtils.resolveEventAspectOfClassForEvent(event.getTrace(), TmfCpuAspect.class, event);
        Object tid = TmfTraceUtils.resolveEventAspectOfClassForEvent(event.getTrace(), LinuxTidAspect.class, event);
        return event.getTimestamp().toNanos() + " " + event.getName() + " cpu=" + cpu + " tid=" + tid + " " + event.getContent();
    }
}
