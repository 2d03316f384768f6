// SPDX-License-Identifier: EPL-2.0
package org.sextant.kernel.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.eclipse.tracecompass.analysis.os.linux.core.tid.TidAnalysisModule;
import org.eclipse.tracecompass.statesystem.core.ITmfStateSystem;
import org.eclipse.tracecompass.tmf.core.statesystem.TmfStateSystemAnalysisModule;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceManager;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.sextant.kernel.core.CpuUsageModule;
import org.sextant.kernel.core.IoModule;
import org.sextant.kernel.model.IoAnalysis;
import org.sextant.parallel.core.ParallelHistoryModule;
import org.sextant.parallel.engine.Histories;
import org.sextant.parallel.engine.Report;
import org.sextant.test.support.Fixture;
import org.sextant.test.support.Traces;

/**
 * The cpu and io analyses on real LTTng kernel traces recorded by others (Trace Compass's test suite, LTTng
 * 2.1 to 2.8, 1 to 8 CPUs; tests/fixtures/CATALOGUE.md "LTTng kernel traces"), where Sextant's LTTng layout had
 * only met hand-decoded values: cpu checked against Trace Compass's own CPU usage analysis, io against its
 * Input/Output analysis and the catalogue's oracle, both built in parallel with one chunk per packet against
 * their serial builds, the events against babeltrace2's count.
 */
class LttngKernelTracesTest {

    private static final int THREADS = 2;
    /** Trace Compass's Input/Output analysis (its class is internal: asked for by id). */
    private static final String TRACE_COMPASS_IO = "org.eclipse.tracecompass.analysis.os.linux.inputoutput";
    /**
     * The threads that moved bytes through calls Trace Compass counts and Sextant does not (readlink, readlinkat)
     * or the reverse (recvmsg, sendmsg, sendto, recvfrom): babeltrace2's events summed per thread both ways
     * (docs/kernel-analyses.md, "On real LTTng kernel traces").
     */
    private static final Map<Fixture, Set<String>> CALLS_OF_ONE_SET = Map.of(
            Fixture.LTTNG_KERNEL_BUG446190, Set.of("1", "177", "292", "338", "340", "482", "526"),
            Fixture.LTTNG_KERNEL_MANY_THREADS, Set.of("202", "691", "776", "851", "1371", "1555", "2671", "4042", "10704", "10705"));
    /** Below any packet's size: one chunk per packet. */
    private static final long ONE_PACKET = 1;

    @ParameterizedTest
    @EnumSource(names = "LTTNG_KERNEL_.*", mode = EnumSource.Mode.MATCH_ALL)
    void cpuHistoryHoldsTraceCompassCpuUsageHistory(Fixture fixture) throws Exception {
        KernelParallelBuildTest.assertCpuHistoryHoldsTraceCompassCpuUsageHistory(fixture, THREADS);
    }

    @ParameterizedTest
    @EnumSource(names = "LTTNG_KERNEL_.*", mode = EnumSource.Mode.MATCH_ALL)
    void parallelHistoriesEqualSerialHistories(Fixture fixture) throws Exception {
        ITmfTrace trace = Traces.openKernelTrace(fixture);
        try {
            assertSameAsSerial(fixture, trace, new CpuUsageModule(), new CpuUsageModule(), CpuUsageModule.ID);
            assertSameAsSerial(fixture, trace, new IoModule(), new IoModule(), IoModule.ID);
        } finally {
            Traces.close(trace);
        }
    }

    /**
     * Bytes per process as the catalogue's oracle pairs the system calls from babeltrace2's events
     * (tools/kernel-suites.py: the thread of a call is the one its CPU's latest sched_switch switched in, its
     * process the one the state dump or a fork had told by then, -1 when none had).
     */
    @ParameterizedTest
    @EnumSource(names = { "LTTNG_KERNEL_BUG446190", "LTTNG_KERNEL_MANY_THREADS" })
    void bytesPerProcessMatchTheOracle(Fixture fixture) throws Exception {
        ITmfTrace trace = Traces.openKernelTrace(fixture);
        try {
            IoModule module = KernelParallelBuildTest.build(new IoModule(), IoModule.ID, trace, THREADS, ONE_PACKET);
            ITmfStateSystem ss = module.getStateSystem();
            assertEquals(fixture.facts("io.read."), KernelParallelBuildTest.finalValues(ss, IoAnalysis.PROCESSES, "*", IoAnalysis.READ));
            assertEquals(fixture.facts("io.written."), KernelParallelBuildTest.finalValues(ss, IoAnalysis.PROCESSES, "*", IoAnalysis.WRITTEN));
            module.dispose();
        } finally {
            Traces.close(trace);
        }
    }

