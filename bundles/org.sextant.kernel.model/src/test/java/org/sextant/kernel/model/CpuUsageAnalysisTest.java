// SPDX-License-Identifier: EPL-2.0
package org.sextant.kernel.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;

import org.junit.jupiter.api.Test;
import org.sextant.parallel.model.ParallelBuilder;

class CpuUsageAnalysisTest {

    static final Path PERF = Path.of(System.getProperty("sextant.fixtures"), "perf-sched-syscalls");

    static ParallelBuilder.Stats build(org.sextant.parallel.model.ChunkAnalysis analysis, RecordingWriter writer, int threads, long chunkBytes)
            throws Exception {
        return new ParallelBuilder(threads, chunkBytes).build(PERF, analysis, writer, (done, total) -> { }, new AtomicBoolean());
    }

    /** Runs on a CPU tile its time: they add up to the span from the trace's first event to its last switch. */
    @Test
    void runsOfEachCpuAddUpToItsSwitchedTime() throws Exception {
        RecordingWriter writer = new RecordingWriter();
        ParallelBuilder.Stats stats = build(new CpuUsageAnalysis(KernelEventLayouts.perf(SyscallTable.X86_64)), writer, 2, 1);
        for (String cpu : new String[] { "0", "1" }) {
            long lastSwitch = writer.fChanges.stream().filter(line -> line.contains(" Runs/" + cpu + " = "))
                    .mapToLong(line -> Long.parseLong(line.substring(0, line.indexOf(' ')))).max().orElseThrow();
            assertEquals(lastSwitch - stats.firstEvent(), writer.sumUnder("CPUs/" + cpu), "CPU " + cpu);
        }
        assertEquals(writer.sumUnder("CPUs/0") + writer.sumUnder("CPUs/1"), writer.sumUnder("Threads"));
        assertTrue(stats.deferred() >= 2, "each CPU's first switch is deferred: " + stats.deferred());
    }

    /** Threads migrate between the two CPUs (74 migrations): their totals meet across streams, whatever the threads. */
    @Test
    void parallelChangesEqualSerialChanges() throws Exception {
        RecordingWriter serial = new RecordingWriter();
        RecordingWriter parallel = new RecordingWriter();
        build(new CpuUsageAnalysis(KernelEventLayouts.perf(SyscallTable.X86_64)), serial, 1, Long.MAX_VALUE);
        build(new CpuUsageAnalysis(KernelEventLayouts.perf(SyscallTable.X86_64)), parallel, 4, 1);
        assertEquals(serial.fChanges, parallel.fChanges);
        assertTrue(serial.fFinal.containsKey("Threads/0/Name"), "the idle thread is named: " + serial.fFinal.get("Threads/0/Name"));
    }
}
