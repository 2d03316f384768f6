// SPDX-License-Identifier: EPL-2.0
package org.sextant.cluster;

import java.io.IOException;
import java.io.Serializable;
import java.net.InetAddress;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.statesystem.core.exceptions.StateSystemDisposedException;
import org.sextant.ctf.model.CtfMetadata;
import org.sextant.ctf.model.CtfTrace;
import org.sextant.ctf.model.EventReader;
import org.sextant.ctf.model.Packet;
import org.sextant.ctf.model.TraceFormatException;
import org.sextant.parallel.engine.BuiltHistory;
import org.sextant.parallel.engine.HistoryAnalysis;
import org.sextant.parallel.engine.HistoryAnalysisProvider;
import org.sextant.parallel.engine.HistoryEngine;
import org.sextant.parallel.engine.InputException;
import org.sextant.parallel.model.BuildMode;

/**
 * One trace's work, wherever it runs (a Spark task, or the in-process baseline of the benchmark): every analysis
 * that applies to the trace (the {@link HistoryAnalysisProvider}s found by the service loader: count, cpu, io) built
 * or reused by the {@link HistoryEngine}, then its summary rows read from the histories.
 *
 * <p>
 * The histories are kept where {@code sextant analyze} keeps them, so that each reuses what the other built:
 * Trace Compass's supplementary folder of a trace opened outside a project, {@code
 * WORKSPACE/.tracecompass-temp/<the trace's absolute path>}. The engine writes partial files renamed only once
 * complete, with their provenance, so a task killed or cancelled half-way leaves nothing a later run would reuse,
 * and a task retried after its executor died rebuilds, or reuses what the first attempt completed.
 * </p>
 */
public final class TraceBuild implements Serializable {

    private static final long serialVersionUID = 1L;
    /** Where Trace Compass keeps the supplementary folders of traces opened with no project, in a workspace. */
    static final String SUPPLEMENTARY = ".tracecompass-temp"; //$NON-NLS-1$

    private final String fWorkspace;
    private final Set<String> fAnalyses;
    private final boolean fSerial;
    private final int fThreads;
    private final long fChunkBytes;
    private final long fBucketNanos;

    /**
     * @param workspace
     *            the workspace whose supplementary folders keep the histories
     * @param analyses
     *            the analyses to build, by name; empty for every one that applies
     * @param serial
     *            build in the serial mode
     * @param threads
     *            worker threads of a parallel build
     * @param chunkBytes
     *            target chunk size of a parallel build, 0 for the default
     * @param bucketNanos
     *            the summary's bucket width
     */
    public TraceBuild(String workspace, Set<String> analyses, boolean serial, int threads, long chunkBytes, long bucketNanos) {
        fWorkspace = workspace;
        fAnalyses = Set.copyOf(analyses);
        fSerial = serial;
        fThreads = threads;
        fChunkBytes = chunkBytes;
        fBucketNanos = bucketNanos;
    }

    /**
     * @param workspace
     *            a workspace
     * @param trace
     *            a trace's path
     * @return where Trace Compass (and so {@code sextant analyze}) keeps that trace's histories in that workspace
     */
    public static Path historiesOf(Path workspace, Path trace) {
        Path absolute = trace.toAbsolutePath().normalize();
        Path relative = absolute.getRoot() == null ? absolute : absolute.getRoot().relativize(absolute);
        return workspace.resolve(SUPPLEMENTARY).resolve(relative);
    }

    /**
     * @param workspace
     *            a workspace
     * @param trace
     *            a trace's path, or its URI (hdfs://...)
     * @return where that trace's histories are kept in that workspace: {@code analyze}'s place for a path, and
     *         for a URI its scheme, authority and path below the same folder
     */
    public static Path historiesOf(Path workspace, String trace) {
        return HadoopTraces.isUri(trace) ? HadoopTraces.historiesOf(workspace, trace) : historiesOf(workspace, Path.of(trace));
    }

    /**
     * @param analyses
     *            analyses by name
     * @return this build, of those analyses only
     */
    public TraceBuild of(Set<String> analyses) {
        return new TraceBuild(fWorkspace, analyses, fSerial, fThreads, fChunkBytes, fBucketNanos);
    }

    /** @return the workspace whose supplementary folders keep the histories */
    public Path workspace() {
        return Path.of(fWorkspace);
    }

    /** @return the analyses to build, by name; empty for every one that applies */
    public Set<String> analyses() {
        return fAnalyses;
    }

    /** @return the summary's bucket width, in nanoseconds */
    public long bucketNanos() {
        return fBucketNanos;
    }

    /** @return how the engine builds: serial, or parallel on the task's threads */
    public BuildMode mode() {
        return fSerial ? BuildMode.SERIAL : BuildMode.parallel(fThreads, fChunkBytes);
    }

