// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.annotations.core;

import static org.sextant.internal.annotations.core.AnnotationsSummaryDataProvider.COUNT;
import static org.sextant.internal.annotations.core.AnnotationsSummaryDataProvider.MAX;
import static org.sextant.internal.annotations.core.AnnotationsSummaryDataProvider.ON_CPU;
import static org.sextant.internal.annotations.core.AnnotationsSummaryDataProvider.P50;
import static org.sextant.internal.annotations.core.AnnotationsSummaryDataProvider.RATIO;
import static org.sextant.internal.annotations.core.AnnotationsSummaryDataProvider.THREAD;
import static org.sextant.internal.annotations.core.AnnotationsSummaryDataProvider.TIME;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;
import org.sextant.annotations.core.AnnotationsAnalysisModule;
import org.sextant.common.core.SummaryEntryModel;
import org.sextant.common.core.summary.AnalysisOptions;
import org.sextant.common.core.summary.HeadlessAnalysisException;
import org.sextant.common.core.summary.IHeadlessAnalysis;
import org.sextant.common.core.summary.SummaryTree;

/**
 * {@code sextant analyze --analysis annotations}: per thread its time on a CPU and inside annotations; per
 * annotation its instances, time, time per CPU, duration percentiles and preemptions (the five longest
 * preemptors); per barrier the skew of its
 * instances and the worst ones; per parallel region the load imbalance and the critical thread; counters,
 * instants and problems; as {@link AnnotationsSummaryDataProvider} serves them. Times are milliseconds,
 * durations and skews microseconds.
 */
public class AnnotationsHeadlessAnalysis implements IHeadlessAnalysis {

    /** How many of the threads that preempted an annotation are listed, the longest first. */
    private static final int PREEMPTORS = 5;
    private static final String[] PERCENTILES = { "p50", "p90", "p99", "max" }; //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$

    @Override
    public boolean appliesTo(ITmfTrace trace) {
        AnnotationsAnalysisModule module = module(trace);
        return module != null && module.canExecute(trace);
    }

    @Override
    public Map<String, Object> run(ITmfTrace trace, AnalysisOptions options, IProgressMonitor monitor) throws HeadlessAnalysisException {
        AnnotationsAnalysisModule module = module(trace);
        if (module == null) {
            throw new HeadlessAnalysisException("no annotations analysis for this trace (it reads ftrace traces)"); //$NON-NLS-1$
        }
        module.schedule();
        if (!module.waitForCompletion(monitor)) {
            throw new HeadlessAnalysisException(module.getName() + " did not complete" + (monitor.isCanceled() ? " (cancelled)" : "")); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        }
        SummaryTree summary = SummaryTree.fetch(trace, AnnotationsSummaryDataProvider.ID, monitor);
        SummaryEntryModel root = summary.root();
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("threads", threads(summary.children(root, AnnotationsSummaryDataProvider.THREADS))); //$NON-NLS-1$
        Map<String, Object> annotations = new LinkedHashMap<>();
        for (SummaryEntryModel annotation : summary.children(root, AnnotationsSummaryDataProvider.ANNOTATIONS)) {
            annotations.put(annotation.getName(), annotation(summary, annotation));
        }
        result.put("annotations", annotations); //$NON-NLS-1$
        Map<String, Object> barriers = new LinkedHashMap<>();
        for (SummaryEntryModel barrier : summary.children(root, AnnotationsSummaryDataProvider.BARRIERS)) {
            barriers.put(barrier.getName(), barrier(summary, barrier));
        }
        result.put("barriers", barriers); //$NON-NLS-1$
        Map<String, Object> regions = new LinkedHashMap<>();
        for (SummaryEntryModel barrier : summary.children(root, AnnotationsSummaryDataProvider.REGIONS)) {
            regions.put(barrier.getName(), regions(summary, barrier));
        }
        result.put("imbalance", regions); //$NON-NLS-1$
        Map<String, Object> counters = new LinkedHashMap<>();
        for (SummaryEntryModel counter : summary.children(root, AnnotationsSummaryDataProvider.COUNTERS)) {
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("samples", counter.getNumber(COUNT)); //$NON-NLS-1$
            entry.putAll(SummaryTree.byKey(summary.children(counter), COUNT));
            counters.put(counter.getName(), entry);
        }
        result.put("counters", counters); //$NON-NLS-1$
        result.put("instants", SummaryTree.byKey(summary.children(root, AnnotationsSummaryDataProvider.INSTANTS), COUNT)); //$NON-NLS-1$
        result.put("problems", SummaryTree.byKey(summary.children(root, AnnotationsSummaryDataProvider.PROBLEMS), COUNT)); //$NON-NLS-1$
        return result;
    }

    private static List<Object> threads(List<SummaryEntryModel> threads) {
        List<Object> result = new ArrayList<>();
        for (SummaryEntryModel thread : threads) {
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("tid", thread.getKey()); //$NON-NLS-1$
            entry.put("thread", thread.getName()); //$NON-NLS-1$
            entry.put("on_cpu_ms", millis(thread, TIME)); //$NON-NLS-1$
            entry.put("annotated_on_cpu_ms", millis(thread, ON_CPU)); //$NON-NLS-1$
            if (thread.getValues().get(RATIO) != null) {
                entry.put("annotated_share", round(thread.getNumber(RATIO).doubleValue(), 4)); //$NON-NLS-1$
            }
            result.add(entry);
        }
        return result;
    }

