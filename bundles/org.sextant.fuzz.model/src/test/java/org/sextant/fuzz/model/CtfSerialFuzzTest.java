// SPDX-License-Identifier: EPL-2.0
package org.sextant.fuzz.model;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Collectors;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.sextant.common.model.state.StateWriter;
import org.sextant.count.model.CountHistory;
import org.sextant.count.model.CountHistoryWriter;
import org.sextant.count.model.CountSeries;
import org.sextant.count.model.CountSink;
import org.sextant.count.model.EventCounter;
import org.sextant.ctf.model.CtfMetadata;
import org.sextant.ctf.model.CtfTrace;
import org.sextant.ctf.model.TraceFormatException;
import org.sextant.kernel.model.IoAnalysis;
import org.sextant.kernel.model.KernelEventLayout;
import org.sextant.kernel.model.KernelEventLayouts;
import org.sextant.kernel.model.SyscallTable;
import org.sextant.parallel.model.BuildMode;
import org.sextant.parallel.model.ParallelBuilder;
import org.sextant.parallel.model.ParallelDecoder;
import org.sextant.parallel.model.SerialBuilder;

/**
 * The serial mode's decoding on damaged copies of the traces {@link CtfFuzzTest} damages: the pull cursor of
 * each stream merged across streams in time order, and, on the perf trace, the plans that keep fields (perf's
 * {@code args} array element by element, the io analysis's descriptor), which the push reader of
 * {@code CtfTrace.verify()} never compiles. Every mutant is refused with a {@link TraceFormatException} naming
 * the file, or is read whole, and then the serial mode keeps its promises: the count's events in global time
 * order; the io analysis's history built in chunks of a few events, every value a byte count of at least 0; and
 * the same as the parallel builds, which read the same mutant per stream in chunks of one packet, on one thread
 * and on two: the same events in the same order, the same history change for change, and the count history its
 * workers write answering, at every time an event came and just before, what counting the serial mode's events
 * one by one says. A codec that read a damaged
 * event one way through the cursor and another through the push reader, or a merge that lost or reordered events
 * past a damaged packet, would show here (it did: a metadata whose {@code sched:sched_switch} was damaged away made
 * the parallel io history differ, until the analysis stopped pairing calls in its workers for a trace without
 * context switches).
 */
class CtfSerialFuzzTest {

    /** The io analysis's layout: perf's, as the perf trace wants; on the UST traces it handles no event, which fuzzes the cursor and the merge alone. */
    private static final KernelEventLayout LAYOUT = KernelEventLayouts.perf(SyscallTable.X86_64);

    /** Events per serial chunk: a few, so that calls in progress are handed over at chunk ends all along the trace. */
    private static final int SERIAL_CHUNK_EVENTS = 97;

    /** Bytes per parallel chunk: one packet per chunk. */
    private static final long PARALLEL_CHUNK_BYTES = 1;

    @ParameterizedTest
    @CsvSource({ "lttng-ust-libc, 12", "lttng-ust-small-packets, 12", "perf-sched-syscalls, 12" })
    void everyMutantIsRefusedCleanlyOrBuildsAsInParallel(String fixture, long mutants) throws Exception {
        Fuzzing.run("ctf-serial-" + fixture, Fuzzing.FIXTURES.resolve(fixture), mutants, TARGET);
    }

    private static final Campaign.Target TARGET = new Campaign.Target() {
        @Override
        public void read(Path input) throws Exception {
            String serialEvents = countEvents(input, BuildMode.SERIAL, true);
            HashingWriter serial = new HashingWriter();
            Set<String> classes = eventClasses(input);
            ParallelBuilder.Stats stats = new SerialBuilder(SERIAL_CHUNK_EVENTS).build(input, new IoAnalysis(LAYOUT, classes), serial,
                    (done, total) -> { }, new AtomicBoolean());
            String serialHistory = serial.hash();
            for (int threads : new int[] { 1, 2 }) {
                String parallelEvents;
                String parallelHistory;
                try {
                    parallelEvents = countEvents(input, BuildMode.parallel(threads, PARALLEL_CHUNK_BYTES), false);
                    HashingWriter parallel = new HashingWriter();
                    new ParallelBuilder(threads, PARALLEL_CHUNK_BYTES).build(input, new IoAnalysis(LAYOUT, classes), parallel, (done, total) -> { },
                            new AtomicBoolean());
                    parallelHistory = parallel.hash();
                } catch (TraceFormatException e) {
                    throw new Campaign.InvariantViolation("the serial mode read " + stats.events() + " events, the parallel one on " + threads
                            + " threads refused: " + e.getMessage());
                }
                if (!parallelEvents.equals(serialEvents)) {
                    throw new Campaign.InvariantViolation("events: serial " + serialEvents + ", parallel on " + threads + " threads " + parallelEvents);
                }
                if (!parallelHistory.equals(serialHistory)) {
                    throw new Campaign.InvariantViolation("io history: serial " + serialHistory + ", parallel on " + threads + " threads "
                            + parallelHistory);
                }
                checkCountHistory(input, threads);
            }
        }

        @Override
        public boolean isCleanError(Exception error, Path input) {
            return error instanceof TraceFormatException && Fuzzing.namesInput(error, input);
        }
    };

