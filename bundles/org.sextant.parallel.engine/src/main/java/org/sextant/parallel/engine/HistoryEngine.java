// SPDX-License-Identifier: EPL-2.0
package org.sextant.parallel.engine;

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
import java.util.concurrent.atomic.AtomicBoolean;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.statesystem.core.ITmfStateSystem;
import org.eclipse.tracecompass.statesystem.core.ITmfStateSystemBuilder;
import org.eclipse.tracecompass.statesystem.core.StateSystemFactory;
import org.eclipse.tracecompass.statesystem.core.backend.IStateHistoryBackend;
import org.eclipse.tracecompass.statesystem.core.backend.StateHistoryBackendFactory;
import org.sextant.ctf.model.TraceFormatException;
import org.sextant.parallel.model.BuildMode;
import org.sextant.parallel.model.ChunkProgress;
import org.sextant.parallel.model.ShardManifest;

/**
 * Builds an analysis's state history from a trace's files into a directory, or reuses the one already there: the
 * one place where histories are made, whichever front end asks (an analysis module for the views and the trace
 * server, the command line, a cluster task in a plain JVM).
 *
 * <p>
 * The history is written to partial files renamed only once complete, so a cancelled or failed build never
 * leaves a history to be reused. Beside it, a {@link Provenance} record says what it was built from: the state
 * version, the analysis's parameters and the trace's files. A later build reuses the history only if all of them
 * are the same; otherwise (or with no record, or a history that cannot be opened) it deletes and rebuilds it, and
 * says why. The record is written before the history's rename, and deleted before the history, so that it never
 * describes a history that is not complete.
 * </p>
 *
 * <p>
 * The history takes one of three forms, all answering every query alike:
 * </p>
 * <ul>
 * <li>one State History Tree, {@code <id>.ht}: the serial mode, and parallel builds with one writer;</li>
 * <li>several trees filled at once ({@link BuildMode#writers()} of them, each by its own insertion thread) behind
 * one {@link ShardedHistoryBackend}: {@code <id>.0.ht}, {@code <id>.1.ht} and on, with a {@link ShardManifest}
 * ({@code <id>.ht.shards}) written last, without which the shards are not reused;</li>
 * <li>the analysis's {@link DirectHistory}, {@code <id>.direct}, which its chunk workers write themselves, made by
 * parallel builds told no writer count.</li>
 * </ul>
 * <p>
 * An analysis with a {@link HistoryAnalysis#companion() companion} keeps what its build saw besides the state in
 * {@code <id>.companion}, renamed before the history and deleted with it: a history without its companion is
 * rebuilt.
 * </p>
 */
public final class HistoryEngine {

    /** Told as a build goes; a build that is not needed (the history is reused) tells nothing. */
    public interface Progress extends ChunkProgress {
        /**
         * A build starts.
         *
         * @param rebuilt
         *            why an existing history was not reused ("rebuilt: state version 1 -> 2"), or null when there
         *            was none
         */
        void building(@Nullable String rebuilt);
    }

    private static final String HISTORY_SUFFIX = ".ht"; //$NON-NLS-1$
    private static final String PARTIAL_SUFFIX = ".partial"; //$NON-NLS-1$
    private static final String DIRECT_SUFFIX = ".direct"; //$NON-NLS-1$
    private static final String MANIFEST_SUFFIX = ".ht.shards"; //$NON-NLS-1$
    private static final String COMPANION_SUFFIX = ".companion"; //$NON-NLS-1$
    private static final String DIRECT_DESCRIPTION = "written by its workers"; //$NON-NLS-1$
    private static final String STATE_VERSION = "state version"; //$NON-NLS-1$
    private static final int QUEUE_SIZE = 10000;
    /** The name Trace Compass gives the thread that inserts intervals into a history tree. */
    private static final String INSERTION_THREAD = "History Tree Thread"; //$NON-NLS-1$
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private HistoryEngine() {
    }

