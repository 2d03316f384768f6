// SPDX-License-Identifier: EPL-2.0
package org.sextant.parallel.core;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.statesystem.core.ITmfStateSystem;
import org.eclipse.tracecompass.statesystem.core.ITmfStateSystemBuilder;
import org.eclipse.tracecompass.statesystem.core.StateSystemFactory;
import org.eclipse.tracecompass.statesystem.core.backend.IStateHistoryBackend;
import org.eclipse.tracecompass.statesystem.core.backend.StateHistoryBackendFactory;
import org.eclipse.tracecompass.tmf.core.analysis.TmfAbstractAnalysisModule;
import org.eclipse.tracecompass.tmf.core.exceptions.TmfAnalysisException;
import org.eclipse.tracecompass.tmf.core.statesystem.ITmfAnalysisModuleWithStateSystems;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceManager;
import org.sextant.common.core.AnalysisFailures;
import org.sextant.common.core.FailureReporter;
import org.sextant.ctf.model.TraceFormatException;
import org.sextant.headless.core.BuildOptions;
import org.sextant.headless.core.Provenance;
import org.sextant.parallel.model.ChunkProgress;
import org.sextant.parallel.model.ParallelBuilder;
import org.sextant.parallel.model.Partitioner;
import org.sextant.parallel.model.PipelineCosts;
import org.sextant.parallel.model.ShardManifest;

/**
 * An analysis module whose state system is built by Sextant's chunk workers instead of Trace Compass's single
 * event request, into an ordinary State History Tree file: the data providers and views of Trace Compass read
 * it like any other. The history is written to a temporary file renamed only once complete, so a cancelled or
 * failed build never leaves a history to be reused.
 *
 * <p>
 * Beside the history, a {@link Provenance} record says what it was built from: the state version, the analysis
 * parameters and the trace's files. The next open reuses the history only if all of them are the same;
 * otherwise (or with no record, or a history that cannot be opened) it deletes and rebuilds it, and says why in
 * the progress line and in {@link #describeBuild()}. The record is written before the history's rename, and
 * deleted before the history, so that it never describes a history that is not complete.
 * </p>
 *
 * <p>
 * With several writers ({@link #setWriters(int)}) the history is kept in that many history trees, filled in
 * parallel, behind one {@link ShardedHistoryBackend}: {@code <id>.0.ht}, {@code <id>.1.ht} and so on, with a
 * {@link ShardManifest} ({@code <id>.ht.shards}) written last. A history is reopened from its shards only if
 * the manifest lists them all at the sizes the build left them; otherwise it is rebuilt, saying why.
 * </p>
 *
 * <p>
 * A module may also have a {@link DirectHistory}: a history its chunk workers write themselves, in a form of the
 * analysis's own ({@code <id>.direct}), with neither a merge nor an insertion thread between them and the file.
 * Its parallel builds make that history unless told how many history trees to write ({@link #setWriters(int)});
 * the serial mode always writes a history tree, the reference the others must equal.
 * </p>
 *
 * <p>
 * The state system id and the history file name are the module's id. Subclasses say how to build.
 * </p>
 */
public abstract class ParallelHistoryModule extends TmfAbstractAnalysisModule implements ITmfAnalysisModuleWithStateSystems, FailureReporter {

    /** The default target chunk size, in bytes. */
    public static final long DEFAULT_CHUNK_BYTES = Partitioner.DEFAULT_CHUNK_BYTES;

    /**
     * What a build did.
     *
     * @param threads
     *            worker threads
     * @param chunks
     *            chunks in the trace
     * @param events
     *            events decoded
     * @param deferred
     *            state changes the workers deferred to the merge
     * @param maxChunksInFlight
     *            the most chunks the merge held at once
     * @param costs
     *            what each stage of the chunk pipeline cost
     */
    public record Report(int threads, int chunks, long events, long deferred, int maxChunksInFlight, PipelineCosts costs) {
    }

