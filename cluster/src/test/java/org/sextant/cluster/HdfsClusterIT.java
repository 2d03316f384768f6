// SPDX-License-Identifier: EPL-2.0
package org.sextant.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.core.config.Configurator;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The job over traces in a real HDFS (Hadoop's MiniDFSCluster: a NameNode and a DataNode in this JVM, on
 * 127.0.0.1), run by a real standalone cluster ({@link SharedCluster}: a master and two workers of one core, their
 * own JVMs), each executor reading its traces through Hadoop's FileSystem: four traces, each history equal to the
 * engine's serial build of the local original and each summary to babeltrace2's counts, and a second run, from the
 * command line's URI, reusing every history; one trace split into a task per chunk, its histories equal to the
 * serial build; a trace an executor cannot read (not in the HDFS, or its NameNode unreachable) is one error naming
 * the host and the URI.
 */
@Timeout(value = 10, unit = TimeUnit.MINUTES)
@ExtendWith(SharedCluster.class)
class HdfsClusterIT {

    @TempDir
    static Path fDirectory;
    private static MiniDFSCluster fHdfs;
    private static String fUri;
    private static SparkSession fSpark;

    @BeforeAll
    static void start() throws IOException {
        // the NameNode's and DataNode's own lines (an audit line per file opened) say nothing a failure needs
        Configurator.setLevel("org.apache.hadoop", Level.WARN); //$NON-NLS-1$
        fHdfs = new MiniDFSCluster.Builder(new Configuration(), fDirectory.toFile()).numDataNodes(1).build();
        fHdfs.waitActive();
        fUri = "hdfs://127.0.0.1:" + fHdfs.getNameNodePort(); //$NON-NLS-1$
        fSpark = SharedCluster.spark();
    }

    @AfterAll
    static void stop() {
        if (fHdfs != null) {
            fHdfs.shutdown();
        }
    }

    /**
     * Copies a local directory into the HDFS, each file with its modification time, as {@code hdfs dfs -put -p}: to
     * the millisecond, HDFS's precision, to which the local file's time is cut too, so that both are one trace to
     * the histories' provenance.
     */
    private static void upload(Path local, String target) throws IOException {
        FileSystem fs = fHdfs.getFileSystem();
        try (Stream<Path> files = Files.walk(local)) {
            for (Path file : (Iterable<Path>) files.filter(Files::isRegularFile)::iterator) {
                org.apache.hadoop.fs.Path to = new org.apache.hadoop.fs.Path(target + '/' + local.relativize(file));
                fs.copyFromLocalFile(new org.apache.hadoop.fs.Path(file.toUri()), to);
                long millis = Files.getLastModifiedTime(file).toMillis();
                Files.setLastModifiedTime(file, FileTime.fromMillis(millis));
                fs.setTimes(to, millis, -1);
            }
        }
    }

    private static TraceBuild build(Path workspace) {
        return new TraceBuild(workspace.toString(), Set.of(), false, 1, 0, 1_000_000_000L);
    }

