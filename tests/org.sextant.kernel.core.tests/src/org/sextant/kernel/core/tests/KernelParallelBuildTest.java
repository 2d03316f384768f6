// SPDX-License-Identifier: EPL-2.0
package org.sextant.kernel.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;

import org.eclipse.tracecompass.analysis.os.linux.core.cpuusage.KernelCpuUsageAnalysis;
import org.eclipse.tracecompass.statesystem.core.ITmfStateSystem;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceManager;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.sextant.kernel.core.CpuUsageModule;
import org.sextant.kernel.core.IoModule;
import org.sextant.kernel.model.CpuUsageAnalysis;
import org.sextant.kernel.model.IoAnalysis;
import org.sextant.parallel.core.ParallelHistoryModule;
import org.sextant.parallel.engine.Histories;
import org.sextant.parallel.engine.Report;
import org.sextant.test.support.Fixture;
import org.sextant.test.support.QueryAgreement;
import org.sextant.test.support.Traces;

/**
 * The cpu and io analyses built in parallel, on real perf traces: checked against Trace Compass's own CPU usage
 * analysis, against facts worked out by babeltrace2 and a script (the fixture catalogue), and against the serial
 * build with every packet its own chunk, so that context switches, migrations and system calls cross chunk
 * boundaries.
 */
class KernelParallelBuildTest {

    private static final int THREADS = 4;
    /** Below any packet's size: one chunk per packet. */
    private static final long ONE_PACKET = 1;

    @ParameterizedTest
    @EnumSource(names = { "PERF_SCHED_SYSCALLS", "PERF_MULTI_PACKET" })
    void cpuHistoryHoldsTraceCompassCpuUsageHistory(Fixture fixture) throws Exception {
        assertCpuHistoryHoldsTraceCompassCpuUsageHistory(fixture, THREADS);
    }

    /** Every attribute of Trace Compass's CPU usage history is in the parallel cpu history (one chunk per packet), the same. */
    static void assertCpuHistoryHoldsTraceCompassCpuUsageHistory(Fixture fixture, int threads) throws Exception {
        assertCpuHistoryHoldsTraceCompassCpuUsageHistory(Traces.openKernelTrace(fixture), threads);
    }

    /**
     * A clock with an {@code offset_s}, which Trace Compass 6.2 leaves out of its times and the codec applies (a copy
     * of a perf trace, its clock's {@code offset_s} made 1,700,000,000 s): the cpu history holds Trace Compass's CPU
     * usage history all the same, on Trace Compass's time axis.
     */
    @Test
    void cpuHistoryLiesOnTraceCompassTimeAxisWhereTheClockHasOffsetS(@TempDir Path directory) throws Exception {
        Path fixture = Fixture.PERF_SCHED_SYSCALLS.path();
        try (Stream<Path> files = Files.list(fixture)) {
            for (Path file : (Iterable<Path>) files::iterator) {
                Files.copy(file, directory.resolve(file.getFileName()));
            }
        }
        Path metadata = directory.resolve("metadata"); //$NON-NLS-1$
        String clock = Files.readString(metadata, StandardCharsets.ISO_8859_1);
        assertTrue(clock.contains("offset_s = 0;"), "the clock has an offset_s"); //$NON-NLS-1$
        Files.writeString(metadata, clock.replace("offset_s = 0;", "offset_s = 1700000000;"), StandardCharsets.ISO_8859_1); //$NON-NLS-1$ //$NON-NLS-2$
        assertCpuHistoryHoldsTraceCompassCpuUsageHistory(Traces.openKernelTrace(directory), THREADS);
    }

    /** As {@link #assertCpuHistoryHoldsTraceCompassCpuUsageHistory(Fixture, int)}, on an opened trace it closes. */
    private static void assertCpuHistoryHoldsTraceCompassCpuUsageHistory(ITmfTrace trace, int threads) throws Exception {
        try {
            KernelCpuUsageAnalysis traceCompass = TmfTraceUtils.getAnalysisModuleOfClass(trace, KernelCpuUsageAnalysis.class,
                    KernelCpuUsageAnalysis.ID);
            assertNotNull(traceCompass);
            traceCompass.schedule();
            assertTrue(traceCompass.waitForCompletion());
            assertTrue(traceCompass.getStateSystem().getNbAttributes() > 1, "Trace Compass found threads on CPUs");
            CpuUsageModule ours = build(new CpuUsageModule(), CpuUsageModule.ID, trace, threads, ONE_PACKET);
            assertNull(Histories.firstMismatch(traceCompass.getStateSystem(), ours.getStateSystem()));
            ours.dispose();
        } finally {
            Traces.close(trace);
        }
    }

    @Test
    void parallelHistoriesEqualSerialHistoriesAcrossChunks() throws Exception {
        ITmfTrace trace = Traces.openKernelTrace(Fixture.PERF_MULTI_PACKET);
        try {
            assertSameAsSerial(trace, new CpuUsageModule(), new CpuUsageModule(), CpuUsageModule.ID);
            assertSameAsSerial(trace, new IoModule(), new IoModule(), IoModule.ID);
        } finally {
            Traces.close(trace);
        }
    }

