// SPDX-License-Identifier: EPL-2.0
package org.sextant.cluster;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.IntStream;

import org.apache.spark.SimpleFutureAction;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.statesystem.core.exceptions.StateSystemDisposedException;
import org.sextant.ctf.model.TraceFormatException;
import org.sextant.parallel.engine.BuiltHistory;
import org.sextant.parallel.engine.HistoryAnalysis;
import org.sextant.parallel.engine.HistoryAnalysisProvider;
import org.sextant.parallel.engine.HistoryEngine;
import org.sextant.parallel.engine.InputException;
import org.sextant.parallel.engine.SplitHistoryAnalysis;
import org.sextant.parallel.model.BuildMode;
import org.sextant.parallel.model.ChunkEvents;
import org.sextant.parallel.model.ChunkRef;
import org.sextant.parallel.model.SplitTrace;

import scala.collection.JavaConverters;
import scala.runtime.AbstractFunction0;
import scala.runtime.AbstractFunction2;
import scala.runtime.BoxedUnit;

/**
 * One big trace, one task per chunk ({@code sextant cluster --split}): for each analysis of the trace (count, cpu,
 * io: {@link SplitHistoryAnalysis}), the engine's chunks of it become Spark tasks ({@link ChunkTask}), each decoding
 * its chunk on an executor and handing back what the analysis reads of it; the driver merges them in chunk order as
 * they come, on its threads, into the history, which the engine writes with its provenance where
 * {@code sextant analyze} reuses it. The tasks start only when a history must be built: one already there is
 * reused, as by any build.
 *
 * <p>
 * A task lost with its executor is run again by Spark, and its output handed over once: the history is the same.
 * The outputs of chunks done ahead of the merge wait on the driver; the merge keeps up with the tasks, so they are
 * few.
 * </p>
 */
final class SplitBuild {

    private static final Duration PROGRESS_DRAIN = Duration.ofSeconds(10);

    private SplitBuild() {
    }

    /**
     * Builds (or reuses) every analysis of one trace, the chunk analyses split into a task per chunk.
     *
     * @param spark
     *            the session
     * @param trace
     *            the trace, readable here and by every executor at the same path or URI
     * @param build
     *            the workspace, analyses, chunk size, the driver's merge threads and the summary's buckets
     * @param progress
     *            where each task's start and end are told
     * @return what was built, and the summary
     * @throws IOException
     *             when a history cannot be written, or a chunk task failed for good (an executor that could not
     *             read the trace: the message names host and trace)
     * @throws InterruptedException
     *             when interrupted
     */
    static TraceResult run(SparkSession spark, TraceRef trace, TraceBuild build, PrintStream progress) throws IOException, InterruptedException {
        long started = System.nanoTime();
        // the driver cuts the trace into chunks and runs the chunks' handlers again: it reads the trace too
        try (TraceFiles files = TraceFiles.open(trace.path())) {
            return run(spark, trace, files.path(), build, progress, started);
        }
    }

    private static TraceResult run(SparkSession spark, TraceRef trace, Path path, TraceBuild build, PrintStream progress, long started)
            throws IOException, InterruptedException {
        BuildMode mode = build.mode();
        List<AnalysisBuild> builds = new ArrayList<>();
        List<SummaryRow> rows = new ArrayList<>();
        String host = "unknown"; //$NON-NLS-1$
        try {
            SplitTrace split = SplitTrace.open(path, mode.targetChunkBytes());
            host = TraceBuild.host(split.trace().metadata());
            long start = TraceBuild.startTime(split.trace());
            Map<String, SplitHistoryAnalysis> analyses = new LinkedHashMap<>();
            for (HistoryAnalysisProvider provider : TraceBuild.providers()) {
                if (!build.analyses().isEmpty() && !build.analyses().contains(provider.name())) {
                    continue;
                }
                HistoryAnalysis analysis = provider.forTrace(path);
                if (analysis != null) {
                    analyses.put(provider.name(), ChunkTask.splittable(provider.name(), analysis, trace.path()));
                }
            }
            Path directory = TraceBuild.historiesOf(build.workspace(), trace.path());
            for (Map.Entry<String, SplitHistoryAnalysis> analysis : analyses.entrySet()) {
                String name = analysis.getKey();
                long begun = System.nanoTime();
                List<ChunkRef> chunks = split.chunks();
                Outputs[] outputs = { null };
                HistoryAnalysis merging = analysis.getValue().merging(split,
                        () -> outputs[0] = new Outputs(spark, trace, mode.targetChunkBytes(), name, chunks, progress));
                BuiltHistory built;
                try {
                    built = HistoryEngine.build(merging, path, directory, start, mode, TraceBuild.Progress.QUIET, new AtomicBoolean());
                    if (outputs[0] != null) {
                        outputs[0].finish();
                    }
                } finally {
                    if (outputs[0] != null) {
                        outputs[0].close();
                    }
                }
                if (built == null) {
                    throw new IOException(trace.path() + ": the build of " + name + " was cancelled"); //$NON-NLS-1$ //$NON-NLS-2$
                }
                try {
                    rows.addAll(Summaries.of(name, built.stateSystem(), trace.name(), host, build.bucketNanos()));
                } finally {
                    built.stateSystem().dispose();
                }
                String description = built.description();
                if (outputs[0] != null) {
                    description += String.format(Locale.ROOT, "; chunk outputs %.1f MB for %.1f MB of trace", outputs[0].fBytes / 1e6, //$NON-NLS-1$
                            chunks.stream().mapToLong(ChunkRef::bytes).sum() / 1e6);
                }
                long nanos = System.nanoTime() - begun;
                progress.printf(Locale.ROOT, "[sextant] %s %s: %s, %.1f s%n", trace.name(), name, description, nanos / 1e9); //$NON-NLS-1$
                builds.add(new AnalysisBuild(name, description, nanos, built.report() == null ? -1 : built.report().events()));
            }
        } catch (TraceFormatException | InputException e) {
            return new TraceResult(trace.name(), trace.path(), host, TraceBuild.host() + " (driver)", e.getMessage(), builds, List.of(), //$NON-NLS-1$
                    System.nanoTime() - started);
        } catch (StateSystemDisposedException e) {
            throw new IOException(trace.path() + ": a history was closed while its summary was read", e); //$NON-NLS-1$
        }
        return new TraceResult(trace.name(), trace.path(), host, TraceBuild.host() + " (driver)", null, builds, rows, System.nanoTime() - started); //$NON-NLS-1$
    }