    @Test
    void tracesInHdfsEqualTheSerialBuildAndAreReused(@TempDir Path temp) throws Exception {
        Path local = TraceFixtures.layout(temp.resolve("traces"), 2); //$NON-NLS-1$
        upload(local, "/recordings/traces"); //$NON-NLS-1$
        // the long trace is the split test's
        fHdfs.getFileSystem().delete(new org.apache.hadoop.fs.Path("/recordings/traces/node-01/kernel-long"), true); //$NON-NLS-1$
        List<TraceRef> traces = TraceFinder.findAt(List.of(fUri + "/recordings/traces")); //$NON-NLS-1$
        assertEquals(List.of("traces/node-01/kernel", "traces/node-01/ust", "traces/node-02/kernel", "traces/node-02/ust"), //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
                traces.stream().map(TraceRef::name).toList());
        assertEquals(fUri + "/recordings/traces/node-01/kernel", traces.get(0).path()); //$NON-NLS-1$
        Path workspace = temp.resolve("workspace"); //$NON-NLS-1$
        List<TraceResult> results = ClusterJob.build(fSpark, traces, build(workspace), new PrintStream(new ByteArrayOutputStream()));

        Properties catalogue = TraceFixtures.catalogue();
        TraceFixtures.SerialReference serial = new TraceFixtures.SerialReference(temp.resolve("serial")); //$NON-NLS-1$
        try {
            for (TraceResult result : results) {
                assertTrue(result.ok(), result.trace() + ": " + result.damaged()); //$NON-NLS-1$
                TraceFixtures.checkSummary(result, catalogue);
                serial.check(workspace, result, local.resolve(result.trace().substring("traces/".length()))); //$NON-NLS-1$
            }
        } finally {
            serial.dispose();
        }
        assertEquals(2, results.stream().map(TraceResult::executor).distinct().count(), "tasks ran on both workers"); //$NON-NLS-1$

        // Again, as the command line finds them: every history reused, though each task reads a fresh copy.
        Options options = Options.parse(fUri + "/recordings/traces"); //$NON-NLS-1$
        List<TraceRef> found = TraceFinder.findAt(options.fRoots);
        for (TraceResult again : ClusterJob.build(fSpark, found, build(workspace), new PrintStream(new ByteArrayOutputStream()))) {
            assertEquals(List.of("reused"), again.builds().stream().map(AnalysisBuild::description).distinct().toList(), again.trace()); //$NON-NLS-1$
        }
    }

    @Test
    void oneTraceInHdfsSplitIntoChunkTasksEqualsTheSerialBuild(@TempDir Path temp) throws Exception {
        Path local = temp.resolve("long"); //$NON-NLS-1$
        TraceFixtures.copy(TraceFixtures.FIXTURES.resolve("perf-multi-packet"), local); //$NON-NLS-1$
        upload(local, "/big/long"); //$NON-NLS-1$
        TraceRef trace = new TraceRef(TraceFixtures.SPLIT_TRACE, fUri + "/big/long"); //$NON-NLS-1$
        Path workspace = temp.resolve("workspace"); //$NON-NLS-1$
        ByteArrayOutputStream told = new ByteArrayOutputStream();
        TraceResult result = SplitBuild.run(fSpark, trace, TraceFixtures.splitBuild(workspace), new PrintStream(told, true, StandardCharsets.UTF_8));
        String log = told.toString(StandardCharsets.UTF_8);
        assertTrue(log.contains("count chunk 4/4") && log.contains("cpu chunk 4/4") && log.contains("io chunk 4/4") && log.contains("(4/4)"), log); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
        TraceFixtures.checkSplit(result, local, workspace, temp.resolve("serial")); //$NON-NLS-1$
    }

    @Test
    void aTraceAnExecutorCannotReadIsOneErrorNamingHostAndUri(@TempDir Path temp) throws Exception {
        String missing = fUri + "/nowhere/kernel"; //$NON-NLS-1$
        ClusterJob.UnreadableTrace error = assertThrows(ClusterJob.UnreadableTrace.class, () -> ClusterJob.build(fSpark,
                List.of(new TraceRef("kernel", missing)), build(temp.resolve("workspace")), new PrintStream(new ByteArrayOutputStream()))); //$NON-NLS-1$ //$NON-NLS-2$
        assertEquals("host " + TraceBuild.host() + " cannot read " + missing //$NON-NLS-1$ //$NON-NLS-2$
                + " (no such directory): every executor must reach it through Hadoop's FileSystem", error.getMessage()); //$NON-NLS-1$

        int closed;
        try (ServerSocket socket = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            closed = socket.getLocalPort();
        }
        String unreachable = "hdfs://127.0.0.1:" + closed + "/traces/kernel"; //$NON-NLS-1$ //$NON-NLS-2$
        error = assertThrows(ClusterJob.UnreadableTrace.class, () -> ClusterJob.build(fSpark, List.of(new TraceRef("kernel", unreachable)), //$NON-NLS-1$
                build(temp.resolve("workspace")), new PrintStream(new ByteArrayOutputStream()))); //$NON-NLS-1$
        String message = error.getMessage();
        assertTrue(message.startsWith("host " + TraceBuild.host() + " cannot read " + unreachable + " (") //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                && message.contains("Connection refused") && message.lines().count() == 1, message); //$NON-NLS-1$
    }
}
