// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.annotations.core;

import static org.sextant.annotations.model.AnnotationTracker.BARRIER;
import static org.sextant.annotations.model.AnnotationTracker.CPU;
import static org.sextant.annotations.model.AnnotationTracker.STACK;
import static org.sextant.annotations.model.AnnotationTracker.THREADS;

import java.text.MessageFormat;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.eclipse.tracecompass.statesystem.core.ITmfStateSystem;
import org.eclipse.tracecompass.statesystem.core.exceptions.StateSystemDisposedException;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.sextant.annotations.core.AnnotationsAnalysisModule;

/**
 * Annotated Threads: a row per thread that annotated ({@code Threads/<tid>}: its innermost annotation, coloured
 * by name), with rows beneath for the CPU it runs on, each depth of its stack ({@code Stack/<k>}) and the barrier
 * it waits at. The tooltip tells what the thread is inside, where it runs, who preempted it.
 */
public class AnnotatedThreadsDataProvider extends AnnotationTimeGraphDataProvider {

    /** The data provider id, as registered in plugin.xml. */
    public static final String ID = "org.sextant.annotations.core.threads"; //$NON-NLS-1$

    /**
     * @param trace
     *            the trace
     * @param module
     *            its annotations module, scheduled
     */
    public AnnotatedThreadsDataProvider(ITmfTrace trace, AnnotationsAnalysisModule module) {
        super(trace, module, ID);
    }

    @Override
    protected void addEntries(ITmfStateSystem ss, Entries entries) throws StateSystemDisposedException {
        Map<Long, String> names = names(ss);
        for (int thread : annotatingThreads(ss)) {
            long tid = Long.parseLong(ss.getAttributeName(thread));
            entries.row(thread, ROOT, label(names.get(tid), tid));
            int cpu = ss.optQuarkRelative(thread, CPU);
            if (cpu != ITmfStateSystem.INVALID_ATTRIBUTE) {
                entries.row(cpu, thread, Messages.Threads_Cpu);
            }
            int stack = ss.optQuarkRelative(thread, STACK);
            if (stack != ITmfStateSystem.INVALID_ATTRIBUTE) {
                List<Integer> depths = new ArrayList<>(ss.getSubAttributes(stack, false));
                depths.sort(Comparator.comparingInt(depth -> Integer.parseInt(ss.getAttributeName(depth))));
                for (int depth : depths) {
                    entries.row(depth, thread, MessageFormat.format(Messages.Threads_Depth, ss.getAttributeName(depth)));
                }
            }
            int barrier = ss.optQuarkRelative(thread, BARRIER);
            if (barrier != ITmfStateSystem.INVALID_ATTRIBUTE) {
                entries.row(barrier, thread, Messages.Threads_Barrier);
            }
        }
    }

    @Override
    protected States states(ITmfStateSystem ss) {
        Set<Integer> cpus = new HashSet<>(ss.getQuarks(THREADS, "*", CPU)); //$NON-NLS-1$
        Set<Integer> barriers = new HashSet<>(ss.getQuarks(THREADS, "*", BARRIER)); //$NON-NLS-1$
        return interval -> {
            Object value = interval.getValue();
            if (cpus.contains(interval.getAttribute())) {
                return value instanceof Long cpu ? styled(interval, AnnotationStyles.ON_CPU, MessageFormat.format(Messages.Cpus_Cpu, cpu)) : null;
            }
            if (barriers.contains(interval.getAttribute())) {
                return value instanceof String barrier ? styled(interval, AnnotationStyles.BARRIER, barrier) : null;
            }
            return value instanceof String annotation ? named(interval, annotation) : null;
        };
    }

    @Override
    protected Map<String, String> tooltip(ITmfStateSystem ss, int quark, long time) throws StateSystemDisposedException {
        int thread = quark;
        int threads = ss.optQuarkAbsolute(THREADS);
        while (thread >= 0 && ss.getParentAttributeQuark(thread) != threads) {
            thread = ss.getParentAttributeQuark(thread);
        }
        Map<String, String> tooltip = new LinkedHashMap<>();
        if (thread < 0) {
            return tooltip;
        }
        addThread(ss, thread, time, tooltip);
        Object cpu = value(ss, time, thread, CPU);
        tooltip.put(Messages.Tooltip_Cpu, cpu instanceof Long number ? number.toString() : Messages.Tooltip_NotRunning);
        return tooltip;
    }
}
