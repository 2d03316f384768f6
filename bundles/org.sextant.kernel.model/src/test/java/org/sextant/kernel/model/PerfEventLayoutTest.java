// SPDX-License-Identifier: EPL-2.0
package org.sextant.kernel.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicBoolean;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.sextant.parallel.model.BuildMode;
import org.sextant.parallel.model.ChunkAnalysis;
import org.sextant.parallel.model.EventFields;
import org.sextant.parallel.model.ParallelBuilder;

/**
 * The perf layout on the real perf fixture: what it reads in concepts agrees with what babeltrace2 and the
 * catalogue script found in the same trace (tests/fixtures/CATALOGUE.md).
 */
class PerfEventLayoutTest {

    private static final String FIXTURE = "perf-sched-syscalls";
    private static final KernelEventLayout PERF = KernelEventLayouts.perf(SyscallTable.X86_64);

    /** What the layout read from every event of the fixture. */
    private static final class Reading {
        long fSwitches;
        long fEntries;
        long fExits;
        final Set<Long> fSwitchedOut = new TreeSet<>();
        final Set<String> fNames = new TreeSet<>();
        final Set<String> fCalls = new TreeSet<>();
        final Set<Long> fReadingPids = new TreeSet<>();
        long fUnattributed;
        long fReadsWithoutFd;
    }

    private static Reading sReading;

    /** Reads the fixture serially through the layout, the way the kernel analyses do. */
    @BeforeAll
    static void read() throws Exception {
        Reading reading = new Reading();
        ChunkAnalysis analysis = new ChunkAnalysis() {
            @Override
            public Set<String> fields() {
                Set<String> fields = new HashSet<>(PERF.contextSwitchFields());
                fields.addAll(PERF.syscallFields());
                return fields;
            }

            @Override
            public Worker worker() {
                return eventName -> {
                    if (PERF.isContextSwitch(eventName)) {
                        return (nanos, cpu, fields, changes) -> {
                            reading.fSwitches++;
                            reading.fSwitchedOut.add(PERF.prevTid(fields));
                            reading.fNames.add(PERF.prevComm(fields));
                        };
                    }
                    KernelEventLayout.Syscall entry = PERF.syscallEntry(eventName);
                    if (entry != null) {
                        return (nanos, cpu, fields, changes) -> {
                            reading.fEntries++;
                            attributed(reading, fields);
                            String call = entry.name(fields);
                            reading.fCalls.add(String.valueOf(call));
                            if ("read".equals(call) && PERF.entryFd(fields) < 0) {
                                reading.fReadsWithoutFd++;
                            }
                        };
                    }
                    KernelEventLayout.Syscall exit = PERF.syscallExit(eventName);
                    if (exit != null) {
                        return (nanos, cpu, fields, changes) -> {
                            reading.fExits++;
                            attributed(reading, fields);
                            if ("read".equals(exit.name(fields)) && PERF.ret(fields) > 0) {
                                reading.fReadingPids.add(PERF.pid(fields));
                            }
                        };
                    }
                    return null;
                };
            }
        };
        new ParallelBuilder(BuildMode.SERIAL).build(CpuUsageAnalysisTest.PERF, analysis, new RecordingWriter(), (done, total) -> { }, new AtomicBoolean());
        sReading = reading;
    }

    private static void attributed(Reading reading, EventFields fields) {
        if (PERF.tid(fields) < 0 || PERF.pid(fields) < 0) {
            reading.fUnattributed++;
        }
    }

    @Test
    void eventsOfEachConceptAreBabeltracesCounts() throws Exception {
        Reading reading = sReading;
        Properties catalogue = catalogue();
        assertEquals(fact(catalogue, "type.sched:sched_switch"), reading.fSwitches);
        assertEquals(fact(catalogue, "type.raw_syscalls:sys_enter"), reading.fEntries);
        assertEquals(fact(catalogue, "type.raw_syscalls:sys_exit"), reading.fExits);
        assertEquals(0, reading.fUnattributed, "perf gives every event its thread and process");
    }

