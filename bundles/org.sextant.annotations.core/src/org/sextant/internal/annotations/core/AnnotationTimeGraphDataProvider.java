// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.annotations.core;

import static org.sextant.annotations.model.AnnotationTracker.BARRIER;
import static org.sextant.annotations.model.AnnotationTracker.NAME;
import static org.sextant.annotations.model.AnnotationTracker.PREEMPTED_BY;
import static org.sextant.annotations.model.AnnotationTracker.STACK;
import static org.sextant.annotations.model.AnnotationTracker.THREADS;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.statesystem.core.ITmfStateSystem;
import org.eclipse.tracecompass.statesystem.core.exceptions.StateSystemDisposedException;
import org.eclipse.tracecompass.statesystem.core.interval.ITmfStateInterval;
import org.eclipse.tracecompass.tmf.core.model.timegraph.ITimeGraphState;
import org.eclipse.tracecompass.tmf.core.model.timegraph.TimeGraphState;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.sextant.annotations.core.AnnotationsAnalysisModule;
import org.sextant.common.core.StateTimeGraphDataProvider;

/**
 * What the Annotated CPUs and Annotated Threads time graphs share: annotation states coloured by name
 * ({@link AnnotationStyles}), threads named "comm tid", and the tooltip lines of a thread at a time.
 */
abstract class AnnotationTimeGraphDataProvider extends StateTimeGraphDataProvider {

    /** Joins a thread's open annotations, outermost first. */
    private static final String STACK_SEPARATOR = " > "; //$NON-NLS-1$

    AnnotationTimeGraphDataProvider(ITmfTrace trace, AnnotationsAnalysisModule module, String id) {
        super(trace, module, id, Messages.TimeGraph_Name, AnnotationStyles.all());
    }

    /** @return a state coloured by the annotation (or barrier) name the interval holds, labelled with it */
    ITimeGraphState named(ITmfStateInterval interval, String name) {
        String key = AnnotationStyles.keyOf(name);
        return new TimeGraphState(interval.getStartTime(), duration(interval), index(key), name, style(key));
    }

    /** @return a state of one of the fixed styles */
    ITimeGraphState styled(ITmfStateInterval interval, String key, @Nullable String label) {
        return new TimeGraphState(interval.getStartTime(), duration(interval), index(key), label, style(key));
    }

    private static long duration(ITmfStateInterval interval) {
        return interval.getEndTime() - interval.getStartTime() + 1;
    }

    /** @return the threads that annotated (they have a stack or waited at a barrier), by thread id */
    static List<Integer> annotatingThreads(ITmfStateSystem ss) {
        List<Integer> threads = new ArrayList<>();
        for (int thread : ss.getQuarks(THREADS, "*")) { //$NON-NLS-1$
            if (ss.optQuarkRelative(thread, STACK) != ITmfStateSystem.INVALID_ATTRIBUTE
                    || ss.optQuarkRelative(thread, BARRIER) != ITmfStateSystem.INVALID_ATTRIBUTE) {
                threads.add(thread);
            }
        }
        threads.sort(Comparator.comparingLong(thread -> Long.parseLong(ss.getAttributeName(thread))));
        return threads;
    }

    /** @return every thread's last command name, by thread id */
    static Map<Long, String> names(ITmfStateSystem ss) throws StateSystemDisposedException {
        Map<Long, String> names = new HashMap<>();
        for (int name : ss.getQuarks(THREADS, "*", NAME)) { //$NON-NLS-1$
            if (ss.querySingleState(ss.getCurrentEndTime(), name).getValue() instanceof String comm) {
                names.put(Long.parseLong(ss.getAttributeName(ss.getParentAttributeQuark(name))), comm);
            }
        }
        return names;
    }

    /** @return "comm tid", or the tid alone for a thread whose name was never learnt */
    static String label(@Nullable String comm, long tid) {
        return comm == null ? Long.toString(tid) : comm + ' ' + tid;
    }

    /**
     * Adds what a thread was inside at a time: its name, its innermost annotation, its stack, the barrier it
     * waited at and who preempted it.
     *
     * @param ss
     *            the state system
     * @param thread
     *            the thread's attribute, {@code Threads/<tid>}
     * @param time
     *            the time
     * @param tooltip
     *            where the lines go
     * @throws StateSystemDisposedException
     *             when the state system was closed meanwhile
     */
    static void addThread(ITmfStateSystem ss, int thread, long time, Map<String, String> tooltip) throws StateSystemDisposedException {
        long tid = Long.parseLong(ss.getAttributeName(thread));
        tooltip.put(Messages.Tooltip_Thread, label(value(ss, time, thread, NAME) instanceof String comm ? comm : null, tid));
        tooltip.put(Messages.Tooltip_Annotation, ss.querySingleState(time, thread).getValue() instanceof String annotation ? annotation : Messages.Tooltip_None);
        int stack = ss.optQuarkRelative(thread, STACK);
        if (stack != ITmfStateSystem.INVALID_ATTRIBUTE) {
            List<Integer> depths = new ArrayList<>(ss.getSubAttributes(stack, false));
            depths.sort(Comparator.comparingInt(depth -> Integer.parseInt(ss.getAttributeName(depth))));
            List<String> open = new ArrayList<>();
            for (int depth : depths) {
                if (ss.querySingleState(time, depth).getValue() instanceof String annotation) {
                    open.add(annotation);
                }
            }
            if (open.size() > 1) {
                tooltip.put(Messages.Tooltip_Stack, String.join(STACK_SEPARATOR, open));
            }
        }
        if (value(ss, time, thread, BARRIER) instanceof String barrier) {
            tooltip.put(Messages.Tooltip_Barrier, barrier);
        }
        if (value(ss, time, thread, PREEMPTED_BY) instanceof String preempter) {
            tooltip.put(Messages.Tooltip_PreemptedBy, preempter);
        }
    }

    /** @return the value of a child attribute at a time, null if it has none or does not exist */
    static @Nullable Object value(ITmfStateSystem ss, long time, int parent, String child) throws StateSystemDisposedException {
        int quark = ss.optQuarkRelative(parent, child);
        return quark == ITmfStateSystem.INVALID_ATTRIBUTE ? null : ss.querySingleState(time, quark).getValue();
    }
}
