// SPDX-License-Identifier: EPL-2.0
package org.sextant.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The job on a real standalone cluster (a master and two workers of one core on 127.0.0.1, separate JVMs from the
 * Maven Central jars: {@link SharedCluster}), the driver in this JVM shipping the job jar: 21 traces, each history equal to the engine's
 * serial build and each summary to babeltrace2's counts; then the same job again on fresh histories with one
 * worker's executor killed mid-job: Spark runs its tasks again elsewhere, and every history and summary is the same.
 * One trace split into a task per chunk, an executor killed as its first chunk tasks start: its histories equal
 * the serial build.
 */
@Timeout(value = 10, unit = TimeUnit.MINUTES)
@ExtendWith(SharedCluster.class)
class StandaloneClusterIT {

    private static StandaloneCluster fCluster;
    private static SparkSession fSpark;

    @BeforeAll
    static void start() {
        fCluster = SharedCluster.cluster();
        fSpark = SharedCluster.spark();
    }

    private static void check(List<TraceResult> results, Path workspace, Path serialDirectory) throws Exception {
        assertEquals(21, results.size());
        Properties catalogue = TraceFixtures.catalogue();
        TraceFixtures.SerialReference serial = new TraceFixtures.SerialReference(serialDirectory);
        try {
            for (TraceResult result : results) {
                assertTrue(result.ok(), result.trace() + ": " + result.damaged()); //$NON-NLS-1$
                TraceFixtures.checkSummary(result, catalogue);
                serial.check(workspace, result);
            }
        } finally {
            serial.dispose();
        }
    }

    @Test
    void twoWorkersBuildEveryTraceAndSurviveALostExecutor(@TempDir Path temp) throws Exception {
        Path root = TraceFixtures.layout(temp.resolve("traces"), 10); //$NON-NLS-1$
        List<TraceRef> traces = TraceFinder.find(List.of(root));
        Path workspace = temp.resolve("workspace"); //$NON-NLS-1$
        ByteArrayOutputStream progress = new ByteArrayOutputStream();
        List<TraceResult> results = ClusterJob.build(fSpark, traces, new TraceBuild(workspace.toString(), Set.of(), false, 1, 0, 1_000_000_000L),
                new PrintStream(progress, true, StandardCharsets.UTF_8));
        check(results, workspace, temp.resolve("serial")); //$NON-NLS-1$
        assertEquals(2, results.stream().map(TraceResult::executor).distinct().count(), "tasks ran on both workers"); //$NON-NLS-1$

        // Again on fresh histories, one worker's executor killed once the job is under way.
        Path again = temp.resolve("workspace-again"); //$NON-NLS-1$
        ByteArrayOutputStream told = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(told, true, StandardCharsets.UTF_8);
        CompletableFuture<List<TraceResult>> job = CompletableFuture.supplyAsync(() -> {
            try {
                return ClusterJob.build(fSpark, traces, new TraceBuild(again.toString(), Set.of(), false, 1, 0, 1_000_000_000L), out);
            } catch (ClusterJob.UnreadableTrace e) {
                throw new IllegalStateException(e);
            }
        });
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
        while (!told.toString(StandardCharsets.UTF_8).contains("(3/21)") && System.nanoTime() < deadline) { //$NON-NLS-1$
            Thread.sleep(20);
        }
        assertEquals(1, fCluster.killExecutors(1), "an executor of worker 1 was running"); //$NON-NLS-1$
        List<TraceResult> afterLoss = job.get(5, TimeUnit.MINUTES);
        String log = told.toString(StandardCharsets.UTF_8);
        System.out.println(log); // which tasks the lost executor took with it, and where they ran again
        assertTrue(log.contains("(21/21)"), log); //$NON-NLS-1$
        check(afterLoss, again, temp.resolve("serial")); //$NON-NLS-1$
        for (int i = 0; i < results.size(); i++) {
            assertEquals(results.get(i).rows(), afterLoss.get(i).rows(), results.get(i).trace());
        }
    }

    @Test
    void oneTraceSplitIntoChunkTasksSurvivesALostExecutor(@TempDir Path temp) throws Exception {
        TraceRef trace = TraceFixtures.splitTrace(temp);
        Path workspace = temp.resolve("workspace"); //$NON-NLS-1$
        ByteArrayOutputStream told = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(told, true, StandardCharsets.UTF_8);
        CompletableFuture<TraceResult> job = CompletableFuture.supplyAsync(() -> {
            try {
                return SplitBuild.run(fSpark, trace, TraceFixtures.splitBuild(workspace), out);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
        while (!told.toString(StandardCharsets.UTF_8).contains("count chunk") && System.nanoTime() < deadline) { //$NON-NLS-1$
            Thread.sleep(5);
        }
        assertEquals(1, fCluster.killExecutors(1), "an executor of worker 1 was running"); //$NON-NLS-1$
        TraceResult result = job.get(5, TimeUnit.MINUTES);
        String log = told.toString(StandardCharsets.UTF_8);
        System.out.println(log); // which chunk tasks the lost executor took with it, and where they ran again
        assertTrue(log.contains("(4/4)"), log); //$NON-NLS-1$
        TraceFixtures.checkSplit(result, workspace, temp.resolve("serial")); //$NON-NLS-1$
    }
}
