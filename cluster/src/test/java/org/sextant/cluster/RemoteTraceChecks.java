// SPDX-License-Identifier: EPL-2.0
package org.sextant.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import java.util.Set;

import org.apache.spark.sql.SparkSession;

/**
 * The checks of the job over traces a Hadoop {@code FileSystem} holds (HDFS, S3), whatever the store: the tests of
 * each store upload {@link TraceFixtures}' traces and hand their URIs here.
 */
final class RemoteTraceChecks {

    private RemoteTraceChecks() {
    }

    private static TraceBuild build(Path workspace) {
        return new TraceBuild(workspace.toString(), Set.of(), false, 1, 0, 1_000_000_000L);
    }

    /**
     * The four traces of {@code TraceFixtures.layout(local, 2)} but the long one, uploaded under {@code root}: each
     * history equals the serial build of the local original, each summary babeltrace2's counts, the tasks ran on
     * both workers; and a second run, from the command line's URI, reuses every history.
     */
    static void tracesEqualTheSerialBuildAndAreReused(SparkSession spark, String root, Path local, Path temp) throws Exception {
        List<TraceRef> traces = TraceFinder.findAt(List.of(root));
        assertEquals(List.of("traces/node-01/kernel", "traces/node-01/ust", "traces/node-02/kernel", "traces/node-02/ust"), //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
                traces.stream().map(TraceRef::name).toList());
        assertEquals(root + "/node-01/kernel", traces.get(0).path()); //$NON-NLS-1$
        Path workspace = temp.resolve("workspace"); //$NON-NLS-1$
        List<TraceResult> results = ClusterJob.build(spark, traces, build(workspace), new PrintStream(new ByteArrayOutputStream()));

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
        Options options = Options.parse(root);
        List<TraceRef> found = TraceFinder.findAt(options.fRoots);
        for (TraceResult again : ClusterJob.build(spark, found, build(workspace), new PrintStream(new ByteArrayOutputStream()))) {
            assertEquals(List.of("reused"), again.builds().stream().map(AnalysisBuild::description).distinct().toList(), again.trace()); //$NON-NLS-1$
        }
    }

    /** perf-multi-packet, unpacked in {@code local} and uploaded to {@code uri}, split into a task per chunk. */
    static void splitEqualsTheSerialBuild(SparkSession spark, String uri, Path local, Path temp) throws Exception {
        TraceRef trace = new TraceRef(TraceFixtures.SPLIT_TRACE, uri);
        Path workspace = temp.resolve("workspace"); //$NON-NLS-1$
        ByteArrayOutputStream told = new ByteArrayOutputStream();
        TraceResult result = SplitBuild.run(spark, trace, TraceFixtures.splitBuild(workspace), new PrintStream(told, true, StandardCharsets.UTF_8));
        String log = told.toString(StandardCharsets.UTF_8);
        assertTrue(log.contains("count chunk 4/4") && log.contains("cpu chunk 4/4") && log.contains("io chunk 4/4") && log.contains("(4/4)"), log); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
        TraceFixtures.checkSplit(result, local, workspace, temp.resolve("serial")); //$NON-NLS-1$
    }

    /** @return the job's error for a trace no executor can read: one line naming the host and the URI */
    static String unreadable(SparkSession spark, String uri, Path temp) {
        ClusterJob.UnreadableTrace error = assertThrows(ClusterJob.UnreadableTrace.class, () -> ClusterJob.build(spark,
                List.of(new TraceRef("kernel", uri)), build(temp.resolve("workspace")), new PrintStream(new ByteArrayOutputStream()))); //$NON-NLS-1$ //$NON-NLS-2$
        String message = error.getMessage();
        assertTrue(message.startsWith("host " + TraceBuild.host() + " cannot read " + uri + " (") //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                && message.endsWith("): every executor must reach it through Hadoop's FileSystem") && message.lines().count() == 1, message); //$NON-NLS-1$
        return message;
    }
}
