// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.annotations.core;

import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import java.util.stream.Collectors;

import org.eclipse.tracecompass.statesystem.core.ITmfStateSystem;
import org.eclipse.tracecompass.statesystem.core.exceptions.StateSystemDisposedException;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.sextant.annotations.core.AnnotationsAnalysisModule;
import org.sextant.annotations.model.AnnotationReport;
import org.sextant.annotations.model.AnnotationReport.AnnotationStats;
import org.sextant.annotations.model.AnnotationReport.BarrierInstance;
import org.sextant.annotations.model.AnnotationReport.CounterStats;
import org.sextant.annotations.model.AnnotationReport.Region;
import org.sextant.annotations.model.AnnotationReport.ThreadTime;
import org.sextant.common.core.SummaryDataProvider;
import org.sextant.common.model.series.DurationStats;

/**
 * What an annotated program did over the whole trace ({@link AnnotationReport}), as a data tree. Groups, keyed
 * by the constants below:
 *
 * <pre>
 * threads       a thread (key: tid): TIME its time on a CPU, ON_CPU the part inside annotations, RATIO the share
 * annotations   a name: COUNT instances, TIME wall time inside, ON_CPU, P50..MAX of finished instances' durations;
 *               under it "cpus" (key: CPU, ON_CPU), "preempted by" (TIME; key: "comm tid", TIME), "unfinished" (COUNT)
 * barriers      a barrier: COUNT instances, P50..MAX of their skews; under it its worst instances by skew
 *               (key: k, COUNT arrivals, TIME first arrival, MAX skew, THREAD the last to arrive)
 * regions       a barrier: COUNT regions, RATIO their mean imbalance, MAX the worst; under it its worst regions by
 *               imbalance (key: k, COUNT threads, TIME the critical thread's work, ON_CPU the mean work,
 *               RATIO imbalance, THREAD the critical thread)
 * counters      a counter: COUNT values written; under it "min", "max", "last" (COUNT)
 * instants      a name: COUNT
 * problems      a problem: COUNT
 * </pre>
 *
 * Times are nanoseconds. The tree is empty until the state system is built: the report reads all of it.
 */
public class AnnotationsSummaryDataProvider extends SummaryDataProvider {

    /** The data provider id, as registered in plugin.xml. */
    public static final String ID = "org.sextant.annotations.core.summary"; //$NON-NLS-1$
    /** Group keys. */
    public static final String THREADS = "threads", ANNOTATIONS = "annotations", BARRIERS = "barriers", REGIONS = "regions", //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
            COUNTERS = "counters", INSTANTS = "instants", PROBLEMS = "problems"; //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
    /** Keys under an annotation. */
    public static final String CPUS = "cpus", PREEMPTED_BY = "preempted by", UNFINISHED = "unfinished"; //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
    /** Keys under a counter. */
    public static final String MIN = "min", MAX_VALUE = "max", LAST = "last"; //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
    /** Columns after the name. */
    public static final int COUNT = 0, TIME = 1, ON_CPU = 2, P50 = 3, P90 = 4, P99 = 5, MAX = 6, RATIO = 7, THREAD = 8;
    /** How many of a barrier's worst instances and regions are listed. */
    public static final int WORST = 10;

    /**
     * @param trace
     *            the trace
     * @param module
     *            its annotations module, scheduled
     */
    public AnnotationsSummaryDataProvider(ITmfTrace trace, AnnotationsAnalysisModule module) {
        super(trace, module, List.of(Messages.Summary_Name, Messages.Summary_Count, Messages.Summary_Time, Messages.Summary_OnCpu, Messages.Summary_P50,
                Messages.Summary_P90, Messages.Summary_P99, Messages.Summary_Max, Messages.Summary_Ratio, Messages.Summary_Thread));
    }

    @Override
    public String getId() {
        return ID;
    }

