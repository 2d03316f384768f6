// SPDX-License-Identifier: EPL-2.0
package org.sextant.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.parallel.engine.HistoryEngine;

/**
 * The job in Spark's local mode (what {@code ./sextant cluster} runs with no master): over 21 traces and a damaged
 * one, every history equals the engine's serial build and every summary babeltrace2's counts; a second run reuses
 * every history; a path the executor cannot read is one error naming host and path; a cancelled job leaves no
 * partial history, and the next run completes it. One trace split into a task per chunk, every analysis: its
 * histories equal the serial build too, and a second run reuses them without a task; a chunk that its task finds
 * damaged names the trace damaged and leaves no history.
 */
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class LocalModeTest {

    private static SparkSession fSpark;

    @BeforeAll
    static void start() {
        fSpark = SparkSession.builder().master("local[2]").appName("sextant local test") //$NON-NLS-1$ //$NON-NLS-2$
                .config("spark.ui.enabled", "false").config("spark.driver.host", "127.0.0.1") //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
                .config("spark.driver.bindAddress", "127.0.0.1").getOrCreate(); //$NON-NLS-1$ //$NON-NLS-2$
    }

    @AfterAll
    static void stop() {
        fSpark.close();
    }

    private static TraceBuild build(Path workspace) {
        return new TraceBuild(workspace.toString(), Set.of(), false, 1, 0, 1_000_000_000L);
    }

    @Test
    void manyTracesEqualTheSerialBuildAndTheCatalogue(@TempDir Path temp) throws Exception {
        Path root = TraceFixtures.layout(temp.resolve("traces"), 10); //$NON-NLS-1$
        Path broken = root.resolve("node-99/kernel"); //$NON-NLS-1$
        TraceFixtures.copy(TraceFixtures.FIXTURES.resolve("perf-sched-syscalls"), broken); //$NON-NLS-1$
        try (var stream = Files.newByteChannel(broken.resolve("perf_stream_0"), java.nio.file.StandardOpenOption.WRITE)) { //$NON-NLS-1$
            stream.truncate(100_000);
        }
        Path workspace = temp.resolve("workspace"); //$NON-NLS-1$
        List<TraceRef> traces = TraceFinder.find(List.of(root));
        assertEquals(22, traces.size());
        ByteArrayOutputStream progress = new ByteArrayOutputStream();
        List<TraceResult> results = ClusterJob.build(fSpark, traces, build(workspace), new PrintStream(progress, true, StandardCharsets.UTF_8));
        String told = progress.toString(StandardCharsets.UTF_8);
        assertTrue(told.contains("trace 22/22 traces/node-99/kernel: started"), told); //$NON-NLS-1$
        assertTrue(told.contains("(22/22)"), told); //$NON-NLS-1$

        Properties catalogue = TraceFixtures.catalogue();
        TraceFixtures.SerialReference serial = new TraceFixtures.SerialReference(temp.resolve("serial")); //$NON-NLS-1$
        try {
            for (TraceResult result : results) {
                if (result.trace().contains("node-99")) { //$NON-NLS-1$
                    assertFalse(result.ok());
                    assertTrue(result.damaged().contains("perf_stream_0"), result.damaged()); //$NON-NLS-1$
                    continue;
                }
                assertTrue(result.ok(), result.trace() + ": " + result.damaged()); //$NON-NLS-1$
                TraceFixtures.checkSummary(result, catalogue);
                List<String> compared = serial.check(workspace, result);
                assertEquals(result.trace().contains("kernel") ? List.of("count", "cpu", "io") : List.of("count"), compared, result.trace()); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$
                for (SummaryRow row : result.rows()) {
                    assertEquals(0, Math.floorMod(row.bucket(), row.width()), row.toString());
                }
            }
        } finally {
            serial.dispose();
        }

        // The command line over the same traces: every history reused, the damaged trace named, Parquet queryable.
        Path out = temp.resolve("out"); //$NON-NLS-1$
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        ByteArrayOutputStream errors = new ByteArrayOutputStream();
        int code = ClusterJob.run(new String[] { "--master", "local[2]", "--out", out.toString(), "--workspace", workspace.toString(), //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
                "--conf", "spark.driver.host=127.0.0.1", "--conf", "spark.driver.bindAddress=127.0.0.1", root.toString() }, //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
                new PrintStream(printed, true, StandardCharsets.UTF_8), new PrintStream(errors, true, StandardCharsets.UTF_8));
        String summary = printed.toString(StandardCharsets.UTF_8);
        assertEquals(0, code, errors.toString(StandardCharsets.UTF_8));
        assertTrue(summary.contains("22 traces: 21 analysed, 1 damaged; histories: 0 built, 43 reused"), summary); //$NON-NLS-1$
        assertTrue(summary.contains("damaged: traces/node-99/kernel: "), summary); //$NON-NLS-1$
        // per host: 11 perf traces on host vm, 10 UST traces on vm too
        long events = 10 * (23_648 + Long.parseLong(catalogue.getProperty("lttng-ust-libc.events")) / 2 //$NON-NLS-1$
                + Long.parseLong(catalogue.getProperty("lttng-ust-small-packets.events")) / 2) + 238_751; //$NON-NLS-1$
        fSpark.read().parquet(out.resolve("summary").toString()).createOrReplaceTempView("s"); //$NON-NLS-1$ //$NON-NLS-2$
        long total = fSpark.sql("SELECT SUM(value) FROM s WHERE analysis = 'count' AND kind = 'trace'").first().getLong(0); //$NON-NLS-1$
        long expected = 10L * 23_648 + 238_751 + 5L * Long.parseLong(catalogue.getProperty("lttng-ust-libc.events")) //$NON-NLS-1$
                + 5L * Long.parseLong(catalogue.getProperty("lttng-ust-small-packets.events")); //$NON-NLS-1$
        assertEquals(expected, total);
        assertTrue(events > 0);
    }

    @Test
    void aTraceTheExecutorCannotReadIsOneErrorNamingHostAndPath(@TempDir Path temp) {
        String missing = temp.resolve("not-mounted/kernel").toString(); //$NON-NLS-1$
        ClusterJob.UnreadableTrace error = assertThrows(ClusterJob.UnreadableTrace.class, () -> ClusterJob.build(fSpark,
                List.of(new TraceRef("kernel", missing)), build(temp.resolve("workspace")), new PrintStream(new ByteArrayOutputStream()))); //$NON-NLS-1$ //$NON-NLS-2$
        assertEquals("host " + TraceBuild.host() + " cannot read " + missing //$NON-NLS-1$ //$NON-NLS-2$
                + " (no such directory): traces must be on a file system every executor mounts at the same path", error.getMessage()); //$NON-NLS-1$
    }

    @Test
    void aCancelledJobLeavesNoHistoryToReuse(@TempDir Path temp) throws Exception {
        Path trace = temp.resolve("traces/long"); //$NON-NLS-1$
        TraceFixtures.copy(TraceFixtures.FIXTURES.resolve("perf-multi-packet"), trace); //$NON-NLS-1$
        Path workspace = temp.resolve("workspace"); //$NON-NLS-1$
        Path histories = TraceBuild.historiesOf(workspace, trace);
        List<TraceRef> traces = List.of(new TraceRef("node-01/kernel-long", trace.toString())); //$NON-NLS-1$
        CompletableFuture<List<TraceResult>> job = CompletableFuture.supplyAsync(() -> {
            try {
                return ClusterJob.build(fSpark, traces, build(workspace), new PrintStream(new ByteArrayOutputStream()));
            } catch (ClusterJob.UnreadableTrace e) {
                throw new IllegalStateException(e);
            }
        });
        // cancel once a history is being written
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
        while (partials(histories).isEmpty() && !job.isDone() && System.nanoTime() < deadline) {
            Thread.sleep(2);
        }
        assertFalse(job.isDone(), "the build ended before a partial history was seen"); //$NON-NLS-1$
        fSpark.sparkContext().cancelJobGroup(ClusterJob.JOB_GROUP);
        Exception failure = assertThrows(Exception.class, job::join);
        assertTrue(String.valueOf(failure.getMessage()).contains("cancelled"), failure.toString()); //$NON-NLS-1$
        // the task's thread removes its partial files as it stops
        deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!partials(histories).isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertEquals(List.of(), partials(histories));
        try (Stream<Path> files = Files.list(histories)) {
            for (Path file : (Iterable<Path>) files::iterator) {
                String name = file.getFileName().toString();
                if (name.endsWith(".ht") || name.endsWith(".direct")) { //$NON-NLS-1$ //$NON-NLS-2$
                    // a complete history of an analysis built before the cancellation has its record
                    assertTrue(Files.exists(histories.resolve(name.replaceAll("\\.\\d+\\.ht$", ".ht") + ".provenance")), name); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                }
            }
        }

        List<TraceResult> again = ClusterJob.build(fSpark, traces, build(workspace), new PrintStream(new ByteArrayOutputStream()));
        TraceFixtures.checkSummary(again.get(0), TraceFixtures.catalogue());
        TraceFixtures.SerialReference serial = new TraceFixtures.SerialReference(temp.resolve("serial")); //$NON-NLS-1$
        try {
            assertEquals(List.of("count", "cpu", "io"), serial.check(workspace, again.get(0))); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        } finally {
            serial.dispose();
        }
        assertNotNull(again.get(0).builds());
    }

    @Test
    void oneTraceSplitIntoChunkTasksEqualsTheSerialBuild(@TempDir Path temp) throws Exception {
        TraceRef trace = TraceFixtures.splitTrace(temp);
        Path workspace = temp.resolve("workspace"); //$NON-NLS-1$
        TraceBuild build = TraceFixtures.splitBuild(workspace);
        ByteArrayOutputStream progress = new ByteArrayOutputStream();
        TraceResult result = SplitBuild.run(fSpark, trace, build, new PrintStream(progress, true, StandardCharsets.UTF_8));
        String told = progress.toString(StandardCharsets.UTF_8);
        assertTrue(told.contains("count chunk 1/4 node-01/kernel-long perf_stream_0 packets 0+1: started"), told); //$NON-NLS-1$
        assertTrue(told.contains("cpu chunk 1/4 node-01/kernel-long perf_stream_0 packets 0+1: started"), told); //$NON-NLS-1$
        assertTrue(told.matches("(?s).*io chunk \\d/4 node-01/kernel-long perf_stream_1 packets 1\\+1: done .*\\(4/4\\).*"), told); //$NON-NLS-1$
        assertFalse(told.contains("trace 1/1"), "no task builds the whole trace: " + told); //$NON-NLS-1$ //$NON-NLS-2$
        assertEquals(List.of("count", "cpu", "io"), result.builds().stream().map(AnalysisBuild::analysis).toList()); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        for (AnalysisBuild built : result.builds()) {
            assertTrue(built.description().startsWith("split into 4 chunk tasks, merged on 2 threads"), built.description()); //$NON-NLS-1$
        }
        TraceFixtures.checkSplit(result, workspace, temp.resolve("serial")); //$NON-NLS-1$

        ByteArrayOutputStream second = new ByteArrayOutputStream();
        TraceResult again = SplitBuild.run(fSpark, trace, build, new PrintStream(second, true, StandardCharsets.UTF_8));
        assertEquals(List.of("reused", "reused", "reused"), again.builds().stream().map(AnalysisBuild::description).toList()); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        assertFalse(second.toString(StandardCharsets.UTF_8).contains("chunk"), "no chunk task for a reused history"); //$NON-NLS-1$ //$NON-NLS-2$
        assertEquals(result.rows(), again.rows());
    }

    @Test
    void aChunkItsTaskFindsDamagedNamesTheTraceDamaged(@TempDir Path temp) throws Exception {
        TraceRef trace = TraceFixtures.splitTrace(temp);
        // 64 KiB of 0xff in the second packet of stream 0: the packets' index reads, that chunk's events do not
        byte[] garbage = new byte[1 << 16];
        Arrays.fill(garbage, (byte) 0xff);
        try (FileChannel stream = FileChannel.open(Path.of(trace.path(), "perf_stream_0"), StandardOpenOption.WRITE)) { //$NON-NLS-1$
            stream.write(ByteBuffer.wrap(garbage), 8_000_000);
        }
        Path workspace = temp.resolve("workspace"); //$NON-NLS-1$
        TraceResult result = SplitBuild.run(fSpark, trace, TraceFixtures.splitBuild(workspace), new PrintStream(new ByteArrayOutputStream()));
        assertFalse(result.ok());
        assertTrue(result.damaged().startsWith(Path.of(trace.path(), "perf_stream_0") + " at offset 80"), result.damaged()); //$NON-NLS-1$ //$NON-NLS-2$
        assertEquals(List.of(), result.rows());
        Path histories = TraceBuild.historiesOf(workspace, trace.path());
        if (Files.isDirectory(histories)) {
            try (Stream<Path> files = Files.list(histories)) {
                assertEquals(List.of(), files.filter(f -> HistoryEngine.isHistoryFile(f) || f.toString().endsWith(".partial")).toList()); //$NON-NLS-1$
            }
        }
    }

    private static List<Path> partials(Path directory) throws IOException {
        if (!Files.isDirectory(directory)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(directory)) {
            return files.filter(f -> f.getFileName().toString().endsWith(".partial")).toList(); //$NON-NLS-1$
        }
    }
}
