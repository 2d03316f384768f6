// SPDX-License-Identifier: EPL-2.0
package org.sextant.ftrace.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import org.eclipse.tracecompass.analysis.os.linux.core.cpuusage.KernelCpuUsageAnalysis;
import org.eclipse.tracecompass.analysis.os.linux.core.kernel.KernelAnalysisModule;
import org.eclipse.tracecompass.statesystem.core.ITmfStateSystem;
import org.eclipse.tracecompass.tmf.core.analysis.IAnalysisModule;
import org.eclipse.tracecompass.tmf.core.statesystem.ITmfAnalysisModuleWithStateSystems;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.sextant.count.core.EventCountAnalysisModule;
import org.sextant.ftrace.core.FtraceDatTrace;
import org.sextant.ftrace.core.FtraceKernelTrace;
import org.sextant.kernel.core.CpuUsageModule;
import org.sextant.parallel.engine.Histories;
import org.sextant.test.support.Fixture;
import org.sextant.test.support.Traces;

/**
 * Trace Compass's own kernel analyses (behind the Resources, Control Flow and CPU Usage views) and Sextant's count
 * and cpu on ftrace input: they complete, they find the threads and CPUs trace-cmd shows, the {@code .dat} and
 * its text give the same histories, and Sextant's CPU usage, built sequentially, equals Trace Compass's.
 */
class KernelAnalysesTest {

    @TempDir
    Path fTemporary;

    @ParameterizedTest
    @CsvSource({ "FTRACE_SCHED_SMALL", "FTRACE_LOST" })
    void traceCompassKernelAnalysisReadsTheDatFileAsItsText(Fixture fixture) throws Exception {
        ITmfTrace dat = FtraceTraceTypesTest.open(fixture, "trace.dat");
        ITmfTrace text = FtraceTraceTypesTest.open(fixture, "trace.txt");
        try {
            ITmfStateSystem fromDat = built(dat, KernelAnalysisModule.ID);
            ITmfStateSystem fromText = built(text, KernelAnalysisModule.ID);
            assertNull(Histories.firstDifference(fromDat, fromText));
            // the Resources view's rows: each CPU's current thread; the Control Flow view's: each thread and its name
            assertTrue(fromDat.optQuarkAbsolute("CPUs", "0", "Current_thread") >= 0);
            assertTrue(fromDat.optQuarkAbsolute("CPUs", "1", "Current_thread") >= 0);
            Set<String> names = new TreeSet<>();
            for (int thread : fromDat.getQuarks("Threads", "*", "Exec_name")) {
                Object name = fromDat.querySingleState(fromDat.getCurrentEndTime(), thread).getValue();
                if (name != null) {
                    names.add(name.toString());
                }
            }
            assertTrue(names.containsAll(List.of("sched-pipe", "python3")), names.toString());
        } finally {
            Traces.close(dat);
            Traces.close(text);
        }
    }

    @Test
    void sextantCpuUsageEqualsTraceCompassCpuUsage() throws Exception {
        ITmfTrace trace = FtraceTraceTypesTest.open(Fixture.FTRACE_SCHED_SMALL, "trace.dat");
        try {
            ITmfStateSystem traceCompass = built(trace, KernelCpuUsageAnalysis.ID);
            CpuUsageModule ours = TmfTraceUtils.getAnalysisModuleOfClass(trace, CpuUsageModule.class, CpuUsageModule.ID);
            assertNotNull(ours);
            assertEquals("ftrace", ours.getLayoutName());
            ours.schedule();
            assertTrue(ours.waitForCompletion());
            assertNull(Histories.firstMismatch(traceCompass, ours.getStateSystem()));
            assertEquals("sequential, 1 chunk", ours.describeBuild());
        } finally {
            Traces.close(trace);
        }
    }

    @Test
    void sextantCountsWhatTraceCmdReports() throws Exception {
        ITmfTrace trace = FtraceTraceTypesTest.open(Fixture.FTRACE_SCHED_SMALL, "trace.dat");
        try {
            ITmfStateSystem count = built(trace, EventCountAnalysisModule.ID);
            Map<String, Long> perCpu = new HashMap<>();
            for (String cpu : List.of("0", "1")) {
                perCpu.put(cpu, (Long) count.querySingleState(count.getCurrentEndTime(), count.getQuarkAbsolute("CPUs", cpu)).getValue());
            }
            assertEquals(Fixture.FTRACE_SCHED_SMALL.facts("events.cpu"), perCpu);
            assertEquals(Fixture.FTRACE_SCHED_SMALL.fact("events"),
                    count.querySingleState(count.getCurrentEndTime(), count.getQuarkAbsolute("Total")).getValue());
        } finally {
            Traces.close(trace);
        }
    }

    /**
     * An event of a type the file has no format for, in the middle page of CPU 1 of the version 6 capture (whose
     * pages end the file; opening reads a CPU's first event and last page only): Trace Compass opens it, the reads
     * that reach the event fail, and the analyses say where.
     */
    @Test
    void aDamagedEventFailsTheAnalysesThatReachIt() throws Exception {
        byte[] dat = Files.readAllBytes(Fixture.FTRACE_LOST.path().resolve("trace.dat"));
        int page = dat.length - 2 * 4096;
        int header = ByteBuffer.wrap(dat).order(ByteOrder.LITTLE_ENDIAN).getInt(page + 16);
        assertTrue((header & 0x1F) > 0 && (header & 0x1F) <= 28, "the page starts with an event");
        ByteBuffer.wrap(dat).order(ByteOrder.LITTLE_ENDIAN).putShort(page + 20, (short) 0xFFFF);
        Path damaged = Files.write(fTemporary.resolve("damaged.dat"), dat);
        ITmfTrace trace = Traces.open(new FtraceDatTrace(), damaged);
        try {
            String expected = damaged + " at offset " + (page + 16) + ": an event of type 65535, for which the file has no format";
            CpuUsageModule cpu = TmfTraceUtils.getAnalysisModuleOfClass(trace, CpuUsageModule.class, CpuUsageModule.ID);
            assertNotNull(cpu);
            cpu.schedule();
            cpu.waitForCompletion();
            assertNull(cpu.getStateSystem(), "no history of a trace read in part");
            assertEquals(expected, cpu.getFailure());
            IAnalysisModule count = trace.getAnalysisModule(EventCountAnalysisModule.ID);
            assertNotNull(count);
            count.schedule();
            count.waitForCompletion();
            assertEquals(expected, ((FtraceKernelTrace) trace).getFailure(), "what the count's command line says");
        } finally {
            Traces.close(trace);
        }
    }

    private static ITmfStateSystem built(ITmfTrace trace, String id) {
        IAnalysisModule module = trace.getAnalysisModule(id);
        assertNotNull(module, id);
        module.schedule();
        assertTrue(module.waitForCompletion(), id);
        ITmfStateSystem ss = ((ITmfAnalysisModuleWithStateSystems) module).getStateSystems().iterator().next();
        assertNotNull(ss, id);
        return ss;
    }
}
