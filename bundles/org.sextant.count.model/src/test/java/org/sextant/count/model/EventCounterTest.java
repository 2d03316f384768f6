// SPDX-License-Identifier: EPL-2.0
package org.sextant.count.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

class EventCounterTest {

    /** Records every reported count as "kind key=count@time". */
    private static final class RecordingSink implements CountSink {
        final List<String> fCalls = new ArrayList<>();

        @Override
        public void total(long timestamp, long count) {
            fCalls.add("total=" + count + "@" + timestamp);
        }

        @Override
        public void cpu(long timestamp, int cpu, long count) {
            fCalls.add("cpu " + cpu + "=" + count + "@" + timestamp);
        }

        @Override
        public void type(long timestamp, String type, long count) {
            fCalls.add("type " + type + "=" + count + "@" + timestamp);
        }
    }

    @Test
    void reportsCumulativeCountsOfTheChangedCountersOnly() {
        RecordingSink sink = new RecordingSink();
        EventCounter counter = new EventCounter(sink);
        counter.count(10, 0, "sched_switch");
        counter.count(20, 1, "sched_switch");
        counter.count(20, 0, "sys_enter");
        assertEquals(List.of(
                "total=1@10", "cpu 0=1@10", "type sched_switch=1@10",
                "total=2@20", "cpu 1=1@20", "type sched_switch=2@20",
                "total=3@20", "cpu 0=2@20", "type sys_enter=1@20"), sink.fCalls);
    }

    @Test
    void eventsWithoutCpuCountInTotalAndTypeOnly() {
        RecordingSink sink = new RecordingSink();
        EventCounter counter = new EventCounter(sink);
        counter.count(5, EventCounter.UNKNOWN_CPU, "marker");
        assertEquals(List.of("total=1@5", "type marker=1@5"), sink.fCalls);
        assertEquals(Map.of(), counter.summary().perCpu());
    }

    @Test
    void summaryHoldsTotalsAndSpan() {
        EventCounter counter = new EventCounter(new RecordingSink());
        counter.count(100, 1, "b");
        counter.count(150, 0, "a");
        counter.count(400, 1, "b");
        CountSummary summary = counter.summary();
        assertEquals(new CountSummary(3, 100, 400, Map.of(0, 1L, 1, 2L), Map.of("a", 1L, "b", 2L)), summary);
        assertEquals(List.of("a", "b"), List.copyOf(summary.perType().keySet()));
    }

    @Test
    void emptyTraceGivesEmptySummary() {
        assertEquals(CountSummary.EMPTY, new EventCounter(new RecordingSink()).summary());
    }

    @Test
    void refusesEventsGoingBackInTime() {
        EventCounter counter = new EventCounter(new RecordingSink());
        counter.count(10, 0, "a");
        assertThrows(IllegalArgumentException.class, () -> counter.count(9, 0, "a"));
    }
}