    /**
     * The threads switched out are those the catalogue script gave CPU time, named as perf names them: the
     * workload's threads and the commands it runs are among them.
     */
    @Test
    void contextSwitchesNameTheThreadsSwitchedOut() throws Exception {
        Reading reading = sReading;
        Set<Long> withTime = new TreeSet<>();
        keys(catalogue(), "cpu.ns.").forEach(tid -> withTime.add(Long.valueOf(tid)));
        assertEquals(withTime, reading.fSwitchedOut);
        assertTrue(reading.fNames.containsAll(Set.of("rw-migrate", "bash", "true", "sleep")), reading.fNames.toString());
    }

    /**
     * Calls are named by x86_64's table: the workload's reads, writes and naps, and the clones and execs of the
     * commands it spawns. Reads have their descriptor; the processes that read are the catalogue's.
     */
    @Test
    void systemCallsAreNamedWithTheirDescriptorsAndProcesses() throws Exception {
        Reading reading = sReading;
        assertTrue(reading.fCalls.containsAll(Set.of("read", "write", "clock_nanosleep", "clone", "execve")), reading.fCalls.toString());
        assertFalse(reading.fCalls.contains("null"), "every call number is in the table: " + reading.fCalls);
        assertEquals(0, reading.fReadsWithoutFd);
        Set<Long> readers = new TreeSet<>();
        keys(catalogue(), "io.read.").forEach(pid -> readers.add(Long.valueOf(pid)));
        assertTrue(reading.fReadingPids.containsAll(readers), reading.fReadingPids + " should hold " + readers);
    }

    /** The layout follows the trace's env block as Trace Compass hands it over, quotes kept. */
    /**
     * perf 4.1's converter wrote one stream for all CPUs, without cpu_id, and the CPU in every event's perf_cpu
     * (tracecompass-test-traces' perf-taskset2): taken only when the stream has no CPU.
     */
    @Test
    void perfCpuIsTheCpuOfEventsOfStreamsWithout() {
        MapFields fields = new MapFields(Map.of("perf_cpu", 3L, "prev_pid", 12L, "next_pid", 0L));
        assertEquals(3, PERF.cpu(-1, fields));
        assertEquals(1, PERF.cpu(1, fields));
        assertEquals(-1, PERF.cpu(-1, new MapFields(Map.of())));
        assertTrue(PERF.contextSwitchFields().contains("perf_cpu"));
        assertTrue(PERF.threadInEveryEvent());
    }

    @Test
    void envOfPerfTracesChoosesThePerfLayoutOfTheirArchitecture() {
        assertEquals("perf-x86_64", KernelEventLayouts.forEnvironment(Map.of("domain", "\"kernel\"", "tracer_name", "\"perf\"", "machine", "\"x86_64\"")).name());
        KernelEventLayout arm = KernelEventLayouts.forEnvironment(Map.of("tracer_name", "perf", "machine", "aarch64"));
        assertEquals("perf-aarch64", arm.name());
        assertNull(arm.syscallEntry("raw_syscalls:sys_enter").name(new MapFields(Map.of("id", 0L))), "no table for aarch64: call 0 is not x86_64's read");
    }

    private static Properties catalogue() throws IOException {
        Properties catalogue = new Properties();
        try (InputStream in = Files.newInputStream(Path.of(System.getProperty("sextant.fixtures"), "catalogue.properties"))) {
            catalogue.load(in);
        }
        return catalogue;
    }

    private static long fact(Properties catalogue, String key) {
        return Long.parseLong(catalogue.getProperty(FIXTURE + '.' + key).trim());
    }

    private static Set<String> keys(Properties catalogue, String prefix) {
        String start = FIXTURE + '.' + prefix;
        Set<String> keys = new TreeSet<>();
        catalogue.stringPropertyNames().stream().filter(key -> key.startsWith(start)).forEach(key -> keys.add(key.substring(start.length())));
        return keys;
    }
}
