// SPDX-License-Identifier: EPL-2.0
package org.sextant.fuzz.model;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.zip.GZIPInputStream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.sextant.ftrace.model.Cursor;
import org.sextant.ftrace.model.FtraceEvent;
import org.sextant.ftrace.model.FtraceFormatException;
import org.sextant.ftrace.model.FtraceTrace;
import org.sextant.ftrace.model.Position;

/**
 * The ftrace reader on damaged copies of the captures, trace-cmd files and text: every mutant is refused with an
 * {@link FtraceFormatException} naming the file (and the offset or line), or reads into events that keep the
 * reader's promises: in time order, inside the trace's span, on a CPU the trace has, every field a number or a
 * string, lost counts never negative (but -1, unknown).
 */
class FtraceFuzzTest {

    private static final int HEADER = 4096;
    /** A run of text this long without a NUL is the kernel symbols, which the reader only looks names up in. */
    private static final int SYMBOLS = 1 << 16;

    @ParameterizedTest
    @CsvSource({ "ftrace-sched-small/trace.dat, 150", "ftrace-lost/trace.dat, 150", "ftrace-sched-small/trace.txt, 300",
            "ftrace-sched-small/trace-tracefs.txt, 200", "ftrace-lost/trace.txt, 200", "ftrace-markers/trace.txt, 100" })
    void everyMutantIsRefusedCleanlyOrReadsInOrder(String sample, long mutants) throws Exception {
        Path input = input(sample);
        Fuzzing.run(sample.replace('/', '-'), input, mutants, TARGET);
    }

    /**
     * The mutants that failed in a campaign (seeds from 100000), made again from their seeds: the kernel's text
     * with {@code group_dead} or an IRQ's {@code ret} neither word the kernel prints, which a conditional expression
     * unboxed to a null.
     */
    @ParameterizedTest
    @CsvSource({ "ftrace-sched-small/trace-tracefs.txt, 101681", "ftrace-sched-small/trace-tracefs.txt, 102317",
            "ftrace-sched-small/trace-tracefs.txt, 103104" })
    void mutantsThatFailedOnceStayFixed(String sample, long seed) throws Exception {
        Fuzzing.replay(sample.replace('/', '-'), input(sample), seed, TARGET);
    }

    private static final Campaign.Target TARGET = new Campaign.Target() {
        @Override
        public void read(Path input) throws Exception {
            check(input);
        }

        @Override
        public boolean isCleanError(Exception error, Path input) {
            return error instanceof FtraceFormatException && Fuzzing.namesInput(error, input);
        }

        /**
         * A trace-cmd file is mostly event formats and kernel symbols the reader looks a few up in: the damage goes
         * to its first page (magic, headers), to the formats of the events the capture has, and to everything after
         * the symbols (command lines, options, the ring-buffer pages).
         */
        @Override
        public List<int[]> focus(Path file, byte[] content) {
            if (!file.toString().endsWith(".dat")) {
                return null;
            }
            List<int[]> ranges = new ArrayList<>();
            ranges.add(new int[] { 0, Math.min(HEADER, content.length) });
            String text = new String(content, StandardCharsets.ISO_8859_1);
            for (String name : EVENT_NAMES) {
                int start = text.indexOf("name: " + name + "\nID:");
                int end = start < 0 ? -1 : text.indexOf('\n', text.indexOf("\nprint fmt:", start) + 1);
                if (start >= 8 && end > start) {
                    ranges.add(new int[] { start - 8, end });
                }
            }
            int run = 0;
            for (int i = 0; i < content.length; i++) {
                run = content[i] == 0 ? 0 : run + 1;
                if (run == SYMBOLS) {
                    while (i < content.length && content[i] != 0) {
                        i++;
                    }
                    ranges.add(new int[] { i, content.length });
                    break;
                }
            }
            return ranges;
        }
    };

    /** The events of the captures (and the markers' text events), whose formats the reader parses. */
    private static final Set<String> EVENT_NAMES = new TreeSet<>(List.of("sched_switch", "sched_wakeup", "sched_wakeup_new", "sched_migrate_task",
            "sched_process_fork", "sched_process_exec", "sched_process_exit", "irq_handler_entry", "irq_handler_exit", "softirq_entry",
            "softirq_exit", "print"));

    private static void check(Path input) throws Exception {
        try (FtraceTrace trace = FtraceTrace.open(input); Cursor cursor = trace.cursor(Position.START)) {
            long previous = Long.MIN_VALUE;
            long events = 0;
            for (FtraceEvent event = cursor.next(); event != null; event = cursor.next()) {
                events++;
                if (event.timestamp() < previous) {
                    throw new Campaign.InvariantViolation("event at " + event.timestamp() + " after one at " + previous + ": " + event);
                }
                if (event.timestamp() < trace.startTime() || event.timestamp() > trace.endTime()) {
                    throw new Campaign.InvariantViolation("event at " + event.timestamp() + " outside the trace's span " + trace.startTime() + " to "
                            + trace.endTime());
                }
                if (event.cpu() < 0 || event.cpu() >= trace.cpuCount()) {
                    throw new Campaign.InvariantViolation("CPU " + event.cpu() + " of a trace of " + trace.cpuCount() + " CPUs");
                }
                if (event.lostCount() < -1) {
                    throw new Campaign.InvariantViolation("a negative count of lost events: " + event);
                }
                for (int i = 0; i < event.fieldCount(); i++) {
                    Object value = event.value(i);
                    if (event.fieldName(i).isEmpty() || !(value instanceof Long || value instanceof String)) {
                        throw new Campaign.InvariantViolation("field " + i + " of " + event.name() + ": " + event.fieldName(i) + "=" + value);
                    }
                }
                previous = event.timestamp();
            }
            if (trace.isEmpty() != (events == 0)) {
                throw new Campaign.InvariantViolation(events + " events in a trace that says it is " + (trace.isEmpty() ? "" : "not ") + "empty");
            }
            for (int cpu = 0; cpu < trace.cpuCount(); cpu++) {
                if (trace.lostEvents(cpu) < -1) {
                    throw new Campaign.InvariantViolation("CPU " + cpu + " lost " + trace.lostEvents(cpu) + " events");
                }
            }
            if (trace.lostEvents() < -1) {
                throw new Campaign.InvariantViolation("lost " + trace.lostEvents() + " events");
            }
        }
    }

    /** A fixture's file, unpacked into the temporary directory when it is stored gzipped. */
    private static Path input(String sample) throws IOException {
        Path file = Fuzzing.FIXTURES.resolve(sample);
        if (Files.exists(file)) {
            return file;
        }
        Path unpacked = Files.createTempDirectory("sextant-fuzz-input-").resolve(file.getFileName().toString());
        try (InputStream in = new GZIPInputStream(Files.newInputStream(file.resolveSibling(file.getFileName() + ".gz")))) {
            Files.copy(in, unpacked, StandardCopyOption.REPLACE_EXISTING);
        }
        return unpacked;
    }
}
