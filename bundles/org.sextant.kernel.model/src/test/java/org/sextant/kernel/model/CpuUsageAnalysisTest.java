// SPDX-License-Identifier: EPL-2.0
package org.sextant.kernel.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;

import org.junit.jupiter.api.Test;
import org.sextant.parallel.model.BuildMode;
import org.sextant.parallel.model.ChunkAnalysis;
import org.sextant.parallel.model.ParallelBuilder;
import org.sextant.parallel.model.SequentialBuilder;

class CpuUsageAnalysisTest {

    static final Path PERF = Path.of(System.getProperty("sextant.fixtures"), "perf-sched-syscalls");

    static ParallelBuilder.Stats build(org.sextant.parallel.model.ChunkAnalysis analysis, RecordingWriter writer, BuildMode mode)
            throws Exception {
        return new ParallelBuilder(mode).build(PERF, analysis, writer, (done, total) -> { }, new AtomicBoolean());
    }

    /** Runs on a CPU tile its time: they add up to the span from the trace's first event to its last switch. */
    @Test
    void runsOfEachCpuAddUpToItsSwitchedTime() throws Exception {
        RecordingWriter writer = new RecordingWriter();
        ParallelBuilder.Stats stats = build(new CpuUsageAnalysis(KernelEventLayouts.perf(SyscallTable.X86_64)), writer, BuildMode.parallel(2, 1));
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
        build(new CpuUsageAnalysis(KernelEventLayouts.perf(SyscallTable.X86_64)), serial, BuildMode.SERIAL);
        build(new CpuUsageAnalysis(KernelEventLayouts.perf(SyscallTable.X86_64)), parallel, BuildMode.parallel(4, 1));
        assertEquals(serial.fChanges, parallel.fChanges);
        assertTrue(serial.fFinal.containsKey("Threads/0/Name"), "the idle thread is named: " + serial.fFinal.get("Threads/0/Name"));
    }

    /**
     * The sequential build, which reads traces whose reader merges the CPUs itself (ftrace), gives the changes of
     * the parallel build from the same events in time order, however it cuts them into chunks.
     */
    @Test
    void sequentialChangesEqualParallelChanges() throws Exception {
        KernelEventLayout layout = KernelEventLayouts.perf(SyscallTable.X86_64);
        RecordingWriter parallel = new RecordingWriter();
        build(new CpuUsageAnalysis(layout), parallel, BuildMode.SERIAL);
        record Event(long nanos, int cpu, String name, MapFields fields) {
        }
        // the fixture's events, a stream after the other, then in time order (ties by CPU, as the merge breaks them)
        List<Event> events = new ArrayList<>();
        build(new ChunkAnalysis() {
            @Override
            public Set<String> fields() {
                return layout.contextSwitchFields();
            }

            @Override
            public Worker worker() {
                return name -> (nanos, cpu, fields, changes) -> {
                    Map<String, Object> values = new HashMap<>();
                    layout.contextSwitchFields().forEach(field -> values.put(field, fields.string(field) != null ? fields.string(field)
                            : (Object) fields.integer(field, -1)));
                    events.add(new Event(nanos, cpu, name, new MapFields(values)));
                };
            }
        }, new RecordingWriter(), BuildMode.SERIAL);
        events.sort(Comparator.comparingLong(Event::nanos).thenComparingInt(Event::cpu));
        for (int chunkEvents : new int[] { 1, 1000, Integer.MAX_VALUE }) {
            RecordingWriter sequential = new RecordingWriter();
            ParallelBuilder.Stats stats = new SequentialBuilder(chunkEvents).build((sink, cancelled) -> events
                    .forEach(event -> sink.event(event.nanos(), event.cpu(), event.name(), event.fields())), new CpuUsageAnalysis(layout), sequential,
                    new AtomicBoolean());
            assertEquals(parallel.fChanges, sequential.fChanges, "chunks of " + chunkEvents + " events");
            assertEquals(events.size(), stats.events());
        }
    }
}