    /**
     * Several history writers: the history kept in that many history trees behind one state system answers full,
     * singular and 2D queries as the serial build's single tree does, across chunk boundaries.
     */
    @ParameterizedTest
    @ValueSource(ints = { 2, 3 })
    void shardedHistoriesAnswerLikeTheSerialOnes(int writers) throws Exception {
        ITmfTrace trace = Traces.openKernelTrace(Fixture.PERF_MULTI_PACKET);
        try {
            assertShardedAnswersLikeSerial(trace, new CpuUsageModule(), new CpuUsageModule(), CpuUsageModule.ID, writers);
            assertShardedAnswersLikeSerial(trace, new IoModule(), new IoModule(), IoModule.ID, writers);
        } finally {
            Traces.close(trace);
        }
    }

    /** io writes two history trees unless told otherwise, on more than one thread; on one thread, one tree. */
    @Test
    void ioWritesTwoTreesByDefaultOnMoreThanOneThread() {
        IoModule io = new IoModule();
        io.setThreads(2);
        assertEquals(2, io.getWriters());
        io.setThreads(1);
        assertEquals(1, io.getWriters());
        io.setThreads(2);
        io.setWriters(1);
        assertEquals(1, io.getWriters(), "as told");
        CpuUsageModule cpu = new CpuUsageModule();
        cpu.setThreads(2);
        assertEquals(1, cpu.getWriters());
        io.dispose();
        cpu.dispose();
    }

    private static void assertShardedAnswersLikeSerial(ITmfTrace trace, ParallelHistoryModule serial, ParallelHistoryModule sharded, String id,
            int writers) throws Exception {
        serial.setSerial();
        build(serial, id, trace, 1, Long.MAX_VALUE);
        TmfTraceManager.deleteSupplementaryFiles(trace);
        sharded.setWriters(writers);
        build(sharded, id, trace, THREADS, ONE_PACKET);
        assertTrue(sharded.describeBuild().endsWith(", " + writers + " writers"), sharded.describeBuild());
        Path directory = Path.of(TmfTraceManager.getSupplementaryFileDir(trace));
        assertTrue(Files.isRegularFile(directory.resolve(id + ".ht.shards")));
        assertTrue(Files.isRegularFile(directory.resolve(id + "." + (writers - 1) + ".ht")));
        assertTrue(QueryAgreement.assertSameAnswers(serial.getStateSystem(), sharded.getStateSystem(), 300) > 1000, id);
        assertNull(Histories.firstDifference(serial.getStateSystem(), sharded.getStateSystem()), id);
        serial.dispose();
        sharded.dispose();
        TmfTraceManager.deleteSupplementaryFiles(trace);
    }

    private static void assertSameAsSerial(ITmfTrace trace, ParallelHistoryModule serial, ParallelHistoryModule parallel, String id)
            throws Exception {
        serial.setSerial();
        build(serial, id, trace, 1, Long.MAX_VALUE);
        TmfTraceManager.deleteSupplementaryFiles(trace);
        build(parallel, id, trace, THREADS, ONE_PACKET);
        Report report = parallel.getReport();
        assertNotNull(report);
        assertEquals(4, report.chunks(), "two packets per stream");
        assertEquals(Fixture.PERF_MULTI_PACKET.fact("events"), report.events());
        assertTrue(report.deferred() > 0, "changes that needed the state before their chunk");
        assertNull(Histories.firstDifference(serial.getStateSystem(), parallel.getStateSystem()), id);
        serial.dispose();
        parallel.dispose();
        TmfTraceManager.deleteSupplementaryFiles(trace);
    }

    /** Each thread's time on all CPUs, up to its last switch-out, as the catalogue script added it up. */
    @ParameterizedTest
    @EnumSource(names = { "PERF_SCHED_SYSCALLS", "PERF_MULTI_PACKET" })
    void threadTotalsMatchTheCatalogue(Fixture fixture) throws Exception {
        ITmfTrace trace = Traces.openKernelTrace(fixture);
        try {
            CpuUsageModule module = build(new CpuUsageModule(), CpuUsageModule.ID, trace, THREADS, ONE_PACKET);
            Map<String, Long> expected = facts(fixture, "cpu.ns.");
            assertEquals(expected, finalValues(module.getStateSystem(), CpuUsageAnalysis.THREADS, "*"));
            module.dispose();
        } finally {
            Traces.close(trace);
        }
    }

