// SPDX-License-Identifier: EPL-2.0
package org.sextant.annotations.model;

import static org.sextant.annotations.model.AnnotationTracker.BARRIERS;
import static org.sextant.annotations.model.AnnotationTracker.COUNTERS;
import static org.sextant.annotations.model.AnnotationTracker.CPU;
import static org.sextant.annotations.model.AnnotationTracker.INSTANTS;
import static org.sextant.annotations.model.AnnotationTracker.NAME;
import static org.sextant.annotations.model.AnnotationTracker.PREEMPTED_BY;
import static org.sextant.annotations.model.AnnotationTracker.PROBLEMS;
import static org.sextant.annotations.model.AnnotationTracker.SAMPLES;
import static org.sextant.annotations.model.AnnotationTracker.STACK;
import static org.sextant.annotations.model.AnnotationTracker.THREADS;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.sextant.common.model.series.DurationStats;

/**
 * What an annotated program did, read from the state {@link AnnotationTracker} wrote: per thread, per annotation
 * name, per barrier instance (the k-th arrival of each thread at a barrier) and per parallel region (what each
 * thread did between its (k-1)-th and k-th arrivals), with the counters, instants and problems.
 *
 * @param end
 *            the end of the history, nanoseconds: a span still open there is unfinished
 * @param threads
 *            the threads that annotated, by thread id
 * @param annotations
 *            by name
 * @param barriers
 *            by barrier name, then instance
 * @param regions
 *            by barrier name, then instance (the region before it)
 * @param counters
 *            by name
 * @param instants
 *            how many of each name
 * @param problems
 *            malformed or lost input, by {@code AnnotationTracker.PROBLEM_} constant
 */