    /**
     * The chunk tasks of one analysis as one Spark job, and their outputs as the tasks end: kept until the merge
     * takes them, each once, however many times its task ran.
     */
    private static final class Outputs implements SplitTrace.Outputs {
        private static final long WAIT_MILLIS = 200;

        private final Map<Integer, ChunkEvents> fArrived = new HashMap<>();
        private final SimpleFutureAction<BoxedUnit> fJob;
        private final TaskProgress fListener;
        private final JavaSparkContext fContext;
        long fBytes;

        Outputs(SparkSession spark, TraceRef trace, long chunkBytes, String analysis, List<ChunkRef> chunks, PrintStream progress) {
            fContext = JavaSparkContext.fromSparkContext(spark.sparkContext());
            fListener = new TaskProgress(analysis + " chunk", chunks.stream() //$NON-NLS-1$
                    .map(chunk -> trace.name() + ' ' + chunk.stream() + " packets " + chunk.firstPacket() + '+' + chunk.packets()).toList(), progress); //$NON-NLS-1$
            fContext.sc().addSparkListener(fListener);
            fContext.setJobGroup(ClusterJob.JOB_GROUP, "sextant: " + trace.name() + ", " + analysis + ", " + chunks.size() + " chunks", true); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
            List<Object> partitions = new ArrayList<>(IntStream.range(0, chunks.size()).boxed().toList());
            fJob = fContext.sc().submitJob(fContext.parallelize(chunks, chunks.size()).rdd(), new ChunkTask(trace.path(), chunkBytes, analysis),
                    JavaConverters.asScalaBufferConverter(partitions).asScala().toSeq(), new AbstractFunction2<Object, ChunkEvents, BoxedUnit>() {
                        @Override
                        public BoxedUnit apply(Object index, ChunkEvents output) {
                            arrived((Integer) index, output);
                            return BoxedUnit.UNIT;
                        }
                    }, new AbstractFunction0<BoxedUnit>() {
                        @Override
                        public BoxedUnit apply() {
                            return BoxedUnit.UNIT;
                        }
                    });
        }

        private synchronized void arrived(int index, ChunkEvents output) {
            fArrived.put(index, output);
            fBytes += output.bytes();
            notifyAll();
        }

        @Override
        public synchronized ChunkEvents take(int index) throws TraceFormatException, IOException, InterruptedException {
            while (!fArrived.containsKey(index)) {
                Throwable failure = failure();
                if (failure != null) {
                    String unreadable = ClusterJob.unreadable(failure);
                    if (unreadable != null) {
                        throw new IOException(unreadable, failure);
                    }
                    // a damaged chunk names the trace damaged, as a damaged trace of the job of many traces is
                    for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
                        if (cause instanceof TraceFormatException damaged) {
                            throw damaged;
                        }
                    }
                    throw new IOException("chunk " + (index + 1) + " failed: " + failure.getMessage(), failure); //$NON-NLS-1$ //$NON-NLS-2$
                }
                wait(WAIT_MILLIS);
            }
            return fArrived.remove(index);
        }

        private @Nullable Throwable failure() {
            if (!fJob.isCompleted()) {
                return null;
            }
            scala.util.Try<BoxedUnit> result = fJob.value().get();
            return result.isFailure() ? result.failed().get() : null;
        }

        /** The job is done and every chunk merged: waits for the ends of its last tasks to be told. */
        void finish() throws InterruptedException {
            fListener.awaitAllTold(PROGRESS_DRAIN);
        }

        /** Stops the job if the merge ended before it (a failure, a cancellation), and stops telling. */
        void close() {
            if (!fJob.isCompleted()) {
                fJob.cancel();
            }
            fContext.clearJobGroup();
            fContext.sc().removeSparkListener(fListener);
        }
    }
}
