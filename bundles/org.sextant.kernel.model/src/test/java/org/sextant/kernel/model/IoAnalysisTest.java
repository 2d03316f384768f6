// SPDX-License-Identifier: EPL-2.0
package org.sextant.kernel.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicBoolean;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.parallel.model.BuildMode;
import org.sextant.parallel.model.ChunkAnalysis;
import org.sextant.parallel.model.ParallelBuilder;
import org.sextant.parallel.model.SequentialBuilder;
import org.sextant.parallel.model.SerialBuilder;

class IoAnalysisTest {

    /** What matters to the io analysis of the event classes the perf sample declares: its context switches. */
    static final Set<String> SWITCHES = Set.of("sched:sched_switch");

    /** Per process, the bytes through its descriptors add up to its total; the workload reads and writes. */
    @Test
    void descriptorsAddUpToTheirProcess() throws Exception {
        RecordingWriter writer = new RecordingWriter();
        CpuUsageAnalysisTest.build(new IoAnalysis(KernelEventLayouts.perf(SyscallTable.X86_64), SWITCHES), writer, BuildMode.parallel(2, 1));
        Set<String> processes = new TreeSet<>();
        writer.fFinal.keySet().forEach(path -> processes.add(path.split("/")[1]));
        long written = 0;
        for (String pid : processes) {
            for (String direction : new String[] { IoAnalysis.READ, IoAnalysis.WRITTEN }) {
                Object total = writer.fFinal.get("Processes/" + pid + '/' + direction);
                long perFd = writer.fFinal.entrySet().stream()
                        .filter(e -> e.getKey().startsWith("Processes/" + pid + "/FDs/") && e.getKey().endsWith('/' + direction))
                        .mapToLong(e -> (Long) e.getValue()).sum();
                assertEquals(total == null ? 0L : (Long) total, perFd, pid + ' ' + direction);
                written += IoAnalysis.WRITTEN.equals(direction) ? perFd : 0;
            }
        }
        assertTrue(written > 0, "something was written");
    }

    /**
     * The serial build reads both CPUs' streams at once in time order and cuts them by a number of events, not by
     * stream: calls entered in one chunk and ended in another (a reservation handed over at the chunk's end), and
     * threads that migrate within a chunk, give the changes of a parallel build of a chunk per packet, however
     * small its chunks.
     */
    @Test
    void serialChangesEqualParallelChangesHoweverCut() throws Exception {
        KernelEventLayout layout = KernelEventLayouts.perf(SyscallTable.X86_64);
        for (ChunkAnalysis analysis : List.of(new IoAnalysis(layout, SWITCHES), new CpuUsageAnalysis(layout))) {
            RecordingWriter parallel = new RecordingWriter();
            CpuUsageAnalysisTest.build(analysis, parallel, BuildMode.parallel(2, 1));
            for (int chunkEvents : new int[] { 1, 1000 }) {
                RecordingWriter serial = new RecordingWriter();
                ParallelBuilder.Stats stats = new SerialBuilder(chunkEvents).build(CpuUsageAnalysisTest.PERF, analysis, serial, (done, total) -> { },
                        new AtomicBoolean());
                assertEquals(parallel.fChanges, serial.fChanges, analysis.getClass().getSimpleName() + ", chunks of " + chunkEvents + " events");
                assertTrue(stats.chunks() > 1, stats.toString());
            }
        }
    }

    /**
     * A perf trace recorded without {@code sched:sched_switch} (here the sample with that class renamed away): a
     * thread that migrates in a call leaves no mark on the CPU it left, so a worker that paired calls within its
     * CPU's stream would pair its entry with a later call's exit (the parallel build made 4 changes fewer than
     * the serial one); the merge pairs them in time order instead, whatever the cut.
     */
    @Test
    void withoutContextSwitchesCallsArePairedInTimeOrder(@TempDir Path trace) throws Exception {
        for (String stream : new String[] { "perf_stream_0", "perf_stream_1" }) {
            Files.copy(CpuUsageAnalysisTest.PERF.resolve(stream), trace.resolve(stream));
        }
        String metadata = Files.readString(CpuUsageAnalysisTest.PERF.resolve("metadata"), StandardCharsets.ISO_8859_1);
        Files.writeString(trace.resolve("metadata"), metadata.replace("sched:sched_switch", "sched:sched_swatch"), StandardCharsets.ISO_8859_1);
        KernelEventLayout layout = KernelEventLayouts.perf(SyscallTable.X86_64);
        RecordingWriter serial = new RecordingWriter();
        new SerialBuilder(1000).build(trace, new IoAnalysis(layout, Set.of("sched:sched_swatch")), serial, (done, total) -> { }, new AtomicBoolean());
        for (int threads : new int[] { 1, 2 }) {
            RecordingWriter parallel = new RecordingWriter();
            new ParallelBuilder(threads, 1).build(trace, new IoAnalysis(layout, Set.of("sched:sched_swatch")), parallel, (done, total) -> { },
                    new AtomicBoolean());
            assertEquals(serial.fChanges, parallel.fChanges, threads + " threads");
        }
        assertTrue(serial.fChanges.size() > 10_000, serial.fChanges.size() + " changes");
    }