public record AnnotationReport(long end, List<ThreadTime> threads, List<AnnotationStats> annotations, List<BarrierInstance> barriers,
        List<Region> regions, List<CounterStats> counters, Map<String, Long> instants, Map<String, Long> problems) {

    /**
     * A thread's time.
     *
     * @param tid
     *            thread id
     * @param name
     *            command name, "" if never learnt
     * @param onCpu
     *            nanoseconds on a CPU, over the whole trace
     * @param annotatedOnCpu
     *            nanoseconds on a CPU inside an annotation
     * @param firstAnnotation
     *            when its first annotation began, nanoseconds
     * @param lastAnnotation
     *            when its last annotation ended, nanoseconds
     * @param onCpuAnnotatedSpan
     *            nanoseconds on a CPU from its first annotation to its last
     */
    public record ThreadTime(long tid, String name, long onCpu, long annotatedOnCpu, long firstAnnotation, long lastAnnotation,
            long onCpuAnnotatedSpan) {
    }

    /**
     * The instances of one annotation name.
     *
     * @param name
     *            the annotation
     * @param instances
     *            spans of that name, finished or not
     * @param unfinished
     *            spans still open at the end of the trace (counted in {@code total}, not in {@code durations})
     * @param total
     *            nanoseconds inside its spans, wall time (nested spans of one name counted once per span)
     * @param onCpu
     *            nanoseconds of that time spent on a CPU
     * @param perCpu
     *            the same, per CPU
     * @param durations
     *            percentiles of the finished spans' durations; null when none finished
     * @param preempted
     *            nanoseconds inside its spans during which the thread could run but another one had its CPU
     * @param preemptedBy
     *            the same, per preempting thread ("comm tid")
     */
    public record AnnotationStats(String name, int instances, int unfinished, long total, long onCpu, Map<Integer, Long> perCpu,
            DurationStats durations, long preempted, Map<String, Long> preemptedBy) {
    }

    /**
     * The k-th arrival of each thread at one barrier.
     *
     * @param barrier
     *            its name
     * @param instance
     *            k, from 1
     * @param first
     *            the first arrival, nanoseconds
     * @param last
     *            the last arrival, nanoseconds
     * @param arrivals
     *            each thread's, by arrival time
     */
    public record BarrierInstance(String barrier, long instance, long first, long last, List<Arrival> arrivals) {

        /** @return last - first: how long the first thread waited for the last one to arrive */
        public long skew() {
            return last - first;
        }
    }

    /**
     * One thread at one barrier instance.
     *
     * @param tid
     *            the thread
     * @param arrival
     *            nanoseconds
     * @param departure
     *            nanoseconds; the end of the trace if it never left
     */
    public record Arrival(long tid, long arrival, long departure) {

        /** @return how long it waited */
        public long waited() {
            return departure - arrival;
        }
    }

    /**
     * A parallel region: what each thread did before its arrival at a barrier instance, since it left the
     * previous instance of that barrier (for the first, since its first annotation).
     *
     * @param barrier
     *            the barrier closing the region
     * @param instance
     *            the instance closing it
     * @param work
     *            per thread, nanoseconds on a CPU in the region
     */
    public record Region(String barrier, long instance, Map<Long, Long> work) {

        /** @return the largest work over the mean: 1 when balanced; 0 when no work */
        public double imbalance() {
            double mean = work.values().stream().mapToLong(Long::longValue).average().orElse(0);
            return mean == 0 ? 0 : work.values().stream().mapToLong(Long::longValue).max().orElse(0) / mean;
        }

        /** @return the thread with the most work (the lowest id among equals) */
        public long criticalThread() {
            return work.entrySet().stream().max(Map.Entry.<Long, Long> comparingByValue().thenComparing(Map.Entry.comparingByKey(Comparator.reverseOrder())))
                    .orElseThrow().getKey();
        }
    }

    /**
     * A counter's values.
     *
     * @param name
     *            the counter
     * @param samples
     *            values written
     * @param min
     *            smallest value
     * @param max
     *            largest value
     * @param last
     *            last value
     */
    public record CounterStats(String name, long samples, long min, long max, long last) {
    }

    /**
     * One span of one thread.
     *
     * @param name
     *            the annotation
     * @param tid
     *            the thread
     * @param comm
     *            the thread's command name, "" if never learnt
     * @param depth
     *            1 for an outermost span
     * @param start
     *            nanoseconds
     * @param end
     *            nanoseconds; the end of the trace if still open there
     */
    public record Instance(String name, long tid, String comm, int depth, long start, long end) {
    }

    /**
     * @param timeline
     *            what an {@link AnnotationTracker} wrote, closed at the end of the trace
     * @return every span of every thread, thread by thread, depth by depth, in time order
     */
    public static List<Instance> instances(Timeline timeline) {
        return timeline.children(THREADS).stream().flatMap(tid -> instancesOf(timeline, tid).stream()).toList();
    }

    private static List<Instance> instancesOf(Timeline timeline, String tid) {
        List<Instance> instances = new ArrayList<>();
        String comm = name(timeline, tid);
        for (String depth : timeline.children(THREADS, tid, STACK)) {
            for (Interval span : timeline.intervals(THREADS, tid, STACK, depth)) {
                instances.add(new Instance((String) span.value(), Long.parseLong(tid), comm, Integer.parseInt(depth), span.start(), span.end()));
            }
        }
        return instances;
    }

    /**
     * @param timeline
     *            what an {@link AnnotationTracker} wrote, closed at the end of the trace
     * @return the report
     */
    public static AnnotationReport of(Timeline timeline) {
        long end = timeline.end();
        List<ThreadTime> threads = new ArrayList<>();
        Map<String, Spans> spans = new TreeMap<>();
        for (String tid : timeline.children(THREADS)) {
            List<Interval> cpu = timeline.intervals(THREADS, tid, CPU);
            List<Interval> inside = timeline.intervals(THREADS, tid);
            List<Interval> preempted = timeline.intervals(THREADS, tid, PREEMPTED_BY);
            if (inside.isEmpty()) {
                continue;
            }
            long first = inside.get(0).start();
            long last = inside.get(inside.size() - 1).end();
            long annotated = inside.stream().mapToLong(span -> Overlap.total(cpu, span.start(), span.end())).sum();
            threads.add(new ThreadTime(Long.parseLong(tid), name(timeline, tid), Overlap.total(cpu, Long.MIN_VALUE, Long.MAX_VALUE),
                    annotated, first, last, Overlap.total(cpu, first, last)));
            for (Instance instance : instancesOf(timeline, tid)) {
                spans.computeIfAbsent(instance.name(), Spans::new).add(instance, end, cpu, preempted);
            }
        }
        threads.sort(Comparator.comparingLong(ThreadTime::tid));
        List<BarrierInstance> barriers = new ArrayList<>();
        List<Region> regions = new ArrayList<>();
        for (String barrier : timeline.children(BARRIERS)) {
            Barrier.read(timeline, barrier, barriers, regions);
        }
        List<CounterStats> counters = new ArrayList<>();
        for (String counter : timeline.children(COUNTERS)) {
            List<Interval> values = timeline.intervals(COUNTERS, counter);
            List<Interval> samples = timeline.intervals(COUNTERS, counter, SAMPLES);
            if (!values.isEmpty() && !samples.isEmpty()) {
                long[] numbers = values.stream().mapToLong(value -> (Long) value.value()).toArray();
                counters.add(new CounterStats(counter, (Long) samples.get(samples.size() - 1).value(), java.util.Arrays.stream(numbers).min().orElseThrow(),
                        java.util.Arrays.stream(numbers).max().orElseThrow(), numbers[numbers.length - 1]));
            }
        }
        return new AnnotationReport(end, threads, spans.values().stream().map(Spans::stats).toList(), barriers, regions, counters,
                lastCounts(timeline, INSTANTS), lastCounts(timeline, PROBLEMS));
    }

    private static String name(Timeline timeline, String tid) {
        List<Interval> names = timeline.intervals(THREADS, tid, NAME);
        return names.isEmpty() ? "" : (String) names.get(names.size() - 1).value();
    }

    private static Map<String, Long> lastCounts(Timeline timeline, String parent) {
        Map<String, Long> counts = new TreeMap<>();
        for (String child : timeline.children(parent)) {
            List<Interval> values = timeline.intervals(parent, child);
            if (!values.isEmpty()) {
                counts.put(child, (Long) values.get(values.size() - 1).value());
            }
        }
        return counts;
    }

    /** The spans of one name, gathered over every thread and depth. */
    private static final class Spans {
        private final String fName;
        private final List<Long> fDurations = new ArrayList<>();
        private final Map<Integer, Long> fPerCpu = new TreeMap<>();
        private final Map<String, Long> fPreemptedBy = new TreeMap<>();
        private int fInstances;
        private int fUnfinished;
        private long fTotal;

        Spans(String name) {
            fName = name;
        }

        void add(Instance span, long end, List<Interval> cpu, List<Interval> preempted) {
            long duration = span.end() - span.start();
            fInstances++;
            fTotal += duration;
            if (span.end() >= end) {
                fUnfinished++;
            } else {
                fDurations.add(duration);
            }
            Overlap.byValue(cpu, span.start(), span.end()).forEach((value, time) -> fPerCpu.merge(((Long) value).intValue(), time, Long::sum));
            Overlap.byValue(preempted, span.start(), span.end()).forEach((value, time) -> fPreemptedBy.merge((String) value, time, Long::sum));
        }

        AnnotationStats stats() {
            DurationStats durations = fDurations.isEmpty() ? null : DurationStats.of(fDurations.stream().mapToLong(Long::longValue).toArray());
            return new AnnotationStats(fName, fInstances, fUnfinished, fTotal, sum(fPerCpu), fPerCpu, durations, sum(fPreemptedBy), fPreemptedBy);
        }

        private static long sum(Map<?, Long> times) {
            return times.values().stream().mapToLong(Long::longValue).sum();
        }
    }
}