    private static final String HISTORY_SUFFIX = ".ht"; //$NON-NLS-1$
    private static final String PARTIAL_SUFFIX = ".ht.partial"; //$NON-NLS-1$
    /** A {@link DirectHistory}'s file. */
    private static final String DIRECT_SUFFIX = ".direct"; //$NON-NLS-1$
    /** How {@link #describeBuild()} names a build whose workers wrote a {@link DirectHistory}. */
    private static final String DIRECT_DESCRIPTION = "written by its workers"; //$NON-NLS-1$
    /** The manifest of a history written by several writers, whose shards are {@code <id>.<n>.ht}. */
    private static final String MANIFEST_SUFFIX = ".ht.shards"; //$NON-NLS-1$
    /** The state version's name in the record, and in what a change says. */
    private static final String STATE_VERSION = "state version"; //$NON-NLS-1$
    private static final int QUEUE_SIZE = 10000;
    /** The name Trace Compass gives the thread that inserts intervals into a history tree. */
    private static final String INSERTION_THREAD = "History Tree Thread"; //$NON-NLS-1$
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private final CountDownLatch fInitialized = new CountDownLatch(1);
    private final AtomicBoolean fCancelled = new AtomicBoolean();
    private int fThreads = Runtime.getRuntime().availableProcessors();
    private long fChunkBytes = DEFAULT_CHUNK_BYTES;
    private int fWriters;
    private volatile int fBuiltWriters;
    private volatile @Nullable ITmfStateSystem fStateSystem;
    private volatile @Nullable Report fReport;
    private volatile @Nullable String fFailure;
    private volatile @Nullable String fRebuilt;
    private volatile long fInsertionCpuNanos = -1;

    /**
     * Builds the state into a new history.
     *
     * @param traceDirectory
     *            the CTF trace directory
     * @param ss
     *            the state system to fill; the caller closes it
     * @param threads
     *            worker threads
     * @param chunkBytes
     *            target chunk size in bytes
     * @param progress
     *            to tell after each merged chunk
     * @param cancelled
     *            set when the build must stop
     * @return what was done; {@code end} is the time to close the history at
     * @throws TraceFormatException
     *             when the trace cannot be decoded
     * @throws InputException
     *             when a trace that is not CTF cannot be read
     * @throws IOException
     *             when a file cannot be read
     * @throws InterruptedException
     *             when interrupted
     */
    protected abstract Built build(Path traceDirectory, ITmfStateSystemBuilder ss, int threads, long chunkBytes,
            ChunkProgress progress, AtomicBoolean cancelled) throws TraceFormatException, InputException, IOException, InterruptedException;

    /**
     * A history that the chunk workers write themselves, in a form of the analysis's own, rather than through a
     * state system into history trees: with no merge and no insertion thread between them and the file, a build
     * scales with the workers. It answers every query as the history tree of the serial mode does.
     */
    public interface DirectHistory {
        /**
         * Builds the history into a new file, attribute tree included.
         *
         * @param traceDirectory
         *            the CTF trace directory
         * @param file
         *            the file to write
         * @param ssid
         *            the state system's id
         * @param start
         *            the history's start time
         * @param threads
         *            worker threads
         * @param chunkBytes
         *            target chunk size in bytes
         * @param progress
         *            to tell after each chunk
         * @param cancelled
         *            set when the build must stop (the file is then deleted)
         * @return what was done; {@code end} is the history's end time
         * @throws TraceFormatException
         *             when the trace cannot be decoded
         * @throws IOException
         *             when a file cannot be read or written
         * @throws InterruptedException
         *             when interrupted
         */
        Built build(Path traceDirectory, Path file, String ssid, long start, int threads, long chunkBytes, ChunkProgress progress,
                AtomicBoolean cancelled) throws TraceFormatException, IOException, InterruptedException;

        /**
         * @param ssid
         *            the state system's id
         * @param file
         *            a complete history's file
         * @return a backend answering from it
         * @throws IOException
         *             when the file cannot be read or is not a complete history (the message names it)
         */
        IStateHistoryBackend open(String ssid, Path file) throws IOException;
    }

    /**
     * @return the history the module's chunk workers can write themselves, made by parallel builds with no
     *         writer count set; null (the default) when the module writes history trees only
     */
    protected @Nullable DirectHistory getDirectHistory() {
        return null;
    }

    /**
     * What {@link #build} did.
     *
     * @param report
     *            the report
     * @param end
     *            the time of the last event, in nanoseconds
     */
    public record Built(Report report, long end) {
    }

