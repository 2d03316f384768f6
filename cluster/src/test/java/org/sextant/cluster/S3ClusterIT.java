// SPDX-License-Identifier: EPL-2.0
package org.sextant.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.Comparator;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.RemoteIterator;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The job over traces in a real S3 server (SeaweedFS on 127.0.0.1, {@link SeaweedS3}), run by the real standalone
 * cluster of {@link SharedCluster}, each executor reading its traces through Hadoop's S3A: four traces, each
 * history equal to the engine's serial build of the local original and each summary to babeltrace2's counts, and a
 * second run, from the command line's URI, reusing every history; one trace split into a task per chunk, its
 * histories equal to the serial build; a prefix with no objects, or a bucket whose server is down, is one error
 * naming the host and the URI. Skipped unless {@code -Dsextant.weed=PATH} names SeaweedFS's {@code weed} binary,
 * which also puts S3A into the Spark home (the module's {@code s3} profile).
 */
@Timeout(value = 10, unit = TimeUnit.MINUTES)
@ExtendWith(SharedCluster.class)
class S3ClusterIT {

    private static final String BUCKET = "s3a://traces"; //$NON-NLS-1$

    @TempDir
    static Path fDirectory;
    private static SeaweedS3 fServer;
    private static FileSystem fS3;
    private static SparkSession fSpark;

    @BeforeAll
    static void start() throws Exception {
        Path weed = SeaweedS3.binary();
        assumeTrue(weed != null, "no SeaweedFS binary: -Dsextant.weed=PATH runs these tests"); //$NON-NLS-1$
        fServer = new SeaweedS3(weed, fDirectory.resolve("seaweedfs"), Path.of("target", "seaweedfs.log")); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        fServer.createBucket("traces"); //$NON-NLS-1$
        Configuration conf = new Configuration();
        SeaweedS3.HADOOP.forEach(conf::set);
        fS3 = FileSystem.newInstance(URI.create(BUCKET), conf);
        fSpark = SharedCluster.spark();
    }

    @AfterAll
    static void stop() throws IOException {
        if (fS3 != null) {
            fS3.close();
        }
        if (fServer != null) {
            fServer.close();
        }
    }

    /**
     * Copies a local directory into the bucket, as {@code aws s3 cp --recursive}; an object's time is the server's
     * (S3 keeps no other), and is given to the local file too, so that both are one trace to the histories'
     * provenance.
     */
    private static void upload(Path local, String target) throws IOException {
        try (Stream<Path> files = Files.walk(local)) {
            for (Path file : (Iterable<Path>) files.filter(Files::isRegularFile)::iterator) {
                fS3.copyFromLocalFile(new org.apache.hadoop.fs.Path(file.toUri()), new org.apache.hadoop.fs.Path(target + '/' + local.relativize(file)));
            }
        }
        org.apache.hadoop.fs.Path top = new org.apache.hadoop.fs.Path(target);
        RemoteIterator<LocatedFileStatus> objects = fS3.listFiles(top, true);
        while (objects.hasNext()) {
            LocatedFileStatus object = objects.next();
            String below = top.toUri().relativize(object.getPath().toUri()).getPath();
            Files.setLastModifiedTime(local.resolve(below), FileTime.fromMillis(object.getModificationTime()));
        }
    }

    private static TraceBuild build(Path workspace) {
        return new TraceBuild(workspace.toString(), Set.of(), false, 1, 0, 1_000_000_000L);
    }

    @Test
    void tracesInS3EqualTheSerialBuildAndAreReused(@TempDir Path temp) throws Exception {
        Path local = TraceFixtures.layout(temp.resolve("traces"), 2); //$NON-NLS-1$
        // the long trace is the split test's (deleted here, not in the bucket: SeaweedFS lists a prefix emptied by a
        // delete for a moment, whose listing S3A then finds missing)
        try (Stream<Path> files = Files.walk(local.resolve("node-01/kernel-long"))) { //$NON-NLS-1$
            for (Path file : (Iterable<Path>) files.sorted(Comparator.reverseOrder())::iterator) {
                Files.delete(file);
            }
        }
        upload(local, BUCKET + "/recordings/traces"); //$NON-NLS-1$
        List<TraceRef> traces = TraceFinder.findAt(List.of(BUCKET + "/recordings/traces")); //$NON-NLS-1$
        assertEquals(List.of("traces/node-01/kernel", "traces/node-01/ust", "traces/node-02/kernel", "traces/node-02/ust"), //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
                traces.stream().map(TraceRef::name).toList());
        assertEquals(BUCKET + "/recordings/traces/node-01/kernel", traces.get(0).path()); //$NON-NLS-1$
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
        Options options = Options.parse(BUCKET + "/recordings/traces"); //$NON-NLS-1$
        List<TraceRef> found = TraceFinder.findAt(options.fRoots);
        for (TraceResult again : ClusterJob.build(fSpark, found, build(workspace), new PrintStream(new ByteArrayOutputStream()))) {
            assertEquals(List.of("reused"), again.builds().stream().map(AnalysisBuild::description).distinct().toList(), again.trace()); //$NON-NLS-1$
        }
    }

    @Test
    void oneTraceInS3SplitIntoChunkTasksEqualsTheSerialBuild(@TempDir Path temp) throws Exception {
        Path local = temp.resolve("long"); //$NON-NLS-1$
        TraceFixtures.copy(TraceFixtures.FIXTURES.resolve("perf-multi-packet"), local); //$NON-NLS-1$
        upload(local, BUCKET + "/big/long"); //$NON-NLS-1$
        TraceRef trace = new TraceRef(TraceFixtures.SPLIT_TRACE, BUCKET + "/big/long"); //$NON-NLS-1$
        Path workspace = temp.resolve("workspace"); //$NON-NLS-1$
        ByteArrayOutputStream told = new ByteArrayOutputStream();
        TraceResult result = SplitBuild.run(fSpark, trace, TraceFixtures.splitBuild(workspace), new PrintStream(told, true, StandardCharsets.UTF_8));
        String log = told.toString(StandardCharsets.UTF_8);
        assertTrue(log.contains("count chunk 4/4") && log.contains("cpu chunk 4/4") && log.contains("io chunk 4/4") && log.contains("(4/4)"), log); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
        TraceFixtures.checkSplit(result, local, workspace, temp.resolve("serial")); //$NON-NLS-1$
    }

    @Test
    void aTraceAnExecutorCannotReadIsOneErrorNamingHostAndUri(@TempDir Path temp) throws Exception {
        String missing = BUCKET + "/nowhere/kernel"; //$NON-NLS-1$
        ClusterJob.UnreadableTrace error = assertThrows(ClusterJob.UnreadableTrace.class, () -> ClusterJob.build(fSpark,
                List.of(new TraceRef("kernel", missing)), build(temp.resolve("workspace")), new PrintStream(new ByteArrayOutputStream()))); //$NON-NLS-1$ //$NON-NLS-2$
        assertEquals("host " + TraceBuild.host() + " cannot read " + missing //$NON-NLS-1$ //$NON-NLS-2$
                + " (no such directory): every executor must reach it through Hadoop's FileSystem", error.getMessage()); //$NON-NLS-1$

        String unreachable = "s3a://" + SeaweedS3.UNREACHABLE_BUCKET + "/traces/kernel"; //$NON-NLS-1$ //$NON-NLS-2$
        error = assertThrows(ClusterJob.UnreadableTrace.class, () -> ClusterJob.build(fSpark, List.of(new TraceRef("kernel", unreachable)), //$NON-NLS-1$
                build(temp.resolve("workspace")), new PrintStream(new ByteArrayOutputStream()))); //$NON-NLS-1$
        String message = error.getMessage();
        assertTrue(message.startsWith("host " + TraceBuild.host() + " cannot read " + unreachable + " (") //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                && message.contains("Connection refused") && message.lines().count() == 1, message); //$NON-NLS-1$
    }
}