    /** Bytes read and written per process, as the catalogue script paired the system calls. */
    @ParameterizedTest
    @EnumSource(names = { "PERF_SCHED_SYSCALLS", "PERF_MULTI_PACKET" })
    void bytesPerProcessMatchTheCatalogue(Fixture fixture) throws Exception {
        ITmfTrace trace = Traces.openKernelTrace(fixture);
        try {
            IoModule module = build(new IoModule(), IoModule.ID, trace, THREADS, ONE_PACKET);
            ITmfStateSystem ss = module.getStateSystem();
            assertEquals(facts(fixture, "io.read."), finalValues(ss, IoAnalysis.PROCESSES, "*", IoAnalysis.READ));
            assertEquals(facts(fixture, "io.written."), finalValues(ss, IoAnalysis.PROCESSES, "*", IoAnalysis.WRITTEN));
            module.dispose();
        } finally {
            Traces.close(trace);
        }
    }

    /** perf's env block names the tracer and the machine: the analyses read perf's names and x86_64's call numbers. */
    @Test
    void perfTracesAreReadWithThePerfLayoutOfTheirMachine() throws Exception {
        ITmfTrace trace = Traces.openKernelTrace(Fixture.PERF_SCHED_SYSCALLS);
        try {
            IoModule module = new IoModule();
            assertNull(module.getLayoutName(), "no trace yet");
            module.setId(IoModule.ID);
            assertTrue(module.setTrace(trace));
            assertEquals("perf-x86_64", module.getLayoutName());
            module.dispose();
        } finally {
            Traces.close(trace);
        }
    }

    /** Garbage inside the second packet of a stream: Trace Compass opens the trace, the build names file and offset. */
    @Test
    void corruptPacketFailsNamingTheFileAndLeavesNoHistory(@TempDir Path directory) throws Exception {
        Path fixture = Fixture.PERF_MULTI_PACKET.path();
        for (String file : new String[] { "metadata", "perf_stream_0", "perf_stream_1" }) {
            Files.copy(fixture.resolve(file), directory.resolve(file));
        }
        Path damaged = directory.resolve("perf_stream_1");
        byte[] stream = Files.readAllBytes(damaged);
        int secondPacket = secondPacketOffset(stream);
        Arrays.fill(stream, secondPacket + (stream.length - secondPacket) / 2, secondPacket + (stream.length - secondPacket) / 2 + 4096, (byte) 0xff);
        Files.write(damaged, stream);
        ITmfTrace trace = Traces.openKernelTrace(directory);
        try {
            CpuUsageModule module = new CpuUsageModule();
            module.setId(CpuUsageModule.ID);
            assertTrue(module.setTrace(trace));
            module.schedule();
            module.waitForCompletion();
            assertNull(module.getStateSystem());
            String failure = module.getFailure();
            assertNotNull(failure);
            assertTrue(failure.startsWith(damaged + " at offset "), failure);
            Path supplementary = Path.of(TmfTraceManager.getSupplementaryFileDir(trace));
            assertFalse(Files.exists(supplementary.resolve(CpuUsageModule.ID + ".ht")));
            assertFalse(Files.exists(supplementary.resolve(CpuUsageModule.ID + ".ht.partial")));
            module.dispose();
        } finally {
            Traces.close(trace);
        }
    }

    /** The offset of the second CTF packet magic number (0xC1FC1FC1, little-endian in perf's traces). */
    private static int secondPacketOffset(byte[] stream) {
        byte[] magic = { (byte) 0xc1, 0x1f, (byte) 0xfc, (byte) 0xc1 };
        for (int i = 4; i + magic.length <= stream.length; i++) {
            if (Arrays.equals(stream, i, i + magic.length, magic, 0, magic.length)) {
                return i;
            }
        }
        throw new IllegalStateException("one packet only");
    }

    static <M extends ParallelHistoryModule> M build(M module, String id, ITmfTrace trace, int threads, long chunkBytes)
            throws Exception {
        module.setId(id);
        module.setThreads(threads);
        module.setChunkBytes(chunkBytes);
        assertTrue(module.setTrace(trace));
        module.schedule();
        assertTrue(module.waitForCompletion(), () -> "build failed: " + module.getFailure());
        return module;
    }

    /** The catalogue's facts under a prefix, by the rest of their key. */
    private static Map<String, Long> facts(Fixture fixture, String prefix) {
        Map<String, Long> facts = new HashMap<>();
        String start = fixture.name().toLowerCase().replace('_', '-') + '.' + prefix;
        Fixture.catalogue().forEach((key, value) -> {
            if (key.toString().startsWith(start)) {
                facts.put(key.toString().substring(start.length()), Long.parseLong(value.toString().trim()));
            }
        });
        return facts;
    }

    /** The final long values of the attributes matching a pattern, by the name of the pattern's wildcard level. */
    static Map<String, Long> finalValues(ITmfStateSystem ss, String... pattern) throws Exception {
        Map<String, Long> values = new HashMap<>();
        int wildcard = Arrays.asList(pattern).indexOf("*");
        for (int quark : ss.getQuarks(pattern)) {
            Object value = ss.querySingleState(ss.getCurrentEndTime(), quark).getValue();
            if (value instanceof Long number) {
                values.put(ss.getFullAttributePathArray(quark)[wildcard], number);
            }
        }
        return values;
    }
}
