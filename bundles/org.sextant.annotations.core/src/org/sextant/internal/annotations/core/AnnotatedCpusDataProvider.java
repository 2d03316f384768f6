// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.annotations.core;

import static org.sextant.annotations.model.AnnotationTracker.ANNOTATION;
import static org.sextant.annotations.model.AnnotationTracker.CPU;
import static org.sextant.annotations.model.AnnotationTracker.CPUS;
import static org.sextant.annotations.model.AnnotationTracker.THREADS;

import java.text.MessageFormat;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.statesystem.core.ITmfStateSystem;
import org.eclipse.tracecompass.statesystem.core.exceptions.StateSystemDisposedException;
import org.eclipse.tracecompass.statesystem.core.interval.ITmfStateInterval;
import org.eclipse.tracecompass.tmf.core.model.timegraph.ITimeGraphArrow;
import org.eclipse.tracecompass.tmf.core.model.timegraph.TimeGraphArrow;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.sextant.annotations.core.AnnotationsAnalysisModule;

/**
 * Annotated CPUs: a row per CPU coloured by the annotation its running thread is inside
 * ({@code CPUs/<cpu>/Annotation}), with a row beneath for the running thread ({@code CPUs/<cpu>}, "comm tid", idle
 * thin); the migrations of annotating threads from one CPU to another are arrows between CPU rows, from the
 * thread's leaving one CPU to its running on the other. The tooltip tells the CPU, its thread, what the thread is
 * inside and the barrier it waits at.
 */
public class AnnotatedCpusDataProvider extends AnnotationTimeGraphDataProvider {

    /** The data provider id, as registered in plugin.xml. */
    public static final String ID = "org.sextant.annotations.core.cpus"; //$NON-NLS-1$

    /**
     * @param trace
     *            the trace
     * @param module
     *            its annotations module, scheduled
     */
    public AnnotatedCpusDataProvider(ITmfTrace trace, AnnotationsAnalysisModule module) {
        super(trace, module, ID);
    }

    /** @return the CPUs' attributes, by CPU number */
    private static Map<Integer, Integer> cpus(ITmfStateSystem ss) {
        Map<Integer, Integer> cpus = new TreeMap<>();
        for (int cpu : ss.getQuarks(CPUS, "*")) { //$NON-NLS-1$
            cpus.put(Integer.parseInt(ss.getAttributeName(cpu)), cpu);
        }
        return cpus;
    }

    @Override
    protected void addEntries(ITmfStateSystem ss, Entries entries) {
        for (Map.Entry<Integer, Integer> cpu : cpus(ss).entrySet()) {
            int annotation = ss.optQuarkRelative(cpu.getValue(), ANNOTATION);
            if (annotation == ITmfStateSystem.INVALID_ATTRIBUTE) {
                continue;
            }
            entries.row(annotation, ROOT, MessageFormat.format(Messages.Cpus_Cpu, cpu.getKey()));
            entries.row(cpu.getValue(), annotation, Messages.Cpus_Thread);
        }
    }

    @Override
    protected States states(ITmfStateSystem ss) throws StateSystemDisposedException {
        Set<Integer> threadRows = new HashSet<>(cpus(ss).values());
        Map<Long, String> names = names(ss);
        return interval -> {
            Object value = interval.getValue();
            if (threadRows.contains(interval.getAttribute())) {
                if (!(value instanceof Long tid)) {
                    return null;
                }
                return tid == 0 ? styled(interval, AnnotationStyles.IDLE, null) : styled(interval, AnnotationStyles.THREAD, label(names.get(tid), tid));
            }
            return value instanceof String annotation ? named(interval, annotation) : null;
        };
    }

    @Override
    protected Map<String, String> tooltip(ITmfStateSystem ss, int quark, long time) throws StateSystemDisposedException {
        int cpu = ss.getAttributeName(quark).equals(ANNOTATION) ? ss.getParentAttributeQuark(quark) : quark;
        Map<String, String> tooltip = new LinkedHashMap<>();
        tooltip.put(Messages.Tooltip_Cpu, ss.getAttributeName(cpu));
        Object tid = ss.querySingleState(time, cpu).getValue();
        if (tid instanceof Long running && running == 0) {
            tooltip.put(Messages.Tooltip_Thread, Messages.Tooltip_Idle);
        } else if (tid instanceof Long running) {
            int thread = ss.optQuarkAbsolute(THREADS, Long.toString(running));
            if (thread != ITmfStateSystem.INVALID_ATTRIBUTE) {
                addThread(ss, thread, time, tooltip);
            }
        }
        return tooltip;
    }

    /**
     * A migration: an annotating thread leaving one CPU (the end of its interval there) and next running on
     * another. The interval before the range is looked at too, so that a migration under way at the range's
     * start is drawn.
     */
    @Override
    protected List<ITimeGraphArrow> arrows(ITmfStateSystem ss, long start, long end, @Nullable IProgressMonitor monitor) throws StateSystemDisposedException {
        Map<Integer, Integer> rows = new HashMap<>();
        cpus(ss).forEach((number, cpu) -> rows.put(number, ss.optQuarkRelative(cpu, ANNOTATION)));
        List<Integer> placements = new ArrayList<>();
        for (int thread : annotatingThreads(ss)) {
            int placement = ss.optQuarkRelative(thread, CPU);
            if (placement != ITmfStateSystem.INVALID_ATTRIBUTE) {
                placements.add(placement);
            }
        }
        Map<Integer, List<ITmfStateInterval>> byThread = new HashMap<>();
        for (int placement : placements) {
            ITmfStateInterval first = ss.querySingleState(start, placement);
            if (first.getValue() == null && first.getStartTime() > ss.getStartTime()) {
                byThread.computeIfAbsent(placement, p -> new ArrayList<>()).add(ss.querySingleState(first.getStartTime() - 1, placement));
            }
        }
        if (!placements.isEmpty()) {
            for (ITmfStateInterval interval : ss.query2D(placements, start, end)) {
                if (monitor != null && monitor.isCanceled()) {
                    return List.of();
                }
                byThread.computeIfAbsent(interval.getAttribute(), p -> new ArrayList<>()).add(interval);
            }
        }
        int migration = index(AnnotationStyles.MIGRATION);
        List<ITimeGraphArrow> arrows = new ArrayList<>();
        for (List<ITmfStateInterval> intervals : byThread.values()) {
            intervals.sort(Comparator.comparingLong(ITmfStateInterval::getStartTime));
            ITmfStateInterval previous = null;
            for (ITmfStateInterval interval : intervals) {
                if (!(interval.getValue() instanceof Long cpu)) {
                    continue;
                }
                if (previous != null && previous.getValue() instanceof Long from && !from.equals(cpu)) {
                    Integer source = rows.get(from.intValue());
                    Integer destination = rows.get(cpu.intValue());
                    long left = previous.getEndTime() + 1;
                    if (source != null && destination != null && source >= 0 && destination >= 0) {
                        arrows.add(new TimeGraphArrow(source, destination, left, interval.getStartTime() - left, migration));
                    }
                }
                previous = interval;
            }
        }
        return arrows;
    }
}