    private static Map<String, Object> annotation(SummaryTree summary, SummaryEntryModel annotation) {
        Map<String, Object> entry = new LinkedHashMap<>();
        entry.put("instances", annotation.getNumber(COUNT)); //$NON-NLS-1$
        entry.put("unfinished", summary.children(annotation).stream() //$NON-NLS-1$
                .filter(child -> AnnotationsSummaryDataProvider.UNFINISHED.equals(child.getKey())).findFirst().orElseThrow().getNumber(COUNT));
        entry.put("total_ms", millis(annotation, TIME)); //$NON-NLS-1$
        entry.put("on_cpu_ms", millis(annotation, ON_CPU)); //$NON-NLS-1$
        Map<String, Object> perCpu = new LinkedHashMap<>();
        for (SummaryEntryModel cpu : summary.children(annotation, AnnotationsSummaryDataProvider.CPUS)) {
            perCpu.put(String.valueOf(cpu.getKey()), millis(cpu, ON_CPU));
        }
        entry.put("on_cpu_ms_per_cpu", perCpu); //$NON-NLS-1$
        if (annotation.getValues().get(P50) != null) {
            Map<String, Object> durations = new LinkedHashMap<>();
            for (int i = 0; i < PERCENTILES.length; i++) {
                durations.put(PERCENTILES[i], micros(annotation, P50 + i));
            }
            entry.put("duration_us", durations); //$NON-NLS-1$
        }
        Map<String, Object> preempted = new LinkedHashMap<>();
        for (SummaryEntryModel group : summary.children(annotation)) {
            if (AnnotationsSummaryDataProvider.PREEMPTED_BY.equals(group.getKey())) {
                entry.put("preempted_ms", millis(group, TIME)); //$NON-NLS-1$
                summary.children(group).stream().sorted(Comparator.comparingLong((SummaryEntryModel thread) -> thread.getNumber(TIME).longValue()).reversed())
                        .limit(PREEMPTORS).forEach(thread -> preempted.put(thread.getName(), millis(thread, TIME)));
            }
        }
        entry.put("preempted_by_ms_top", preempted); //$NON-NLS-1$
        return entry;
    }

    private static Map<String, Object> barrier(SummaryTree summary, SummaryEntryModel barrier) {
        Map<String, Object> entry = new LinkedHashMap<>();
        entry.put("instances", barrier.getNumber(COUNT)); //$NON-NLS-1$
        Map<String, Object> skews = new LinkedHashMap<>();
        for (int i = 0; i < PERCENTILES.length; i++) {
            skews.put(PERCENTILES[i], micros(barrier, P50 + i));
        }
        entry.put("skew_us", skews); //$NON-NLS-1$
        List<Object> worst = new ArrayList<>();
        for (SummaryEntryModel instance : summary.children(barrier)) {
            Map<String, Object> item = new LinkedHashMap<>();
            item.put("instance", instance.getKey()); //$NON-NLS-1$
            item.put("threads", instance.getNumber(COUNT)); //$NON-NLS-1$
            item.put("first_arrival_ns", instance.getNumber(TIME)); //$NON-NLS-1$
            item.put("skew_us", micros(instance, MAX)); //$NON-NLS-1$
            item.put("last_to_arrive", String.valueOf(instance.getValues().get(THREAD))); //$NON-NLS-1$
            worst.add(item);
        }
        entry.put("worst", worst); //$NON-NLS-1$
        return entry;
    }

    private static Map<String, Object> regions(SummaryTree summary, SummaryEntryModel barrier) {
        Map<String, Object> entry = new LinkedHashMap<>();
        entry.put("regions", barrier.getNumber(COUNT)); //$NON-NLS-1$
        entry.put("mean_imbalance", round(barrier.getNumber(RATIO).doubleValue(), 4)); //$NON-NLS-1$
        entry.put("worst_imbalance", round(barrier.getNumber(MAX).doubleValue(), 4)); //$NON-NLS-1$
        List<Object> worst = new ArrayList<>();
        for (SummaryEntryModel region : summary.children(barrier)) {
            Map<String, Object> item = new LinkedHashMap<>();
            item.put("before_instance", region.getKey()); //$NON-NLS-1$
            item.put("threads", region.getNumber(COUNT)); //$NON-NLS-1$
            item.put("imbalance", round(region.getNumber(RATIO).doubleValue(), 4)); //$NON-NLS-1$
            item.put("critical_thread", String.valueOf(region.getValues().get(THREAD))); //$NON-NLS-1$
            item.put("critical_work_ms", millis(region, TIME)); //$NON-NLS-1$
            item.put("mean_work_ms", millis(region, ON_CPU)); //$NON-NLS-1$
            worst.add(item);
        }
        entry.put("worst", worst); //$NON-NLS-1$
        return entry;
    }

    private static @Nullable AnnotationsAnalysisModule module(ITmfTrace trace) {
        return TmfTraceUtils.getAnalysisModuleOfClass(trace, AnnotationsAnalysisModule.class, AnnotationsAnalysisModule.ID);
    }

    private static double millis(SummaryEntryModel entry, int column) {
        return round(entry.getNumber(column).doubleValue() / 1e6, 3);
    }

    private static double micros(SummaryEntryModel entry, int column) {
        return round(entry.getNumber(column).doubleValue() / 1e3, 1);
    }

    private static double round(double value, int decimals) {
        double scale = Math.pow(10, decimals);
        return Math.round(value * scale) / scale;
    }
}
