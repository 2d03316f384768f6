// SPDX-License-Identifier: EPL-2.0
package org.sextant.annotations.model;

import static org.sextant.annotations.model.AnnotationTracker.BARRIERS;
import static org.sextant.annotations.model.AnnotationTracker.CPU;
import static org.sextant.annotations.model.AnnotationTracker.THREADS;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.sextant.annotations.model.AnnotationReport.Arrival;
import org.sextant.annotations.model.AnnotationReport.BarrierInstance;
import org.sextant.annotations.model.AnnotationReport.Region;

/** One barrier's instances and the regions before them, read from a {@link Timeline}. */
final class Barrier {

    private Barrier() {
    }

    static void read(Timeline timeline, String barrier, List<BarrierInstance> instances, List<Region> regions) {
        Map<Long, List<Arrival>> byInstance = new TreeMap<>();
        Map<Long, Map<Long, Arrival>> byThread = new HashMap<>();
        for (String tid : timeline.children(BARRIERS, barrier)) {
            for (Interval wait : timeline.intervals(BARRIERS, barrier, tid)) {
                Arrival arrival = new Arrival(Long.parseLong(tid), wait.start(), wait.end());
                byInstance.computeIfAbsent((Long) wait.value(), k -> new ArrayList<>()).add(arrival);
                byThread.computeIfAbsent(arrival.tid(), t -> new HashMap<>()).put((Long) wait.value(), arrival);
            }
        }
        byInstance.forEach((k, arrivals) -> {
            arrivals.sort(Comparator.comparingLong(Arrival::arrival).thenComparingLong(Arrival::tid));
            instances.add(new BarrierInstance(barrier, k, arrivals.get(0).arrival(), arrivals.get(arrivals.size() - 1).arrival(), List.copyOf(arrivals)));
            Map<Long, Long> work = new TreeMap<>();
            for (Arrival arrival : arrivals) {
                String tid = Long.toString(arrival.tid());
                Arrival previous = byThread.get(arrival.tid()).get(k - 1);
                long start = previous != null ? previous.departure() : regionStart(timeline, tid, arrival.arrival());
                work.put(arrival.tid(), Overlap.total(timeline.intervals(THREADS, tid, CPU), start, arrival.arrival()));
            }
            regions.add(new Region(barrier, k, work));
        });
    }

    /** Where a thread's first region starts: its first annotation (or its arrival, if it annotated nothing before). */
    private static long regionStart(Timeline timeline, String tid, long arrival) {
        List<Interval> inside = timeline.intervals(THREADS, tid);
        return inside.isEmpty() ? arrival : Math.min(inside.get(0).start(), arrival);
    }
}