    /**
     * @param analysis
     *            an analysis
     * @param mode
     *            how it is to be built
     * @return the history trees that build writes at once, or 0 when its workers write the analysis's
     *         {@link DirectHistory}
     */
    public static int writers(HistoryAnalysis analysis, BuildMode mode) {
        if (mode.writers() > 0) {
            return mode.writers();
        }
        if (writesDirectly(analysis, mode)) {
            return 0;
        }
        return mode.workerThreads() > 1 ? analysis.defaultWriters() : 1;
    }

    private static boolean writesDirectly(HistoryAnalysis analysis, BuildMode mode) {
        return mode.writers() == 0 && !mode.serial() && analysis.directHistory() != null;
    }

    /**
     * @param file
     *            a file of a trace's supplementary directory
     * @return whether it is a history, in any of the forms the engine keeps one
     */
    public static boolean isHistoryFile(Path file) {
        String name = file.getFileName().toString();
        return name.endsWith(HISTORY_SUFFIX) || name.endsWith(DIRECT_SUFFIX);
    }

    /**
     * Whether a file of a supplementary folder belongs to a history the engine keeps a provenance record of (the
     * history itself, a shard, the shards' manifest, a companion): the engine, not whoever cleans the folder,
     * decides when to rebuild such a file.
     *
     * @param file
     *            a file of a trace's supplementary directory
     * @return whether a record beside it vouches for it
     */
    public static boolean hasRecord(Path file) {
        if (Files.exists(Provenance.recordOf(file))) {
            return true;
        }
        // a history's files are named <id>.<something>, its record <id>.ht.provenance or <id>.direct.provenance;
        // an id has dots of its own, so each prefix up to a dot is tried
        String name = file.getFileName().toString();
        for (int dot = name.indexOf('.'); dot > 0; dot = name.indexOf('.', dot + 1)) {
            String id = name.substring(0, dot);
            if (Files.exists(file.resolveSibling(id + HISTORY_SUFFIX + Provenance.SUFFIX)) || Files.exists(file.resolveSibling(id + DIRECT_SUFFIX + Provenance.SUFFIX))) {
                return true;
            }
        }
        return false;
    }

    /**
     * Reuses the analysis's history of the trace in the directory if it was built from the same files, state
     * version and parameters; builds it otherwise.
     *
     * @param analysis
     *            the analysis
     * @param trace
     *            the trace's file or directory
     * @param directory
     *            where the history is kept (created if need be)
     * @param start
     *            the trace's start time, the history's
     * @param mode
     *            how to build it, if it must be
     * @param progress
     *            told as the build goes
     * @param cancelled
     *            set to stop the build
     * @return the history, or null when the build was cancelled (nothing is then left to reuse)
     * @throws TraceFormatException
     *             when a CTF trace cannot be decoded (the message names file and offset)
     * @throws InputException
     *             when a trace of another format cannot be read
     * @throws IOException
     *             when a file cannot be read or written
     * @throws InterruptedException
     *             when interrupted
     */
    public static @Nullable BuiltHistory build(HistoryAnalysis analysis, Path trace, Path directory, long start, BuildMode mode, Progress progress,
            AtomicBoolean cancelled) throws TraceFormatException, InputException, IOException, InterruptedException {
        return build(analysis, trace, List.of(trace), directory, start, mode, progress, cancelled);
    }