    /** @return the version of the state this module writes; a history of another version is rebuilt */
    protected abstract int getStateVersion();

    /**
     * The analysis parameters that shape the state (not those that only change how fast it is built, such as
     * threads): a history built with others is rebuilt.
     *
     * @return the parameters by name, none by default
     */
    protected Map<String, String> getBuildParameters() {
        return Map.of();
    }

    /** @return the name of the build task shown in progress */
    protected abstract String getTaskName();

    /**
     * @param threads
     *            worker threads (1, with chunks of {@link ParallelBuilder#SERIAL} bytes, is the serial mode)
     */
    public void setThreads(int threads) {
        fThreads = threads;
    }

    /** @return the worker threads of the next build */
    public int getThreads() {
        return fThreads;
    }

    /**
     * @param chunkBytes
     *            the target chunk size in bytes ({@link ParallelBuilder#SERIAL}: one chunk per stream, or with one
     *            thread the serial mode)
     */
    public void setChunkBytes(long chunkBytes) {
        fChunkBytes = chunkBytes;
    }

    /**
     * @param writers
     *            history writers: the history is kept in that many history trees, each filled by its own insertion
     *            thread ({@link ShardedHistoryBackend}); 0 for the default: the module's
     *            {@link #defaultWriters()} on more than one thread, one on one thread
     */
    public void setWriters(int writers) {
        fWriters = writers;
    }

    /**
     * @return the history writers of the next build: 0 when its workers write a {@link DirectHistory}, else the
     *         history trees
     */
    public int getWriters() {
        if (fWriters > 0) {
            return fWriters;
        }
        if (writesDirectly()) {
            return 0;
        }
        return fThreads > 1 ? defaultWriters() : 1;
    }

    /**
     * The history writers of a build on more than one thread unless told otherwise. Here one history tree, as
     * Trace Compass writes it; a module whose merge outpaces one insertion thread says more. A build on one
     * thread writes one tree unless told otherwise, so that the one-core baseline of the benchmark is the build
     * a single core runs best.
     *
     * @return the default number of history trees written at once, at least one
     */
    protected int defaultWriters() {
        return 1;
    }

    /** @return whether the next build is one whose workers write the module's {@link DirectHistory} */
    private boolean writesDirectly() {
        return fWriters == 0 && getDirectHistory() != null && !(fThreads == 1 && fChunkBytes == ParallelBuilder.SERIAL);
    }

    /**
     * Sets the serial mode: one thread reading every stream at once in time order, in chunks of events, the
     * reference the parallel builds must equal (the builder's serial mode, {@link ParallelBuilder#SERIAL}).
     */
    public void setSerial() {
        fThreads = 1;
        fChunkBytes = ParallelBuilder.SERIAL;
    }

    /**
     * Applies the command line's choice of build ({@code --serial}, {@code --threads N}).
     *
     * @param options
     *            the options
     */
    public void configure(BuildOptions options) {
        if (options.serial()) {
            setSerial();
            return;
        }
        if (options.threads() > 0) {
            setThreads(options.threads());
        }
        if (options.chunkBytes() > 0) {
            setChunkBytes(options.chunkBytes());
        }
        if (options.writers() > 0) {
            setWriters(options.writers());
        }
    }

    /**
     * @return how the history came about: "reused", "serial" or "parallel, N threads" (", M writers" when more
     *         than one, ", {@value #DIRECT_DESCRIPTION}" when the workers wrote it), the latter two followed by why
     *         an existing history was not reused ("; rebuilt: state version 1 -> 2")
     */
    public String describeBuild() {
        Report report = fReport;
        if (report == null) {
            return "reused"; //$NON-NLS-1$
        }
        String mode = describeMode(report);
        if (fBuiltWriters > 1) {
            mode += ", " + fBuiltWriters + " writers"; //$NON-NLS-1$ //$NON-NLS-2$
        } else if (fBuiltWriters == 0) {
            mode += ", " + DIRECT_DESCRIPTION; //$NON-NLS-1$
        }
        String rebuilt = fRebuilt;
        return rebuilt == null ? mode : mode + "; " + rebuilt; //$NON-NLS-1$
    }

