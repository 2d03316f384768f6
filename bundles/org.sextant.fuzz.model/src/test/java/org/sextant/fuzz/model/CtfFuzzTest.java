// SPDX-License-Identifier: EPL-2.0
package org.sextant.fuzz.model;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.sextant.ctf.model.CtfMetadata;
import org.sextant.ctf.model.CtfTrace;
import org.sextant.ctf.model.EventReader;
import org.sextant.ctf.model.Leaves;
import org.sextant.ctf.model.Packet;
import org.sextant.ctf.model.TraceCursor;
import org.sextant.ctf.model.TraceFormatException;

/**
 * The CTF codec on damaged copies of captured traces (metadata, streams and LTTng indexes): every mutant is
 * refused with a {@link TraceFormatException} naming the file, or decodes into events that keep the codec's
 * promises: each stream in time order, every event inside its stream's packets.
 */
class CtfFuzzTest {

    @ParameterizedTest
    @CsvSource({ "lttng-ust-libc, 300", "lttng-ust-small-packets, 300", "perf-sched-syscalls, 100" })
    void everyMutantIsRefusedCleanlyOrDecodesInOrder(String fixture, long mutants) throws Exception {
        Fuzzing.run("ctf-" + fixture, Fuzzing.FIXTURES.resolve(fixture), mutants, TARGET);
    }

    /**
     * CTF 2 traces (tests/fixtures/ctf2): their JSON metadata damaged as text (members, brackets and lines lost,
     * repeated or moved, numbers made huge) and as bytes, their streams and index as any CTF's. Each valid
     * mutant is also read whole through {@link TraceCursor}, every field of every event shown ({@link Leaves}),
     * as the CTF 2 trace type reads it: events merged in time order.
     */
    @ParameterizedTest
    @CsvSource({ "trace-with-index, 300", "debug-info, 300", "vl-ints, 200", "meta-variant-no-underscore, 200" })
    void everyCtf2MutantIsRefusedCleanlyOrDecodesInOrder(String fixture, long mutants) throws Exception {
        Fuzzing.run("ctf2-" + fixture, Fuzzing.FIXTURES.resolve("ctf2").resolve(fixture), mutants, CTF2_TARGET);
    }

    private static final Campaign.Target CTF2_TARGET = new Campaign.Target() {
        @Override
        public void read(Path input) throws Exception {
            TARGET.read(input);
            CtfTrace trace = CtfTrace.open(input);
            long previous = Long.MIN_VALUE;
            try (TraceCursor cursor = new TraceCursor(trace, Long.MIN_VALUE)) {
                while (cursor.next()) {
                    if (cursor.nanos() < previous) {
                        throw new Campaign.InvariantViolation("merged events go back from " + previous + " to " + cursor.nanos() + " ns");
                    }
                    previous = cursor.nanos();
                    Leaves.walk(cursor.event().fields(), cursor.fields(), SHOWN);
                }
            }
        }

        @Override
        public boolean isCleanError(Exception error, Path input) {
            return TARGET.isCleanError(error, input);
        }
    };

    /** Shows nothing: walking the leaves is what is checked (no exception). */
    private static final Leaves.Visitor SHOWN = new Leaves.Visitor() {
        @Override
        public void integer(String name, long value, boolean unsigned) {
            // walked
        }

        @Override
        public void string(String name, String value) {
            // walked
        }

        @Override
        public void integers(String name, long[] values, boolean unsigned) {
            // walked
        }
    };

    /**
     * A Redis node's trace of events version 5, whose reads and writes end in events with a string, two integer
     * sequences and their {@code took} (redis-single-v5).
     */
    @Test
    void aRedisTraceOfEventsVersion5IsRefusedCleanlyOrDecodesInOrder() throws Exception {
        Fuzzing.run("ctf-redis-single-v5", Fuzzing.FIXTURES.resolve("redis-single-v5/ust/pid/redis-server-14795-20261128-214602"), 100, TARGET);
    }

    /**
     * A Redis node's trace of events version 8, whose reads and writes are told in {@code reads_end} and
     * {@code writes_end} events: five sequences of one length, a string, and two sequences of another length
     * (redis-single-v8).
     */
    @Test
    void aRedisTraceOfEventsVersion8IsRefusedCleanlyOrDecodesInOrder() throws Exception {
        Fuzzing.run("ctf-redis-single-v8", Fuzzing.FIXTURES.resolve("redis-single-v8/ust/pid/redis-server-18857-20261129-003413"), 100, TARGET);
    }

    /**
     * The mutants that failed in campaigns (./sextant fuzz --seed 1000), made again from their seeds: a regex
     * that recursed once per character of an unclosed string (stack overflow), an unmatched quote, alignments of
     * 0 and 2^63-1, a header array of 2^36 elements (laid out element by element), packet headers larger than
     * an int; and of the campaign from seed 200000, packet contexts whose cpu_id was past an int (read as a
     * negative CPU).
     */
    @ParameterizedTest
    @CsvSource({ "perf-sched-syscalls, 1044", "perf-sched-syscalls, 1371", "perf-sched-syscalls, 2046", "perf-sched-syscalls, 2184",
            "perf-sched-syscalls, 2259", "perf-sched-syscalls, 2442", "lttng-ust-libc, 1704", "lttng-ust-small-packets, 202016",
            "lttng-ust-small-packets, 220226" })
    void mutantsThatFailedOnceStayFixed(String fixture, long seed) throws Exception {
        Fuzzing.replay("ctf-" + fixture, Fuzzing.FIXTURES.resolve(fixture), seed, TARGET);
    }

    private static final Campaign.Target TARGET = new Campaign.Target() {
        @Override
        public void read(Path input) throws Exception {
            CtfTrace trace = CtfTrace.open(input);
            for (Map.Entry<Path, List<Packet>> stream : trace.packets().entrySet()) {
                checkStream(trace.metadata(), stream.getKey(), stream.getValue());
            }
        }

        @Override
        public boolean isCleanError(Exception error, Path input) {
            return error instanceof TraceFormatException && Fuzzing.namesInput(error, input);
        }
    };

    private static void checkStream(CtfMetadata metadata, Path stream, List<Packet> packets) throws Exception {
        if (packets.isEmpty()) {
            return;
        }
        long first = packets.get(0).timestampBegin();
        long last = packets.get(packets.size() - 1).timestampEnd();
        long[] previous = { first };
        new EventReader(stream, metadata).read(packets, 0, packets.size(), (timestamp, cpu, event, fields) -> {
            if (Long.compareUnsigned(timestamp, previous[0]) < 0 || Long.compareUnsigned(timestamp, last) > 0) {
                throw new Campaign.InvariantViolation(stream.getFileName() + ": event at " + Long.toUnsignedString(timestamp) + " after "
                        + Long.toUnsignedString(previous[0]) + ", stream from " + first + " to " + last);
            }
            if (cpu < -1) {
                throw new Campaign.InvariantViolation(stream.getFileName() + ": cpu " + cpu);
            }
            previous[0] = timestamp;
        });
    }
}
