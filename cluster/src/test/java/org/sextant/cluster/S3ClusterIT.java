// SPDX-License-Identifier: EPL-2.0
package org.sextant.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.Comparator;
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
 * histories equal to the serial build; a prefix with no objects, a bucket the server does not have, or a bucket
 * whose server is down, is one error naming the host and the URI. Skipped unless {@code -Dsextant.weed=PATH} names
 * SeaweedFS's {@code weed} binary, which also puts S3A into the Spark home (the module's {@code s3} profile).
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
        RemoteTraceChecks.tracesEqualTheSerialBuildAndAreReused(fSpark, BUCKET + "/recordings/traces", local, temp); //$NON-NLS-1$
    }

    @Test
    void oneTraceInS3SplitIntoChunkTasksEqualsTheSerialBuild(@TempDir Path temp) throws Exception {
        Path local = temp.resolve("long"); //$NON-NLS-1$
        TraceFixtures.copy(TraceFixtures.FIXTURES.resolve("perf-multi-packet"), local); //$NON-NLS-1$
        upload(local, BUCKET + "/big/long"); //$NON-NLS-1$
        RemoteTraceChecks.splitEqualsTheSerialBuild(fSpark, BUCKET + "/big/long", local, temp); //$NON-NLS-1$
    }

    @Test
    void aTraceAnExecutorCannotReadIsOneErrorNamingHostAndUri(@TempDir Path temp) throws Exception {
        String missing = BUCKET + "/nowhere/kernel"; //$NON-NLS-1$
        assertEquals("host " + TraceBuild.host() + " cannot read " + missing //$NON-NLS-1$ //$NON-NLS-2$
                + " (no such directory): every executor must reach it through Hadoop's FileSystem", RemoteTraceChecks.unreadable(fSpark, missing, temp)); //$NON-NLS-1$

        String message = RemoteTraceChecks.unreadable(fSpark, "s3a://no-such-bucket/traces/kernel", temp); //$NON-NLS-1$
        assertTrue(message.contains("NoSuchBucket"), message); //$NON-NLS-1$

        message = RemoteTraceChecks.unreadable(fSpark, "s3a://" + SeaweedS3.UNREACHABLE_BUCKET + "/traces/kernel", temp); //$NON-NLS-1$ //$NON-NLS-2$
        assertTrue(message.contains("Connection refused"), message); //$NON-NLS-1$
    }
}
