// SPDX-License-Identifier: EPL-2.0
package org.sextant.annotations.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.sextant.annotations.model.AnnotationTracker.ANNOTATION;
import static org.sextant.annotations.model.AnnotationTracker.CPU;
import static org.sextant.annotations.model.AnnotationTracker.CPUS;
import static org.sextant.annotations.model.AnnotationTracker.PREEMPTED_BY;
import static org.sextant.annotations.model.AnnotationTracker.THREADS;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.sextant.annotations.model.AnnotationReport.AnnotationStats;
import org.sextant.annotations.model.AnnotationReport.BarrierInstance;
import org.sextant.annotations.model.AnnotationReport.Region;

/**
 * The tracker's state and the report drawn from it, on small hand-made event sequences: each test is one
 * situation the issue names (migration, preemption, malformed annotations, barriers, the paper's syntax).
 */
class AnnotationTrackerTest {

    private final Timeline fTimeline = new Timeline();
    private final AnnotationTracker fTracker = new AnnotationTracker(fTimeline);

    private AnnotationReport report(long end) {
        fTimeline.close(end);
        return AnnotationReport.of(fTimeline);
    }

    private static AnnotationStats stats(AnnotationReport report, String name) {
        return report.annotations().stream().filter(stats -> stats.name().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void aSpanFollowsItsThreadAcrossPreemptionAndMigration() {
        fTracker.schedSwitch(0, 0, 0, false, 10, "worker");
        fTracker.marker(100, 0, 10, "SX|B|solve");
        fTracker.schedSwitch(300, 0, 10, true, 20, "intruder");
        fTracker.schedSwitch(400, 1, 0, false, 10, "worker");
        fTracker.marker(600, 1, 10, "SX|E|solve");
        fTracker.schedSwitch(700, 1, 10, false, 0, "swapper/1");

        assertEquals(List.of(new Interval(100, 300, "solve")), fTimeline.intervals(CPUS, "0", ANNOTATION));
        assertEquals(List.of(new Interval(400, 600, "solve")), fTimeline.intervals(CPUS, "1", ANNOTATION));
        assertEquals(List.of(new Interval(300, 400, "intruder 20")), fTimeline.intervals(THREADS, "10", PREEMPTED_BY));
        assertEquals(List.of(new Interval(0, 300, 0L), new Interval(400, 700, 1L)), fTimeline.intervals(THREADS, "10", CPU));

        AnnotationStats solve = stats(report(1000), "solve");
        assertEquals(1, solve.instances());
        assertEquals(500, solve.total());
        assertEquals(Map.of(0, 200L, 1, 200L), solve.perCpu());
        assertEquals(100, solve.preempted());
        assertEquals(Map.of("intruder 20", 100L), solve.preemptedBy());
        assertEquals(500, solve.durations().max());
    }

    /**
     * Some kernels emit no sched_switch when a CPU leaves its idle task: a thread that shows up on a CPU (leaving
     * it, or writing a marker there) was switched in after the CPU's previous event, at the latest.
     */
    @Test
    void aSwitchInTheKernelDidNotReportIsInferred() {
        fTracker.schedSwitch(100, 0, 10, false, 0, "swapper/0");
        fTracker.event(100, 0);
        fTracker.event(150, 0);
        fTracker.marker(200, 0, 20, "SX|B|work");
        fTracker.event(200, 0);
        fTracker.schedSwitch(300, 0, 20, false, 0, "swapper/0");
        fTracker.event(300, 0);
        fTracker.event(400, 0);
        fTracker.schedSwitch(500, 0, 10, false, 0, "swapper/0");

        assertEquals(List.of(new Interval(150, 300, 0L)), fTimeline.intervals(THREADS, "20", CPU));
        assertEquals(List.of(new Interval(400, 500, 0L)), fTimeline.intervals(THREADS, "10", CPU));
        assertEquals(List.of(new Interval(100, 150, 0L), new Interval(150, 300, 20L), new Interval(300, 400, 0L), new Interval(400, 500, 10L)),
                fTimeline.intervals(CPUS, "0"));
    }

    @Test
    void malformedAnnotationsAreCountedAndSurvived() {
        fTracker.schedSwitch(0, 0, 0, false, 10, "worker");
        fTracker.marker(10, 0, 10, "SX|E|never");
        fTracker.marker(20, 0, 10, "SX|B|outer");
        fTracker.marker(30, 0, 10, "SX|B|inner");
        fTracker.marker(40, 0, 10, "SX|E|outer");
        fTracker.marker(50, 0, 10, "just a message");
        fTracker.marker(60, 0, 10, "SX|B|left open");
        fTracker.exit(70, 10);
        fTracker.lost(80, 0, 5);

        AnnotationReport report = report(100);
        assertEquals(Map.of(AnnotationTracker.PROBLEM_UNMATCHED_END, 1L, AnnotationTracker.PROBLEM_CROSSED_END, 1L,
                AnnotationTracker.PROBLEM_UNRECOGNISED, 1L, AnnotationTracker.PROBLEM_EXIT_INSIDE, 1L, AnnotationTracker.PROBLEM_LOST, 5L),
                report.problems());
        assertEquals(20, stats(report, "outer").total());
        assertEquals(10, stats(report, "inner").total(), "the end of the outer span closes the inner one");
        assertEquals(10, stats(report, "left open").total(), "a thread's exit closes its spans");
        assertNull(fTimeline.intervals(CPUS, "0").stream().filter(interval -> interval.start() >= 80).findAny().orElse(null),
                "who runs after lost events is unknown");
    }

    @Test
    void barrierInstancesAndRegions() {
        // Three threads on three CPUs, working 100, 200 and 300 ns before each of two arrivals at "b".
        for (int t = 1; t <= 3; t++) {
            fTracker.schedSwitch(0, t, 0, false, t, "w" + t);
            fTracker.marker(0, t, t, "SX|B|work");
            fTracker.marker(100 * t, t, t, "SX|BE|b");
            fTracker.marker(350, t, t, "SX|BL|b");
            fTracker.marker(350 + 100 * t, t, t, "SX|BE|b");
            fTracker.marker(800, t, t, "SX|BL|b");
        }
        AnnotationReport report = report(1000);

        List<BarrierInstance> barriers = report.barriers();
        assertEquals(2, barriers.size());
        assertEquals(200, barriers.get(0).skew());
        assertEquals(List.of(250L, 150L, 50L), barriers.get(0).arrivals().stream().map(AnnotationReport.Arrival::waited).toList());
        assertEquals(2, barriers.get(1).instance());
        Region second = report.regions().get(1);
        assertEquals(Map.of(1L, 100L, 2L, 200L, 3L, 300L), second.work());
        assertEquals(1.5, second.imbalance(), 1e-9);
        assertEquals(3, second.criticalThread());
    }

    @Test
    void paperTasksEndAtTheNextTaskAndBarriersAtTheNextAnnotation() {
        fTracker.schedSwitch(0, 0, 0, false, 10, "pe0");
        fTracker.marker(0, 0, 10, "PE:0;*MAIN*#block1");
        fTracker.marker(100, 0, 10, "PE:0;*MAIN*#block1.loop48");
        fTracker.marker(250, 0, 10, "barrier");
        fTracker.marker(400, 0, 10, "PE:0;*MAIN*#block2");
        fTracker.exit(500, 10);

        AnnotationReport report = report(1000);
        assertEquals(100, stats(report, "*MAIN*#block1").total());
        assertEquals(150, stats(report, "*MAIN*#block1.loop48").total());
        assertEquals(100, stats(report, "*MAIN*#block2").total());
        assertEquals(150, report.barriers().get(0).arrivals().get(0).waited());
        assertEquals(Map.of(), report.problems(), "a thread exiting inside its paper task is how paper tasks end");
    }
}