    @Override
    protected void addRows(ITmfStateSystem ss, Rows rows) throws StateSystemDisposedException {
        if (!ss.waitUntilBuilt(0)) {
            return;
        }
        AnnotationReport report = AnnotationReport.of(StateTimeline.of(ss));
        Map<Long, String> names = new HashMap<>();
        long threads = rows.add(rows.root(), Messages.Summary_Threads, THREADS);
        for (ThreadTime thread : report.threads()) {
            names.put(thread.tid(), thread.name() + ' ' + thread.tid());
            rows.add(threads, names.get(thread.tid()), thread.tid(), null, thread.onCpu(), thread.annotatedOnCpu(), null, null, null, null,
                    thread.onCpu() == 0 ? null : (double) thread.annotatedOnCpu() / thread.onCpu());
        }
        long annotations = rows.add(rows.root(), Messages.Summary_Annotations, ANNOTATIONS);
        for (AnnotationStats stats : report.annotations()) {
            DurationStats d = stats.durations();
            long annotation = rows.add(annotations, stats.name(), stats.name(), stats.instances(), stats.total(), stats.onCpu(), d == null ? null : d.p50(),
                    d == null ? null : d.p90(), d == null ? null : d.p99(), d == null ? null : d.max());
            long cpus = rows.add(annotation, Messages.Summary_Cpus, CPUS);
            stats.perCpu().forEach((cpu, time) -> rows.add(cpus, "CPU " + cpu, cpu, null, null, time)); //$NON-NLS-1$
            long preempted = rows.add(annotation, Messages.Summary_PreemptedBy, PREEMPTED_BY, null, stats.preempted());
            stats.preemptedBy().forEach((thread, time) -> rows.add(preempted, thread, thread, null, time));
            rows.add(annotation, Messages.Summary_Unfinished, UNFINISHED, stats.unfinished());
        }
        addBarriers(rows, report, names);
        addRegions(rows, report, names);
        long counters = rows.add(rows.root(), Messages.Summary_Counters, COUNTERS);
        for (CounterStats counter : report.counters()) {
            long entry = rows.add(counters, counter.name(), counter.name(), counter.samples());
            rows.add(entry, MIN, MIN, counter.min());
            rows.add(entry, MAX_VALUE, MAX_VALUE, counter.max());
            rows.add(entry, LAST, LAST, counter.last());
        }
        addCounts(rows, Messages.Summary_Instants, INSTANTS, report.instants());
        addCounts(rows, Messages.Summary_Problems, PROBLEMS, report.problems());
    }

    private static void addBarriers(Rows rows, AnnotationReport report, Map<Long, String> names) {
        long barriers = rows.add(rows.root(), Messages.Summary_Barriers, BARRIERS);
        for (Map.Entry<String, List<BarrierInstance>> barrier : report.barriers().stream().collect(Collectors.groupingBy(BarrierInstance::barrier, LinkedHashMap::new, Collectors.toList())).entrySet()) {
            List<BarrierInstance> instances = barrier.getValue();
            DurationStats skews = DurationStats.of(instances.stream().mapToLong(BarrierInstance::skew).toArray());
            long entry = rows.add(barriers, barrier.getKey(), barrier.getKey(), instances.size(), null, null, skews.p50(), skews.p90(), skews.p99(), skews.max());
            instances.stream().sorted(Comparator.comparingLong(BarrierInstance::skew).reversed()).limit(WORST).forEach(instance -> {
                long last = instance.arrivals().get(instance.arrivals().size() - 1).tid();
                rows.add(entry, "#" + instance.instance(), instance.instance(), instance.arrivals().size(), instance.first(), null, null, null, null, //$NON-NLS-1$
                        instance.skew(), null, names.getOrDefault(last, Long.toString(last)));
            });
        }
    }

    private static void addRegions(Rows rows, AnnotationReport report, Map<Long, String> names) {
        long regions = rows.add(rows.root(), Messages.Summary_Regions, REGIONS);
        for (Map.Entry<String, List<Region>> barrier : report.regions().stream().collect(Collectors.groupingBy(Region::barrier, LinkedHashMap::new, Collectors.toList())).entrySet()) {
            List<Region> list = barrier.getValue();
            ToDoubleFunction<Region> imbalance = Region::imbalance;
            double mean = list.stream().mapToDouble(imbalance).average().orElse(0);
            double worst = list.stream().mapToDouble(imbalance).max().orElse(0);
            long entry = rows.add(regions, barrier.getKey(), barrier.getKey(), list.size(), null, null, null, null, null, worst, mean);
            list.stream().sorted(Comparator.comparingDouble(imbalance).reversed()).limit(WORST).forEach(region -> {
                long critical = region.criticalThread();
                double meanWork = region.work().values().stream().mapToLong(Long::longValue).average().orElse(0);
                rows.add(entry, "#" + region.instance(), region.instance(), region.work().size(), region.work().get(critical), Math.round(meanWork), //$NON-NLS-1$
                        null, null, null, null, region.imbalance(), names.getOrDefault(critical, Long.toString(critical)));
            });
        }
    }

    private static void addCounts(Rows rows, String name, String key, Map<String, Long> counts) {
        long group = rows.add(rows.root(), name, key);
        counts.forEach((item, count) -> rows.add(group, item, item, count));
    }
}
