// SPDX-License-Identifier: EPL-2.0
package org.sextant.count.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The count history against the events counted one by one in time order, with the state system's rule for
 * turning changes into intervals: a change at the time of the ongoing interval's start replaces its value.
 */
class CountHistoryTest {

    private static final long START = 5;
    private static final String[] TYPES = { "sched_switch", "sys_enter_read", "sys_exit_read", "irq" };

    @TempDir
    Path fDirectory;

    /** An event of a stream, at its position there. */
    private record Event(long time, int stream, int index, int cpu, String type) {
    }

    @Test
    void answersEveryTimeAsCountingEventByEventDoes() throws IOException {
        Random random = new Random(18);
        List<List<Event>> streams = new ArrayList<>();
        for (int stream = 0; stream < 3; stream++) {
            List<Event> events = new ArrayList<>();
            long time = START + random.nextInt(20);
            for (int i = 0; i < 120; i++) {
                // steps of 0 (events at one time, within and across streams) to 5
                time += random.nextInt(6);
                // stream 2 is one CPU's; the others mix CPUs and events of no known CPU
                int cpu = stream == 2 ? 7 : random.nextInt(3) - 1;
                events.add(new Event(time, stream, i, cpu, TYPES[random.nextInt(stream == 1 ? 2 : TYPES.length)]));
            }
            streams.add(events);
        }
        long end = streams.stream().mapToLong(events -> events.get(events.size() - 1).time()).max().getAsLong() + 3;
        Path file = fDirectory.resolve("count");
        List<CountSeries> order;
        try (CountHistoryWriter writer = CountHistoryWriter.create(file)) {
            // Chunks of 1 to 30 events, written in no particular order.
            List<CountHistoryWriter.ChunkCounts> chunks = new ArrayList<>();
            for (List<Event> events : streams) {
                for (int from = 0; from < events.size();) {
                    int to = Math.min(events.size(), from + 1 + random.nextInt(30));
                    chunks.add(write(writer, events.subList(from, to)));
                    from = to;
                }
            }
            Collections.shuffle(chunks, random);
            chunks.forEach(writer::add);
            order = writer.series();
            int[] quarks = new int[order.size()];
            for (int i = 0; i < quarks.length; i++) {
                quarks[i] = 100 + i;
            }
            writer.finish(START, end, quarks);
        }

        Map<CountSeries, TreeMap<Long, Long>> expected = countOneByOne(streams);
        assertEquals(List.copyOf(expected.keySet()), order, "counters in the order of their first events");
        try (CountHistory history = CountHistory.open(file)) {
            assertEquals(order, history.series());
            assertEquals(-1, history.seriesOf(99));
            for (int series = 0; series < order.size(); series++) {
                assertEquals(series, history.seriesOf(100 + series));
                TreeMap<Long, Long> changes = expected.get(order.get(series));
                for (long t = START; t <= end; t++) {
                    assertEquals(interval(changes, t, end), history.at(series, t), order.get(series) + " at " + t);
                }
            }
        }
    }

    @Test
    void eventsGoingBackInTimeAreRefused() throws IOException {
        try (CountHistoryWriter writer = CountHistoryWriter.create(fDirectory.resolve("count"))) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> writer.write(0, 0, new long[] { 10, 9 }, new int[] { 0, 0 }, new String[] { "a", "a" }, 2));
            assertEquals("event at 9 comes after one at 10", e.getMessage());
        }
    }

    @Test
    void aDamagedFileIsNamedAndRefused() throws IOException {
        Path file = fDirectory.resolve("count");
        try (CountHistoryWriter writer = CountHistoryWriter.create(file)) {
            writer.add(writer.write(0, 0, new long[] { 10, 12 }, new int[] { 0, 0 }, new String[] { "a", "b" }, 2));
            writer.finish(10, 12, new int[] { 0, 1, 2, 3 });
        }
        try (CountHistory history = CountHistory.open(file)) {
            assertEquals(new CountHistory.Span(12, 12, 2), history.at(0, 12));
        }
        // the header, then the times: the total's two, CPU 0's the same ones, one of a and one of b
        long size = Files.size(file);
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
            channel.truncate(size - 10);
        }
        IOException truncated = assertThrows(IOException.class, () -> CountHistory.open(file));
        assertEquals(file + ": not a complete count history (its index at " + (24 + 4 * 8) + " and attribute tree at " + size
                + " do not fit its " + (size - 10) + " bytes)", truncated.getMessage());
        Files.write(file, new byte[] { 1, 2, 3 });
        IOException notOne = assertThrows(IOException.class, () -> CountHistory.open(file));
        assertTrue(notOne.getMessage().startsWith(file + ": not a complete count history"), notOne.getMessage());
    }

    private static CountHistoryWriter.ChunkCounts write(CountHistoryWriter writer, List<Event> events) throws IOException {
        int size = events.size();
        long[] nanos = new long[size];
        int[] cpus = new int[size];
        String[] names = new String[size];
        for (int i = 0; i < size; i++) {
            nanos[i] = events.get(i).time();
            cpus[i] = events.get(i).cpu();
            names[i] = events.get(i).type();
        }
        return writer.write(events.get(0).stream(), events.get(0).index(), nanos, cpus, names, size);
    }

    /**
     * @return each counter's value after each time it changed, counting the events in time order (ties by
     *         stream, then position), the counters in the order they first changed
     */
    private static Map<CountSeries, TreeMap<Long, Long>> countOneByOne(List<List<Event>> streams) {
        List<Event> all = new ArrayList<>();
        streams.forEach(all::addAll);
        all.sort((one, other) -> one.time() != other.time() ? Long.compare(one.time(), other.time())
                : one.stream() != other.stream() ? Integer.compare(one.stream(), other.stream()) : Integer.compare(one.index(), other.index()));
        Map<CountSeries, TreeMap<Long, Long>> changes = new LinkedHashMap<>();
        EventCounter counter = new EventCounter(new CountSink() {
            @Override
            public void total(long timestamp, long count) {
                changes.computeIfAbsent(CountSeries.TOTAL, s -> new TreeMap<>()).put(timestamp, count);
            }

            @Override
            public void cpu(long timestamp, int cpu, long count) {
                changes.computeIfAbsent(CountSeries.cpu(cpu), s -> new TreeMap<>()).put(timestamp, count);
            }

            @Override
            public void type(long timestamp, String type, long count) {
                changes.computeIfAbsent(CountSeries.type(type), s -> new TreeMap<>()).put(timestamp, count);
            }
        });
        all.forEach(event -> counter.count(event.time(), event.cpu(), event.type()));
        return changes;
    }

    /** The state system's interval at {@code t}: from the last change until the next, null before the first. */
    private static CountHistory.Span interval(TreeMap<Long, Long> changes, long t, long end) {
        Map.Entry<Long, Long> last = changes.floorEntry(t);
        Long next = changes.higherKey(t);
        long until = next == null ? end : next - 1;
        return last == null ? new CountHistory.Span(START, until, 0) : new CountHistory.Span(last.getKey(), until, last.getValue());
    }
}
