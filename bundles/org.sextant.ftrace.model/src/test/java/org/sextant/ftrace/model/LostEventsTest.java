// SPDX-License-Identifier: EPL-2.0
package org.sextant.ftrace.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * Events the kernel lost, on the capture made with two pages per CPU: each CPU's first page says events were lost
 * before it (CPU 1 stores how many, CPU 0 does not), trace-cmd report prints both, and the kernel's statistics,
 * which trace-cmd saves in the file, count them all.
 */
class LostEventsTest {

    @Test
    void aMarkerStandsWhereEachCpuLostEvents() throws Exception {
        for (String file : List.of("trace.dat", "trace.txt")) {
            List<FtraceEvent> items = Fixtures.read(Fixtures.file(Fixtures.LOST, file));
            List<FtraceEvent> markers = items.stream().filter(FtraceEvent::isLost).toList();
            assertEquals(2, markers.size(), file);
            assertEquals(1, markers.get(0).cpu());
            assertEquals(Fixtures.fact(Fixtures.LOST, "dropped.cpu1"), markers.get(0).lostCount());
            assertEquals(0, markers.get(1).cpu());
            assertEquals(-1, markers.get(1).lostCount(), "CPU 0's page had no room to store its count");
            for (FtraceEvent marker : markers) {
                FtraceEvent next = items.get(items.indexOf(marker) + 1);
                assertEquals(marker.timestamp(), next.timestamp(), "a marker has the time of the first event kept after the loss");
                assertEquals(marker.cpu(), next.cpu());
            }
        }
    }

    @Test
    void theDatFileCountsLossesFromTheKernelsStatistics() throws Exception {
        try (FtraceTrace trace = FtraceTrace.open(Fixtures.file(Fixtures.LOST, "trace.dat"))) {
            assertEquals(Fixtures.fact(Fixtures.LOST, "stats.lost.cpu0"), trace.lostEvents(0));
            assertEquals(Fixtures.fact(Fixtures.LOST, "stats.lost.cpu1"), trace.lostEvents(1));
            assertEquals(trace.lostEvents(0) + trace.lostEvents(1), trace.lostEvents());
        }
        try (FtraceTrace trace = FtraceTrace.open(Fixtures.file(Fixtures.LOST, "trace.txt"))) {
            assertEquals(-1, trace.lostEvents(0), "the text says only that CPU 0 lost events");
            assertEquals(Fixtures.fact(Fixtures.LOST, "dropped.cpu1"), trace.lostEvents(1));
            assertEquals(-1, trace.lostEvents());
        }
        try (FtraceTrace trace = FtraceTrace.open(Fixtures.file(Fixtures.SMALL, "trace.dat"))) {
            assertEquals(0, trace.lostEvents());
        }
    }
}
