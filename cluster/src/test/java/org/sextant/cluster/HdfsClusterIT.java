// SPDX-License-Identifier: EPL-2.0
package org.sextant.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
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

    @Test
    void tracesInHdfsEqualTheSerialBuildAndAreReused(@TempDir Path temp) throws Exception {
        Path local = TraceFixtures.layout(temp.resolve("traces"), 2); //$NON-NLS-1$
        upload(local, "/recordings/traces"); //$NON-NLS-1$
        // the long trace is the split test's
        fHdfs.getFileSystem().delete(new org.apache.hadoop.fs.Path("/recordings/traces/node-01/kernel-long"), true); //$NON-NLS-1$
        RemoteTraceChecks.tracesEqualTheSerialBuildAndAreReused(fSpark, fUri + "/recordings/traces", local, temp); //$NON-NLS-1$
    }

    @Test
    void oneTraceInHdfsSplitIntoChunkTasksEqualsTheSerialBuild(@TempDir Path temp) throws Exception {
        Path local = temp.resolve("long"); //$NON-NLS-1$
        TraceFixtures.copy(TraceFixtures.FIXTURES.resolve("perf-multi-packet"), local); //$NON-NLS-1$
        upload(local, "/big/long"); //$NON-NLS-1$
        RemoteTraceChecks.splitEqualsTheSerialBuild(fSpark, fUri + "/big/long", local, temp); //$NON-NLS-1$
    }

    @Test
    void aTraceAnExecutorCannotReadIsOneErrorNamingHostAndUri(@TempDir Path temp) throws Exception {
        String missing = fUri + "/nowhere/kernel"; //$NON-NLS-1$
        assertEquals("host " + TraceBuild.host() + " cannot read " + missing //$NON-NLS-1$ //$NON-NLS-2$
                + " (no such directory): every executor must reach it through Hadoop's FileSystem", RemoteTraceChecks.unreadable(fSpark, missing, temp)); //$NON-NLS-1$

        int closed;
        try (ServerSocket socket = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            closed = socket.getLocalPort();
        }
        String message = RemoteTraceChecks.unreadable(fSpark, "hdfs://127.0.0.1:" + closed + "/traces/kernel", temp); //$NON-NLS-1$ //$NON-NLS-2$
        assertTrue(message.contains("Connection refused"), message); //$NON-NLS-1$
    }
}
