// SPDX-License-Identifier: EPL-2.0
package org.sextant.otf2.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

/** The reader against {@code otf2-print}'s output for the same archive: the oracle is the OTF2 library itself. */
class Otf2ArchiveTest {

    private static final Pattern LOCATION_LINE = Pattern.compile("^LOCATION +(\\d+) .*# Events: (\\d+),.*");

    /** The event types of the fixture that the reader skips, as otf2-print names them, by record type id. */
    static final Map<Integer, String> SKIPPED = Map.of(11, "MEASUREMENT_ON_OFF", 24, "OMP_FORK", 33,
            "PARAMETER_INT64");

    @Test
    void everyEventInOrderWithEveryAttributeEqualsOtf2Print() throws Exception {
        Otf2Archive archive = Otf2Archive.open(Fixtures.MPI_LIKE);
        Otf2Print print = new Otf2Print(archive.definitions());
        List<String> lines = new ArrayList<>();
        long count = archive.readEvents(event -> lines.addAll(print.lines(event)));
        List<String> printed = Fixtures.printedEvents(Fixtures.MPI_LIKE).stream()
                .filter(line -> !SKIPPED.containsValue(line.split(" ")[0])).toList();
        assertSameLines(printed, lines);
        assertEquals(104, count);
        Map<Integer, Long> skippedPrinted = new TreeMap<>();
        SKIPPED.forEach((id, name) -> skippedPrinted.put(id, Fixtures.printedEvents(Fixtures.MPI_LIKE).stream()
                .filter(line -> line.startsWith(name + " ")).count()));
        assertEquals(Map.of(11, 1L, 24, 1L, 33, 3L), skippedPrinted);
        assertEquals(skippedPrinted, archive.skippedEvents());
    }

    @Test
    void localMappingsAndChunksGiveOtf2PrintsEvents() throws Exception {
        Otf2Archive archive = Otf2Archive.open(Fixtures.CHUNKS);
        assertTrue(Files.size(Fixtures.CHUNKS.resolve("traces/0.evt")) > archive.anchor().chunkSizeEvents(),
                "location 0's events must span more than one chunk");
        Otf2Print print = new Otf2Print(archive.definitions());
        List<String> lines = new ArrayList<>();
        long count = archive.readEvents(event -> lines.addAll(print.lines(event)));
        assertSameLines(Fixtures.printedEvents(Fixtures.CHUNKS), lines);
        assertEquals(24_613, count);
        assertEquals(Map.of(), archive.skippedEvents());
    }

    @Test
    void aRealMpiRunRecordedByOurMeasurementLibraryEqualsOtf2Print() throws Exception {
        Otf2Archive archive = Otf2Archive.open(Fixtures.MPI_STENCIL);
        Otf2Print print = new Otf2Print(archive.definitions());
        List<String> lines = new ArrayList<>();
        Map<Long, Long> perLocation = new TreeMap<>();
        Map<Otf2EventType, Long> perType = new TreeMap<>();
        long count = archive.readEvents(event -> {
            lines.addAll(print.lines(event));
            perLocation.merge(event.location(), 1L, Long::sum);
            perType.merge(event.type(), 1L, Long::sum);
        });
        assertSameLines(Fixtures.printedEvents(Fixtures.MPI_STENCIL), lines);
        assertEquals(4716, count);
        assertEquals(Map.of(), archive.skippedEvents());
        assertEquals(Map.of(0L, 988L, 1L, 200L, 1000L, 976L, 1001L, 200L, 2000L, 976L, 2001L, 200L, 3000L, 976L,
                3001L, 200L), perLocation);
        // 10 parallel sweeps a rank on 4 ranks, each team of 2 threads
        assertEquals(List.of(40L, 40L, 80L, 80L), List.of(perType.get(Otf2EventType.THREAD_FORK),
                perType.get(Otf2EventType.THREAD_JOIN), perType.get(Otf2EventType.THREAD_TEAM_BEGIN),
                perType.get(Otf2EventType.THREAD_TEAM_END)));
        archive.definitions().locations().values()
                .forEach(location -> assertEquals(perLocation.get(location.id()), location.numberOfEvents()));
    }