    /**
     * As {@link #build(HistoryAnalysis, Path, Path, long, BuildMode, Progress, AtomicBoolean)}, for a trace whose
     * files are elsewhere than its path: an experiment of chosen traces, whose path only names it.
     *
     * @param analysis
     *            the analysis
     * @param trace
     *            the trace's path, as the analysis reads it
     * @param sources
     *            the files or directories the history is made from, which its provenance record describes
     * @param directory
     *            where the history is kept (created if need be)
     * @param start
     *            the trace's start time, the history's
     * @param mode
     *            how to build it, if it must be
     * @param progress
     *            told as the build goes
     * @param cancelled
     *            set to stop the build
     * @return the history, or null when the build was cancelled (nothing is then left to reuse)
     * @throws TraceFormatException
     *             when a CTF trace cannot be decoded (the message names file and offset)
     * @throws InputException
     *             when a trace of another format cannot be read
     * @throws IOException
     *             when a file cannot be read or written
     * @throws InterruptedException
     *             when interrupted
     */
    public static @Nullable BuiltHistory build(HistoryAnalysis analysis, Path trace, List<Path> sources, Path directory, long start, BuildMode mode,
            Progress progress, AtomicBoolean cancelled) throws TraceFormatException, InputException, IOException, InterruptedException {
        String id = analysis.historyId();
        Path history = directory.resolve(id + HISTORY_SUFFIX);
        Path manifest = directory.resolve(id + MANIFEST_SUFFIX);
        Path direct = directory.resolve(id + DIRECT_SUFFIX);
        Path record = Provenance.recordOf(history);
        // A direct history's record is its own: what a trace's folder holds with no record is deleted when the
        // trace's files change (the trace opener), which must leave the history to be rebuilt here, saying why.
        Path directRecord = Provenance.recordOf(direct);
        HistoryAnalysis.Companion companion = analysis.companion();
        Path companionFile = companion == null ? null : directory.resolve(id + COMPANION_SUFFIX);
        DirectHistory directHistory = writesDirectly(analysis, mode) ? analysis.directHistory() : null;
        int writers = writers(analysis, mode);
        List<Path> shards = shardFiles(directory, id, writers);
        List<Path> partials = directHistory != null ? List.of(partialOf(direct))
                : writers == 1 ? List.of(partialOf(history)) : shards.stream().map(HistoryEngine::partialOf).toList();
        try {
            Provenance provenance = sources.equals(List.of(trace)) ? Provenance.of(trace, buildFacts(analysis))
                    : Provenance.ofAll(sources, buildFacts(analysis));
            String rebuilt = null;
            if (Files.isRegularFile(history) || Files.isRegularFile(manifest) || Files.isRegularFile(direct)) {
                String change = changeSince(provenance, Files.isRegularFile(direct) ? directRecord : record);
                if (change == null && companionFile != null && !Files.isRegularFile(companionFile)) {
                    change = companionFile.getFileName() + " is missing"; //$NON-NLS-1$
                }
                if (change == null) {
                    try {
                        return new BuiltHistory(open(analysis, history, manifest, direct), null, "reused", -1, companionFile); //$NON-NLS-1$
                    } catch (IOException e) {
                        change = "the history cannot be opened (" + e.getMessage() + ')'; //$NON-NLS-1$
                    }
                }
                rebuilt = "rebuilt: " + change; //$NON-NLS-1$
            }
            Files.deleteIfExists(record);
            Files.deleteIfExists(directRecord);
            deleteHistory(directory, id);
            if (companionFile != null) {
                Files.deleteIfExists(companionFile);
            }
            Files.createDirectories(directory);
            for (Path partial : partials) {
                Files.deleteIfExists(partial);
            }
            progress.building(rebuilt);
            if (directHistory != null) {
                Built built = directHistory.build(trace, partials.get(0), id, start, mode, progress, cancelled);
                if (cancelled.get()) {
                    return null;
                }
                writeCompanion(companion, companionFile);
                provenance.write(directRecord);
                Files.move(partials.get(0), direct, StandardCopyOption.ATOMIC_MOVE);
                ITmfStateSystem ss = StateSystemFactory.newStateSystem(directHistory.open(id, direct), false);
                return new BuiltHistory(ss, built.report(), describe(analysis, mode, built.report(), 0, rebuilt), 0, companionFile);
            }
            Set<Long> existing = insertionThreads(Set.of());
            IStateHistoryBackend backend = writers == 1
                    ? StateHistoryBackendFactory.createHistoryTreeBackendNewFile(id, partials.get(0).toFile(), analysis.stateVersion(), start, QUEUE_SIZE)
                    : ShardedHistoryBackend.create(id, partials.stream().map(Path::toFile).toList(), analysis.stateVersion(), start, QUEUE_SIZE);
            Set<Long> insertion = insertionThreads(existing);
            ITmfStateSystemBuilder ss = StateSystemFactory.newStateSystem(backend);
            Built built = analysis.build(trace, ss, mode, progress, cancelled);
            if (cancelled.get()) {
                ss.dispose();
                return null;
            }
            long insertionCpu = insertion.size() == writers ? insertion.stream().mapToLong(THREADS::getThreadCpuTime).sum() : -1;
            long closing = System.nanoTime();
            ss.closeHistory(Math.max(built.end(), start));
            long insertionNanos = insertionCpu < 0 ? -1 : insertionCpu + System.nanoTime() - closing;
            ss.dispose();
            writeCompanion(companion, companionFile);
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
            return new BuiltHistory(open(analysis, history, manifest, direct), built.report(), describe(analysis, mode, built.report(), writers, rebuilt),
                    insertionNanos, companionFile);
        } finally {
            for (Path partial : partials) {
                try {
                    Files.deleteIfExists(partial);
                } catch (IOException e) {
                    // Left behind, it is never read: only complete histories are opened.
                }
            }
        }
    }