    /**
     * @param report
     *            what the build did
     * @return how it was built: "serial" (one thread, every stream in time order) or "parallel, N threads"
     */
    protected String describeMode(Report report) {
        return fChunkBytes == ParallelBuilder.SERIAL && report.threads() == 1 ? "serial" : "parallel, " + report.threads() + " threads"; //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
    }

    /** @return why the last build failed (naming the file, and the offset in it where known), or null */
    @Override
    public @Nullable String getFailure() {
        return fFailure;
    }

    /** Records why the build failed, tells the GUI, and makes the exception Trace Compass expects. */
    private TmfAnalysisException failed(ITmfTrace trace, String failure) {
        fFailure = failure;
        AnalysisFailures.report(new AnalysisFailures.Failure(getName(), trace.getName(), failure));
        return new TmfAnalysisException(failure);
    }

    /** @return what the last build did, or null when the history was reused or not built yet */
    public @Nullable Report getReport() {
        return fReport;
    }

    /**
     * @param file
     *            a file of a trace's supplementary directory
     * @return whether it is a history, in any of the forms a module keeps one
     */
    public static boolean isHistoryFile(Path file) {
        String name = file.getFileName().toString();
        return name.endsWith(HISTORY_SUFFIX) || name.endsWith(DIRECT_SUFFIX);
    }

    /**
     * @return the CPU time of Trace Compass's history insertion threads (one per writer) during the last build, in
     *         nanoseconds: their CPU time up to the end of the merge, plus the wall time of closing the history
     *         (the threads drain their queues then, and are gone after); 0 for a {@link DirectHistory}, which has no
     *         such thread; -1 when not measured
     */
    public long getInsertionCpuNanos() {
        return fInsertionCpuNanos;
    }

    @Override
    protected boolean executeAnalysis(IProgressMonitor monitor) throws TmfAnalysisException {
        ITmfTrace trace = getTrace();
        if (trace == null) {
            throw new TmfAnalysisException("no trace to analyse"); //$NON-NLS-1$
        }
        String id = getId();
        Path directory = Path.of(TmfTraceManager.getSupplementaryFileDir(trace));
        Path history = directory.resolve(id + HISTORY_SUFFIX);
        Path manifest = directory.resolve(id + MANIFEST_SUFFIX);
        Path direct = directory.resolve(id + DIRECT_SUFFIX);
        Path record = Provenance.recordOf(history);
        // A direct history's record is its own: what a trace's folder holds with no record is deleted when the
        // trace's files change (TraceOpener), which must leave the history to be rebuilt here, saying why.
        Path directRecord = Provenance.recordOf(direct);
        DirectHistory directHistory = writesDirectly() ? getDirectHistory() : null;
        int writers = getWriters();
        List<Path> shards = shardFiles(directory, writers);
        List<Path> partials = directHistory != null ? List.of(partialOf(direct))
                : writers == 1 ? List.of(directory.resolve(id + PARTIAL_SUFFIX)) : shards.stream().map(ParallelHistoryModule::partialOf).toList();
        try {
            Provenance provenance = Provenance.of(Path.of(trace.getPath()), buildFacts());
            if (Files.isRegularFile(history) || Files.isRegularFile(manifest) || Files.isRegularFile(direct)) {
                String change = changeSince(provenance, Files.isRegularFile(direct) ? directRecord : record);
                if (change == null) {
                    try {
                        fStateSystem = open(history, manifest, direct);
                        return true;
                    } catch (IOException e) {
                        change = "the history cannot be opened (" + e.getMessage() + ')'; //$NON-NLS-1$
                    }
                }
                fRebuilt = "rebuilt: " + change; //$NON-NLS-1$
            }
            Files.deleteIfExists(record);
            Files.deleteIfExists(directRecord);
            deleteHistory(directory);
            Files.createDirectories(directory);
            for (Path partial : partials) {
                Files.deleteIfExists(partial);
            }
            long start = trace.getStartTime().toNanos();
            if (directHistory != null) {
                return buildDirectly(directHistory, trace, start, partials.get(0), direct, provenance, directRecord, monitor);
            }
            Set<Long> existing = insertionThreads(Set.of());
            IStateHistoryBackend backend = writers == 1
                    ? StateHistoryBackendFactory.createHistoryTreeBackendNewFile(id, partials.get(0).toFile(), getStateVersion(), start, QUEUE_SIZE)
                    : ShardedHistoryBackend.create(id, partials.stream().map(Path::toFile).toList(), getStateVersion(), start, QUEUE_SIZE);
            Set<Long> insertion = insertionThreads(existing);
            ITmfStateSystemBuilder ss = StateSystemFactory.newStateSystem(backend);
            String rebuilt = fRebuilt;
            monitor.beginTask(rebuilt == null ? getTaskName() : getTaskName() + " (" + rebuilt + ')', IProgressMonitor.UNKNOWN); //$NON-NLS-1$
            Built built = build(Path.of(trace.getPath()), ss, fThreads, fChunkBytes, (done, total) -> {
                monitor.subTask(done + " / " + total); //$NON-NLS-1$
                if (monitor.isCanceled()) {
                    fCancelled.set(true);
                }
            }, fCancelled);
            if (fCancelled.get()) {
                ss.dispose();
                return false;
            }
            long insertionCpu = insertion.size() == writers ? insertion.stream().mapToLong(THREADS::getThreadCpuTime).sum() : -1;
            long closing = System.nanoTime();
            ss.closeHistory(Math.max(built.end(), start));
            fInsertionCpuNanos = insertionCpu < 0 ? -1 : insertionCpu + System.nanoTime() - closing;
            ss.dispose();
            provenance.write(record);
            if (writers == 1) {
                Files.move(partials.get(0), history, StandardCopyOption.ATOMIC_MOVE);
            } else {
                for (int i = 0; i < writers; i++) {
                    Files.move(partials.get(i), shards.get(i), StandardCopyOption.ATOMIC_MOVE);
                }
                // Last, as what says the build is complete.
                ShardManifest.write(manifest, shards);
            }
            fReport = built.report();
            fBuiltWriters = writers;
            fStateSystem = open(history, manifest, direct);
            return true;
        } catch (TraceFormatException | InputException e) {
            throw failed(trace, String.valueOf(e.getMessage()));
        } catch (IOException e) {
            throw failed(trace, trace.getPath() + ": " + e.getMessage()); //$NON-NLS-1$
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        } finally {
            fInitialized.countDown();
            try {
                for (Path partial : partials) {
                    Files.deleteIfExists(partial);
                }
            } catch (IOException e) {
                // Left behind, it is never read: only complete histories are opened.
            }
        }
    }