    /**
     * @param trace
     *            the trace: a path on a file system this host mounts, or a URI it reads through Hadoop's
     *            {@code FileSystem}, copying the trace here while it is read
     * @param cancelled
     *            set to stop (the task was killed)
     * @return what was built and the summary; null when cancelled
     * @throws UnreadableTraceException
     *             when this host cannot read the trace at all
     * @throws IOException
     *             when a history cannot be written
     * @throws InterruptedException
     *             when interrupted
     */
    public @Nullable TraceResult run(TraceRef trace, AtomicBoolean cancelled) throws IOException, InterruptedException {
        long started = System.nanoTime();
        String executor = host();
        try (TraceFiles files = TraceFiles.open(trace.path())) {
            return run(trace, files.path(), executor, started, cancelled);
        }
    }

    private @Nullable TraceResult run(TraceRef trace, Path path, String executor, long started, AtomicBoolean cancelled)
            throws IOException, InterruptedException {
        List<AnalysisBuild> builds = new ArrayList<>();
        List<SummaryRow> rows = new ArrayList<>();
        String host = "unknown"; //$NON-NLS-1$
        String damaged = null;
        try {
            CtfTrace ctf = CtfTrace.open(path);
            host = host(ctf.metadata());
            long start = startTime(ctf);
            Path directory = historiesOf(Path.of(fWorkspace), trace.path());
            for (HistoryAnalysisProvider provider : providers()) {
                if (!fAnalyses.isEmpty() && !fAnalyses.contains(provider.name())) {
                    continue;
                }
                HistoryAnalysis analysis = provider.forTrace(path);
                if (analysis == null) {
                    continue;
                }
                long begun = System.nanoTime();
                BuiltHistory built = HistoryEngine.build(analysis, path, directory, start, mode(), Progress.QUIET, cancelled);
                if (built == null) {
                    return null;
                }
                try {
                    rows.addAll(Summaries.of(provider.name(), built.stateSystem(), trace.name(), host, fBucketNanos));
                } finally {
                    built.stateSystem().dispose();
                }
                builds.add(new AnalysisBuild(provider.name(), built.description(), System.nanoTime() - begun,
                        built.report() == null ? -1 : built.report().events()));
            }
        } catch (TraceFormatException | InputException e) {
            damaged = e.getMessage();
            rows.clear();
        } catch (StateSystemDisposedException e) {
            throw new IOException(trace.path() + ": a history was closed while its summary was read", e); //$NON-NLS-1$
        }
        return new TraceResult(trace.name(), trace.path(), host, executor, damaged, builds, rows, System.nanoTime() - started);
    }

    /** The analyses every task builds, in the order of their names, so that tasks report alike. */
    static List<HistoryAnalysisProvider> providers() {
        List<HistoryAnalysisProvider> providers = new ArrayList<>();
        ServiceLoader.load(HistoryAnalysisProvider.class, TraceBuild.class.getClassLoader()).forEach(providers::add);
        providers.sort(Comparator.comparing(HistoryAnalysisProvider::name));
        return providers;
    }

    /** The host a trace was recorded on: LTTng's {@code hostname}, perf's {@code host}. */
    static String host(CtfMetadata metadata) {
        Map<String, String> env = metadata.env();
        String host = env.getOrDefault("hostname", env.get("host")); //$NON-NLS-1$ //$NON-NLS-2$
        return host == null ? "unknown" : host.replace("\"", ""); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
    }

    /**
     * The trace's first event's time, the start Trace Compass gives the trace and so its histories: the earliest
     * first event of the streams.
     */
    static long startTime(CtfTrace trace) throws TraceFormatException, IOException {
        long first = Long.MAX_VALUE;
        for (Map.Entry<Path, List<Packet>> stream : trace.packets().entrySet()) {
            List<Packet> packets = stream.getValue();
            try (EventReader.Cursor cursor = trace.reader(stream.getKey(), Set.of()).cursor(packets, 0, packets.size())) {
                if (cursor.next()) {
                    first = Math.min(first, trace.metadata().toNanos(cursor.timestamp()));
                }
            }
        }
        return first == Long.MAX_VALUE ? 0 : first;
    }

    static String host() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            return "unknown host"; //$NON-NLS-1$
        }
    }

    /** Nothing to tell: a task's progress is its start and end, which the driver tells. */
    enum Progress implements HistoryEngine.Progress {
        QUIET;

        @Override
        public void building(@Nullable String rebuilt) {
            // told by the task's result
        }

        @Override
        public void chunksMerged(int done, int total) {
            // a task is the unit of progress
        }
    }
}