    /** Ticks that are not nanoseconds, events equal to the tick, and a region name otf2-print quotes unescaped. */
    @Test
    void tiesOnAFastClockEqualOtf2Print() throws Exception {
        Otf2Archive archive = Otf2Archive.open(Fixtures.TIES);
        Otf2Print print = new Otf2Print(archive.definitions());
        List<String> lines = new ArrayList<>();
        long count = archive.readEvents(event -> lines.addAll(print.lines(event)));
        assertSameLines(Fixtures.printedEvents(Fixtures.TIES), lines);
        assertEquals(186, count);
        assertEquals(Map.of(), archive.skippedEvents());
        assertEquals(2_500_000_000L, archive.definitions().clock().ticksPerSecond());
    }

    @Test
    void eventsPerLocationEqualTheCountsInTheDefinitions() throws Exception {
        Otf2Archive archive = Otf2Archive.open(Fixtures.MPI_LIKE.resolve("traces.otf2"));
        Map<Long, Long> printed = new TreeMap<>();
        for (String line : Fixtures.printedDefinitions(Fixtures.MPI_LIKE)) {
            Matcher m = LOCATION_LINE.matcher(line);
            if (m.matches()) {
                printed.put(Long.parseLong(m.group(1)), Long.parseLong(m.group(2)));
            }
        }
        Map<Long, Long> read = new TreeMap<>();
        for (long location : archive.definitions().locations().keySet()) {
            Otf2EventReader reader = archive.events(location);
            long events = 0;
            while (reader.next() != null) {
                events++;
            }
            read.put(location, events + reader.skipped().values().stream().mapToLong(n -> n).sum());
        }
        assertEquals(printed, read);
        archive.definitions().locations().values()
                .forEach(location -> assertEquals(printed.get(location.id()), location.numberOfEvents()));
    }

    @Test
    void definitionsMatchOtf2Print() throws Exception {
        Otf2Archive archive = Otf2Archive.open(Fixtures.MPI_LIKE);
        Otf2Definitions defs = archive.definitions();
        Map<String, Long> printed = new TreeMap<>();
        for (String line : Fixtures.printedDefinitions(Fixtures.MPI_LIKE)) {
            printed.merge(line.split(" ")[0], 1L, Long::sum);
        }
        Map<String, Long> read = new TreeMap<>(Map.of("CLOCK_PROPERTIES", 1L, "STRING", (long) defs.strings().size(),
                "ATTRIBUTE", (long) defs.attributes().size(), "SYSTEM_TREE_NODE", (long) defs.systemTree().size(),
                "LOCATION_GROUP", (long) defs.locationGroups().size(), "LOCATION", (long) defs.locations().size(),
                "REGION", (long) defs.regions().size(), "GROUP", (long) defs.groups().size(), "METRIC_MEMBER",
                (long) defs.metricMembers().size(), "METRIC_CLASS", (long) defs.metricClasses().size()));
        read.put("COMM", (long) defs.comms().size());
        read.put("RMA_WIN", (long) defs.rmaWins().size());
        read.put("PARAMETER", defs.skipped());
        assertEquals(printed, read);
        assertEquals(archive.anchor().numberOfGlobalDefinitions(), read.values().stream().mapToLong(n -> n).sum());
        assertEquals(1, defs.skipped());
        assertEquals("3.0.2", archive.anchor().version());
        assertEquals(new Otf2Definitions.ClockProperties(1_000_000_000L, 999, 3222), defs.clock());
        assertEquals("node0", defs.string(defs.systemTree().get(1L).name()));
        assertEquals(0, defs.systemTree().get(1L).parent());
        assertEquals(Otf2Definitions.UNDEFINED_32, defs.systemTree().get(0L).parent());
        assertEquals("OpenMP thread 1", defs.string(defs.locations().get(2L).name()));
        assertEquals(1, defs.locations().get(2L).group());
        assertTrue(defs.groups().get(3L).members().length == 2);
    }

    /** Names the first line that differs rather than printing thousands of them. */
    static void assertSameLines(List<String> expected, List<String> actual) {
        for (int i = 0; i < Math.min(expected.size(), actual.size()); i++) {
            assertEquals(expected.get(i), actual.get(i), "event line " + (i + 1));
        }
        assertEquals(expected.size(), actual.size(), "event lines");
    }
}
