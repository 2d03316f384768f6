// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.annotations.core;

import java.util.Map;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.tmf.core.event.ITmfEvent;
import org.eclipse.tracecompass.tmf.core.event.ITmfEventField;
import org.eclipse.tracecompass.tmf.core.event.ITmfLostEvent;
import org.eclipse.tracecompass.tmf.core.event.aspect.ITmfEventAspect;
import org.eclipse.tracecompass.tmf.core.event.aspect.TmfCpuAspect;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.sextant.annotations.model.AnnotationTracker;

/**
 * One small handler per ftrace event the annotations analysis reads, each reading its fields (named as in the
 * event's format) and calling the tracker; every event with a CPU is then shown to the tracker, which needs the
 * time of each CPU's last event to place the switches the kernel did not report. An event without the fields
 * its handler needs, or without a CPU, is skipped.
 */
final class AnnotationEventHandlers {

    /** An event's effect on the model. */
    @FunctionalInterface
    private interface Handler {
        void handle(AnnotationTracker tracker, long time, int cpu, ITmfEventField fields);
    }

    /**
     * {@code sched_switch}'s {@code prev_state} for a task switched out while runnable: TASK_RUNNING (0), or
     * the kernel's preemption mark ("R+", TASK_REPORT_MAX, 0x100 since Linux 4.14) with any state bits.
     */
    private static final long PREEMPTED = 0x100;

    private static final Map<String, Handler> HANDLERS = Map.of(
            "sched_switch", (t, time, cpu, f) -> { //$NON-NLS-1$
                Long prevTid = number(f, "prev_pid"); //$NON-NLS-1$
                Long prevState = number(f, "prev_state"); //$NON-NLS-1$
                Long nextTid = number(f, "next_pid"); //$NON-NLS-1$
                String nextComm = f.getFieldValue(String.class, "next_comm"); //$NON-NLS-1$
                if (prevTid != null && prevState != null && nextTid != null && nextComm != null) {
                    t.schedSwitch(time, cpu, prevTid, prevState == 0 || (prevState & PREEMPTED) != 0, nextTid, nextComm);
                }
            },
            "sched_process_fork", (t, time, cpu, f) -> name(t, time, f, "child_pid", "child_comm"), //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
            "sched_wakeup_new", (t, time, cpu, f) -> name(t, time, f, "pid", "comm"), //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
            "sched_process_exit", (t, time, cpu, f) -> { //$NON-NLS-1$
                Long tid = number(f, "pid"); //$NON-NLS-1$
                if (tid != null) {
                    t.exit(time, tid);
                }
            },
            "print", (t, time, cpu, f) -> { //$NON-NLS-1$
                Long tid = number(f, "common_pid"); //$NON-NLS-1$
                String text = f.getFieldValue(String.class, "buf"); //$NON-NLS-1$
                if (tid != null && text != null) {
                    t.marker(time, cpu, tid, text);
                }
            });

    private final AnnotationTracker fTracker;
    private final @Nullable TmfCpuAspect fCpu;

    /**
     * @param trace
     *            the trace whose events come
     * @param tracker
     *            the model they go to
     */
    AnnotationEventHandlers(ITmfTrace trace, AnnotationTracker tracker) {
        fTracker = tracker;
        fCpu = cpuAspect(trace);
    }

    /**
     * @param trace
     *            a trace
     * @return the aspect that tells on which CPU its events happened, which the analysis needs; null if none
     */
    static @Nullable TmfCpuAspect cpuAspect(ITmfTrace trace) {
        for (ITmfEventAspect<?> aspect : trace.getEventAspects()) {
            if (aspect instanceof TmfCpuAspect cpu) {
                return cpu;
            }
        }
        return null;
    }

    /**
     * Applies an event to the model; events of other names are ignored.
     *
     * @param event
     *            any event, in time order
     */
    void handle(ITmfEvent event) {
        TmfCpuAspect aspect = fCpu;
        Integer cpu = aspect == null ? null : aspect.resolve(event);
        if (cpu == null) {
            return;
        }
        long time = event.getTimestamp().toNanos();
        if (event instanceof ITmfLostEvent lost) {
            fTracker.lost(time, cpu, Math.max(1, lost.getNbLostEvents()));
        } else {
            Handler handler = HANDLERS.get(event.getName());
            if (handler != null) {
                handler.handle(fTracker, time, cpu, event.getContent());
            }
        }
        fTracker.event(time, cpu);
    }

    private static void name(AnnotationTracker tracker, long time, ITmfEventField fields, String tidField, String commField) {
        Long tid = number(fields, tidField);
        String comm = fields.getFieldValue(String.class, commField);
        if (tid != null && comm != null) {
            tracker.name(time, tid, comm);
        }
    }

    private static @Nullable Long number(ITmfEventField fields, String name) {
        return fields.getFieldValue(Long.class, name);
    }
}
