// SPDX-License-Identifier: EPL-2.0
package org.sextant.ftrace.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Cursors started anywhere: from the position of every event (its time and its rank among events of that time),
 * a cursor gives that event and the ones after it, as reading from the start does; from a time between events,
 * the first event after it. The kernel's text, of microseconds, has many events of equal time.
 */
class SeekTest {

    @ParameterizedTest
    @CsvSource({ "ftrace-sched-small, trace.dat", "ftrace-sched-small, trace.txt", "ftrace-sched-small, trace-tracefs.txt",
            "ftrace-lost, trace.dat", "ftrace-lost, trace.txt" })
    void everyPositionStartsACursorAtItsEvent(String fixture, String name) throws Exception {
        Path file = Fixtures.file(fixture, name);
        try (FtraceTrace trace = FtraceTrace.open(file)) {
            List<Position> positions = new ArrayList<>();
            List<String> events = new ArrayList<>();
            try (Cursor cursor = trace.cursor(Position.START)) {
                for (Position position = cursor.position(); position != Position.END; position = cursor.position()) {
                    positions.add(position);
                    events.add(Fixtures.describe(cursor.next()));
                }
                assertNull(cursor.next());
            }
            for (int i = 1; i < positions.size(); i++) {
                assertTrue(positions.get(i - 1).compareTo(positions.get(i)) < 0, "positions increase: " + positions.get(i - 1) + ", " + positions.get(i));
            }
            for (int i = 0; i < positions.size(); i++) {
                try (Cursor cursor = trace.cursor(positions.get(i))) {
                    assertEquals(positions.get(i), cursor.position());
                    for (int j = i; j < Math.min(positions.size(), i + 3); j++) {
                        assertEquals(events.get(j), Fixtures.describe(cursor.next()), "from event " + i);
                    }
                }
            }
            if (name.equals("trace-tracefs.txt")) {
                assertTrue(positions.stream().anyMatch(position -> position.rank() > 0), "events of equal time");
            }
            try (Cursor cursor = trace.cursor(Position.END)) {
                assertNull(cursor.next());
                assertEquals(Position.END, cursor.position());
            }
        }
    }

    @ParameterizedTest
    @CsvSource({ "ftrace-sched-small, trace.dat", "ftrace-sched-small, trace.txt", "ftrace-lost, trace.dat" })
    void aTimeBetweenEventsStartsAtTheNextOne(String fixture, String name) throws Exception {
        Path file = Fixtures.file(fixture, name);
        List<FtraceEvent> events = Fixtures.read(file);
        try (FtraceTrace trace = FtraceTrace.open(file)) {
            for (int i = 1; i < events.size(); i += 97) {
                long before = events.get(i - 1).timestamp();
                long at = events.get(i).timestamp();
                if (at - before > 1) {
                    try (Cursor cursor = trace.cursor(before + 1)) {
                        assertEquals(Fixtures.describe(events.get(i)), Fixtures.describe(cursor.next()));
                    }
                }
            }
        }
    }
}