    /**
     * Bytes per thread as Trace Compass 6.2's own Input/Output analysis counts them ({@code Threads/<tid>/bytes_read}
     * and {@code bytes_written}), which follows threads the same way. Its thread lookup does not wait for the
     * thread analysis it depends on, so that is built first: run as a user runs it, it counts 1.76 GB read by the
     * idle thread of many-threads (docs/kernel-analyses.md). The calls counted differ (Trace Compass: every call
     * named read* or write*, readlink included; Sextant: the read and write families, recvmsg and sendmsg
     * included), so the threads that made calls of only one set (babeltrace2: {@link #CALLS_OF_ONE_SET}) differ
     * and every other thread is equal.
     */
    @ParameterizedTest
    @EnumSource(names = { "LTTNG_KERNEL_BUG446190", "LTTNG_KERNEL_MANY_THREADS" })
    void bytesPerThreadAreTraceCompassInputOutputBytes(Fixture fixture) throws Exception {
        ITmfTrace trace = Traces.openKernelTrace(fixture);
        try {
            TidAnalysisModule threads = TmfTraceUtils.getAnalysisModuleOfClass(trace, TidAnalysisModule.class, TidAnalysisModule.ID);
            assertNotNull(threads);
            threads.schedule();
            assertTrue(threads.waitForCompletion());
            TmfStateSystemAnalysisModule traceCompass = TmfTraceUtils.getAnalysisModuleOfClass(trace, TmfStateSystemAnalysisModule.class,
                    TRACE_COMPASS_IO);
            assertNotNull(traceCompass);
            traceCompass.schedule();
            assertTrue(traceCompass.waitForCompletion());
            ITmfStateSystem theirs = traceCompass.getStateSystem();
            assertNotNull(theirs);
            IoModule module = KernelParallelBuildTest.build(new IoModule(), IoModule.ID, trace, THREADS, ONE_PACKET);
            ITmfStateSystem ours = module.getStateSystem();
            Set<String> differing = CALLS_OF_ONE_SET.get(fixture);
            Map<String, Long> theirRead = numbers(theirs, "Threads", "*", "bytes_read");
            Map<String, Long> ourRead = KernelParallelBuildTest.finalValues(ours, IoAnalysis.THREADS, "*", IoAnalysis.READ);
            Map<String, Long> theirWritten = numbers(theirs, "Threads", "*", "bytes_written");
            Map<String, Long> ourWritten = KernelParallelBuildTest.finalValues(ours, IoAnalysis.THREADS, "*", IoAnalysis.WRITTEN);
            for (Map<String, Long> bytes : List.of(theirRead, ourRead, theirWritten, ourWritten)) {
                assertFalse(bytes.isEmpty());
                bytes.keySet().removeAll(differing);
            }
            assertEquals(theirRead, ourRead, "read");
            assertEquals(theirWritten, ourWritten, "written");
            module.dispose();
        } finally {
            Traces.close(trace);
        }
    }

    /** The final non-zero numbers (Trace Compass counts in Integers) of the attributes matching a pattern. */
    private static Map<String, Long> numbers(ITmfStateSystem ss, String... pattern) throws Exception {
        Map<String, Long> values = new HashMap<>();
        int wildcard = Arrays.asList(pattern).indexOf("*");
        for (int quark : ss.getQuarks(pattern)) {
            Object value = ss.querySingleState(ss.getCurrentEndTime(), quark).getValue();
            if (value instanceof Number number && number.longValue() != 0) {
                values.put(ss.getFullAttributePathArray(quark)[wildcard], number.longValue());
            }
        }
        return values;
    }

    private static void assertSameAsSerial(Fixture fixture, ITmfTrace trace, ParallelHistoryModule serial, ParallelHistoryModule parallel,
            String id) throws Exception {
        serial.setSerial();
        KernelParallelBuildTest.build(serial, id, trace, 1, Long.MAX_VALUE);
        TmfTraceManager.deleteSupplementaryFiles(trace);
        KernelParallelBuildTest.build(parallel, id, trace, THREADS, ONE_PACKET);
        Report report = parallel.getReport();
        assertNotNull(report);
        assertEquals(fixture.fact("events"), report.events(), "babeltrace2's count");
        assertNull(Histories.firstDifference(serial.getStateSystem(), parallel.getStateSystem()), id);
        serial.dispose();
        parallel.dispose();
        TmfTraceManager.deleteSupplementaryFiles(trace);
    }
}