    /** Writes the companion through a partial file, renamed once written: never half a companion to reuse. */
    private static void writeCompanion(HistoryAnalysis.@Nullable Companion companion, @Nullable Path file) throws IOException {
        if (companion == null || file == null) {
            return;
        }
        Path partial = partialOf(file);
        try {
            companion.write(partial);
            Files.move(partial, file, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(partial);
        }
    }

    private static String describe(HistoryAnalysis analysis, BuildMode mode, Report report, int writers, @Nullable String rebuilt) {
        String description = analysis.describeMode(mode, report);
        if (writers > 1) {
            description += ", " + writers + " writers"; //$NON-NLS-1$ //$NON-NLS-2$
        } else if (writers == 0) {
            description += ", " + DIRECT_DESCRIPTION; //$NON-NLS-1$
        }
        return rebuilt == null ? description : description + "; " + rebuilt; //$NON-NLS-1$
    }

    private static Path partialOf(Path file) {
        return file.resolveSibling(file.getFileName() + PARTIAL_SUFFIX);
    }

    /**
     * @return the ids of the live history insertion threads not in {@code known}: the ones a new history tree
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

    private static Map<String, String> buildFacts(HistoryAnalysis analysis) {
        Map<String, String> facts = new LinkedHashMap<>();
        facts.put(STATE_VERSION, Integer.toString(analysis.stateVersion()));
        facts.putAll(analysis.buildParameters());
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
    private static ITmfStateSystem open(HistoryAnalysis analysis, Path history, Path manifest, Path direct) throws IOException {
        String id = analysis.historyId();
        IStateHistoryBackend backend;
        if (Files.isRegularFile(direct)) {
            DirectHistory directHistory = analysis.directHistory();
            if (directHistory == null) {
                throw new IOException(direct + " is a history this analysis does not write"); //$NON-NLS-1$
            }
            backend = directHistory.open(id, direct);
        } else if (Files.isRegularFile(manifest)) {
            backend = ShardedHistoryBackend.open(id, ShardManifest.read(manifest).stream().map(Path::toFile).toList(), analysis.stateVersion());
        } else {
            backend = StateHistoryBackendFactory.createHistoryTreeBackendExistingFile(id, history.toFile(), analysis.stateVersion());
        }
        return StateSystemFactory.newStateSystem(backend, false);
    }

    /** The files of the shards of a history kept by that many writers: {@code <id>.0.ht} and on. */
    private static List<Path> shardFiles(Path directory, String id, int writers) {
        List<Path> shards = new ArrayList<>();
        for (int i = 0; i < writers; i++) {
            shards.add(directory.resolve(id + '.' + i + HISTORY_SUFFIX));
        }
        return shards;
    }

    /**
     * Deletes an earlier build's history, whichever way it was kept: its manifest first, so that no manifest ever
     * lists shards that are gone, then the single history tree, the direct history and every shard
     * ({@code <id>.N.ht}).
     */
    private static void deleteHistory(Path directory, String id) throws IOException {
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
}