    /**
     * LTTng without tid and pid contexts, decoded values in: a call's thread is the one its CPU last switched in
     * (none before the CPU's first switch), its process the one a state dump or fork on any CPU told (-1 before),
     * LTTng 2.5's exit_syscall ends whichever call is in progress, and a thread blocked in a read ends it on the
     * CPU it wakes on. The same changes however the events are cut into chunks.
     */
    @Test
    void lttngThreadsFollowContextSwitchesAndProcessesStateDumpsAndForks() throws Exception {
        record Event(long nanos, int cpu, String name, Map<String, Object> fields) {
        }
        List<Event> events = List.of(new Event(10, 0, "syscall_entry_read", Map.of("_fd", 3L)),
                new Event(11, 0, "syscall_exit_read", Map.of("_ret", 100L)),
                new Event(20, 0, "sched_switch", Map.of("_prev_tid", 0L, "_next_tid", 42L)),
                new Event(21, 1, "lttng_statedump_process_state", Map.of("_tid", 42L, "_pid", 40L)),
                new Event(22, 0, "sys_write", Map.of("_fd", 1L)),
                new Event(23, 0, "exit_syscall", Map.of("_ret", 7L)),
                new Event(30, 1, "sched_switch", Map.of("_prev_tid", 0L, "_next_tid", 43L)),
                new Event(31, 1, "syscall_entry_recvmsg", Map.of("_fd", 5L)),
                new Event(32, 1, "syscall_exit_recvmsg", Map.of("_ret", 9L)),
                new Event(40, 0, "sched_process_fork", Map.of("_child_tid", 44L, "_child_pid", 40L)),
                new Event(41, 1, "sched_switch", Map.of("_prev_tid", 43L, "_next_tid", 44L)),
                new Event(42, 1, "syscall_entry_read", Map.of("_fd", 3L)),
                new Event(43, 1, "sched_switch", Map.of("_prev_tid", 44L, "_next_tid", 0L)),
                new Event(50, 0, "sched_switch", Map.of("_prev_tid", 42L, "_next_tid", 44L)),
                new Event(51, 0, "syscall_exit_read", Map.of("_ret", 5L)));
        for (int chunkEvents : new int[] { 1, 4, Integer.MAX_VALUE }) {
            RecordingWriter writer = new RecordingWriter();
            new SequentialBuilder(chunkEvents).build((sink, cancelled) -> events.forEach(e -> sink.event(e.nanos(), e.cpu(), e.name(),
                    new MapFields(e.fields()))), new IoAnalysis(KernelEventLayouts.LTTNG, Set.of("sched_switch")), writer, new AtomicBoolean());
            assertEquals(List.of("23 Processes/40/Written = 7", "23 Processes/40/FDs/1/Written = 7", "23 Threads/42/Written = 7",
                    "32 Processes/-1/Read = 9", "32 Processes/-1/FDs/5/Read = 9", "32 Threads/43/Read = 9",
                    "51 Processes/40/Read = 5", "51 Processes/40/FDs/3/Read = 5", "51 Threads/44/Read = 5"), writer.fChanges,
                    "chunks of " + chunkEvents + " events");
        }
    }

    @Test
    void x86SyscallTableNamesTheReadWriteFamily() {
        assertEquals("read", SyscallTable.X86_64.name(0));
        assertEquals("writev", SyscallTable.X86_64.name(20));
        assertEquals("pwritev2", SyscallTable.X86_64.name(328));
        assertEquals(null, SyscallTable.X86_64.name(100_000));
    }
}