    /** Builds the module's {@link DirectHistory}: the workers write it, there is no insertion thread. */
    private boolean buildDirectly(DirectHistory directHistory, ITmfTrace trace, long start, Path partial, Path direct, Provenance provenance,
            Path record, IProgressMonitor monitor) throws TraceFormatException, IOException, InterruptedException {
        String rebuilt = fRebuilt;
        monitor.beginTask(rebuilt == null ? getTaskName() : getTaskName() + " (" + rebuilt + ')', IProgressMonitor.UNKNOWN); //$NON-NLS-1$
        Built built = directHistory.build(Path.of(trace.getPath()), partial, getId(), start, fThreads, fChunkBytes, (done, total) -> {
            monitor.subTask(done + " / " + total); //$NON-NLS-1$
            if (monitor.isCanceled()) {
                fCancelled.set(true);
            }
        }, fCancelled);
        if (fCancelled.get()) {
            return false;
        }
        fInsertionCpuNanos = 0;
        provenance.write(record);
        Files.move(partial, direct, StandardCopyOption.ATOMIC_MOVE);
        fReport = built.report();
        fBuiltWriters = 0;
        fStateSystem = StateSystemFactory.newStateSystem(directHistory.open(getId(), direct), false);
        return true;
    }

    private static Path partialOf(Path file) {
        return file.resolveSibling(file.getFileName() + ".partial"); //$NON-NLS-1$
    }

    /**
     * @return the ids of the live history insertion threads not in {@code known}: the one a new history tree
     *         backend started, when taken before and after making it
     */
    private static Set<Long> insertionThreads(Set<Long> known) {
        Set<Long> ids = new HashSet<>();
        for (ThreadInfo info : THREADS.getThreadInfo(THREADS.getAllThreadIds())) {
            if (info != null && INSERTION_THREAD.equals(info.getThreadName()) && !known.contains(info.getThreadId())) {
                ids.add(info.getThreadId());
            }
        }
        return ids;
    }