    /**
     * Writes the count history of the trace on that many threads, in chunks of one packet, and checks it against
     * the serial mode's events counted one by one: its counters in the order of their first events, and each
     * counter's value and span at every time one of its events came and just before, as the state system would
     * hold them (a change at the ongoing interval's start replaces its value).
     */
    private static void checkCountHistory(Path input, int threads) throws Exception {
        Map<CountSeries, TreeMap<Long, Long>> expected = new LinkedHashMap<>();
        EventCounter counter = new EventCounter(new CountSink() {
            @Override
            public void total(long timestamp, long count) {
                expected.computeIfAbsent(CountSeries.TOTAL, s -> new TreeMap<>()).put(timestamp, count);
            }

            @Override
            public void cpu(long timestamp, int cpu, long count) {
                expected.computeIfAbsent(CountSeries.cpu(cpu), s -> new TreeMap<>()).put(timestamp, count);
            }

            @Override
            public void type(long timestamp, String type, long count) {
                expected.computeIfAbsent(CountSeries.type(type), s -> new TreeMap<>()).put(timestamp, count);
            }
        });
        new ParallelDecoder(BuildMode.SERIAL).decode(input, counter::count, (done, total) -> { }, new AtomicBoolean());
        if (expected.isEmpty()) {
            return;
        }
        long start = expected.get(CountSeries.TOTAL).firstKey();
        long end = expected.get(CountSeries.TOTAL).lastKey();
        Path file = Files.createTempFile("sextant-fuzz-count", ".direct");
        try {
            List<CountSeries> order;
            try (CountHistoryWriter writer = CountHistoryWriter.create(file)) {
                new ParallelDecoder(threads, PARALLEL_CHUNK_BYTES).reduce(input,
                        (chunk, stream, nanos, cpus, names, size) -> writer.write(stream, chunk.firstPacket(), nanos, cpus, names, size), writer::add,
                        (done, total) -> { }, new AtomicBoolean());
                order = writer.series();
                writer.finish(start, end, new int[order.size()]);
            }
            if (!order.equals(List.copyOf(expected.keySet()))) {
                throw new Campaign.InvariantViolation("count history on " + threads + " threads: counters " + order + ", counting one by one "
                        + expected.keySet());
            }
            try (CountHistory history = CountHistory.open(file)) {
                for (int series = 0; series < order.size(); series++) {
                    TreeMap<Long, Long> changes = expected.get(order.get(series));
                    for (long time : changes.keySet()) {
                        for (long t : new long[] { time - 1, time }) {
                            if (t < start) {
                                continue;
                            }
                            Map.Entry<Long, Long> last = changes.floorEntry(t);
                            Long next = changes.higherKey(t);
                            long until = next == null ? end : next - 1;
                            CountHistory.Span want = last == null ? new CountHistory.Span(start, until, 0)
                                    : new CountHistory.Span(last.getKey(), until, last.getValue());
                            CountHistory.Span got = history.at(series, t);
                            if (!got.equals(want)) {
                                throw new Campaign.InvariantViolation("count history on " + threads + " threads: " + order.get(series) + " at " + t
                                        + " is " + got + ", counting one by one " + want);
                            }
                        }
                    }
                }
            }
        } finally {
            Files.deleteIfExists(file);
        }
    }

    /** @return the names of the event classes the trace's metadata declares, as Trace Compass gives them to the io module */
    private static Set<String> eventClasses(Path input) throws Exception {
        CtfMetadata metadata = CtfTrace.open(input).metadata();
        return metadata.streams().keySet().stream().flatMap(stream -> metadata.events(stream).values().stream())
                .map(CtfMetadata.EventClass::name).collect(Collectors.toSet());
    }

    /**
     * @return the number of events the count's decoding delivers and a hash of their times, CPUs and classes in
     *         the order delivered; in time order, when {@code ordered}
     */
    private static String countEvents(Path input, BuildMode mode, boolean ordered) throws Exception {
        MessageDigest digest = MessageDigest.getInstance("SHA-256");
        ByteBuffer numbers = ByteBuffer.allocate(12);
        long[] previous = { Long.MIN_VALUE };
        ParallelDecoder.Stats stats = new ParallelDecoder(mode).decode(input, (nanos, cpu, name) -> {
            if (ordered && nanos < previous[0]) {
                throw new Campaign.InvariantViolation("the serial merge delivered an event at " + nanos + " ns after one at " + previous[0]);
            }
            previous[0] = nanos;
            digest.update(numbers.clear().putLong(nanos).putInt(cpu).array());
            digest.update(name.getBytes(StandardCharsets.UTF_8));
        }, (done, total) -> { }, new AtomicBoolean());
        return stats.events() + " " + HexFormat.of().formatHex(digest.digest());
    }

    /** A history as a hash of its attributes and of every change, in the order written; every value a count of bytes. */
    private static final class HashingWriter implements StateWriter {
        private final MessageDigest fDigest;
        private final Map<String, Integer> fAttributes = new HashMap<>();

        HashingWriter() throws Exception {
            fDigest = MessageDigest.getInstance("SHA-256");
        }

        @Override
        public int attribute(String... path) {
            return fAttributes.computeIfAbsent(String.join("/", path), key -> {
                fDigest.update(("+" + key + '\n').getBytes(StandardCharsets.UTF_8));
                return fAttributes.size();
            });
        }

        @Override
        public void modify(long time, int attribute, Object value) {
            if (!(value instanceof Long bytes) || bytes < 0) {
                throw new Campaign.InvariantViolation("io: attribute " + attribute + " at " + time + " set to " + value);
            }
            fDigest.update((time + " " + attribute + " " + value + '\n').getBytes(StandardCharsets.UTF_8));
        }

        String hash() {
            return HexFormat.of().formatHex(fDigest.digest());
        }
    }
}