    private Map<String, String> buildFacts() {
        Map<String, String> facts = new LinkedHashMap<>();
        facts.put(STATE_VERSION, Integer.toString(getStateVersion()));
        facts.putAll(getBuildParameters());
        return facts;
    }

    /** @return why the history of that record cannot be reused for what the trace is now, or null */
    private static @Nullable String changeSince(Provenance now, Path record) {
        try {
            Provenance built = Provenance.read(record);
            return built == null ? "no build record" : now.changeFrom(built); //$NON-NLS-1$
        } catch (IOException e) {
            return "the build record cannot be read (" + e.getMessage() + ')'; //$NON-NLS-1$
        }
    }

    /**
     * Opens the complete history: the direct one if the workers wrote it, its shards where a manifest lists them,
     * else the one history tree.
     */
    private ITmfStateSystem open(Path history, Path manifest, Path direct) throws IOException {
        DirectHistory directHistory = getDirectHistory();
        IStateHistoryBackend backend;
        if (Files.isRegularFile(direct)) {
            if (directHistory == null) {
                throw new IOException(direct + " is a history this module does not write"); //$NON-NLS-1$
            }
            backend = directHistory.open(getId(), direct);
        } else if (Files.isRegularFile(manifest)) {
            backend = ShardedHistoryBackend.open(getId(), ShardManifest.read(manifest).stream().map(Path::toFile).toList(), getStateVersion());
        } else {
            backend = StateHistoryBackendFactory.createHistoryTreeBackendExistingFile(getId(), history.toFile(), getStateVersion());
        }
        return StateSystemFactory.newStateSystem(backend, false);
    }

    /** The files of the shards of a history kept by that many writers: {@code <id>.0.ht} and on. */
    private List<Path> shardFiles(Path directory, int writers) {
        List<Path> shards = new ArrayList<>();
        for (int i = 0; i < writers; i++) {
            shards.add(directory.resolve(getId() + '.' + i + HISTORY_SUFFIX));
        }
        return shards;
    }

    /**
     * Deletes an earlier build's history, whichever way it was kept: its manifest first, so that no manifest ever
     * lists shards that are gone, then the single history tree, the direct history and every shard
     * ({@code <id>.N.ht}).
     */
    private void deleteHistory(Path directory) throws IOException {
        String id = getId();
        Files.deleteIfExists(directory.resolve(id + MANIFEST_SUFFIX));
        Files.deleteIfExists(directory.resolve(id + HISTORY_SUFFIX));
        Files.deleteIfExists(directory.resolve(id + DIRECT_SUFFIX));
        if (!Files.isDirectory(directory)) {
            return;
        }
        try (DirectoryStream<Path> files = Files.newDirectoryStream(directory, id + ".*" + HISTORY_SUFFIX)) { //$NON-NLS-1$
            for (Path file : files) {
                String name = file.getFileName().toString();
                String middle = name.substring(id.length() + 1, name.length() - HISTORY_SUFFIX.length());
                if (!middle.isEmpty() && middle.chars().allMatch(Character::isDigit)) {
                    Files.delete(file);
                }
            }
        }
    }

    @Override
    protected void canceling() {
        fCancelled.set(true);
    }

    @Override
    public @Nullable ITmfStateSystem getStateSystem(String id) {
        return getId().equals(id) ? fStateSystem : null;
    }

    /** @return the state system, once built or reopened */
    public @Nullable ITmfStateSystem getStateSystem() {
        return fStateSystem;
    }

    @Override
    public Iterable<ITmfStateSystem> getStateSystems() {
        ITmfStateSystem ss = fStateSystem;
        return ss == null ? List.of() : List.of(ss);
    }

    @Override
    public Map<String, Integer> getProviderVersions() {
        return Map.of(getId(), getStateVersion());
    }

    @Override
    public boolean waitForInitialization() {
        try {
            fInitialized.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
        return fStateSystem != null;
    }

    @Override
    public void dispose() {
        super.dispose();
        ITmfStateSystem ss = fStateSystem;
        if (ss != null) {
            ss.dispose();
        }
    }
}
