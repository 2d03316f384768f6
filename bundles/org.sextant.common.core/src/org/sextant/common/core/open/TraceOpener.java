// SPDX-License-Identifier: EPL-2.0
package org.sextant.common.core.open;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Stream;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.tmf.core.event.ITmfEvent;
import org.eclipse.tracecompass.tmf.core.exceptions.TmfTraceException;
import org.eclipse.tracecompass.tmf.core.project.model.TmfTraceImportException;
import org.eclipse.tracecompass.tmf.core.project.model.TmfTraceType;
import org.eclipse.tracecompass.tmf.core.project.model.TraceTypeHelper;
import org.eclipse.tracecompass.tmf.core.signal.TmfSignalManager;
import org.eclipse.tracecompass.tmf.core.signal.TmfTraceClosedSignal;
import org.eclipse.tracecompass.tmf.core.signal.TmfTraceOpenedSignal;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceManager;
import org.eclipse.tracecompass.tmf.core.trace.experiment.TmfExperiment;
import org.sextant.common.core.open.CtfChecks.Depth;
import org.sextant.common.model.recording.RecordingLayout;
import org.sextant.parallel.engine.HistoryEngine;
import org.sextant.parallel.engine.Provenance;

/**
 * Opens a trace without a workspace, the way Trace Compass's import does: the trace type whose validation is
 * most confident wins, and the "trace opened" signal instantiates the trace's analysis modules. A directory
 * that is no trace itself but holds CTF traces (a recording of {@code sextant record}: one trace per process,
 * maybe a kernel trace) opens as the experiment of them all. A recording of {@code sextant record --ftrace}
 * ({@code DIR/ftrace/trace.dat} and {@code trace.txt}), given as {@code DIR} or {@code DIR/ftrace}, opens as its
 * {@code trace.dat}, or its {@code trace.txt} where there is no {@code .dat} (trace-cmd could not extract it);
 * beside CTF traces, it is one more member of their experiment.
 *
 * <p>
 * Trace Compass keeps what it derives from a trace (checkpoint indexes, state histories, segment stores) in
 * the trace's supplementary folder, keyed by the trace's path, and reuses it whatever the files at that path
 * are now: a trace replaced at the same path would be answered from the old one. So each supplementary folder
 * (an experiment's and each member's) carries a {@link Provenance} record of the trace files it was made from;
 * where the record is missing or the files changed, the trace is closed again, the folder's files deleted and
 * the trace reopened before any analysis module sees it. Files with a record of their own (the histories of
 * Sextant's parallel modules) are left to their module, which checks them against the same files and says why
 * it rebuilds them; the folders of an experiment's members, nested in the experiment's, are left to each
 * member's own record. An experiment assembled from traces anywhere (the trace server's) has no directory:
 * its record is of all its members' files.
 * </p>
 */
public final class TraceOpener {

    /** A trace that cannot be opened; the message names the path and the reason. */
    public static final class OpenException extends Exception {
        private static final long serialVersionUID = 1L;

        /**
         * @param message
         *            the path and the problem
         */
        public OpenException(String message) {
            super(message);
        }
    }

    /** Sextant's experiment type, which indexes CTF members from their packets ({@code org.sextant.ctf.core}). */
    private static final String INDEXED_EXPERIMENT = "org.sextant.ctf.core.experiment"; //$NON-NLS-1$
    private static final String CTF_METADATA = RecordingLayout.CTF_METADATA;
    private static final String OTF2_ANCHOR_SUFFIX = ".otf2"; //$NON-NLS-1$
    /** The record of a supplementary folder as a whole. */
    private static final String FOLDER_RECORD = "trace" + Provenance.SUFFIX; //$NON-NLS-1$

    private TraceOpener() {
    }

    /**
     * What a path given by a user opens as: one trace (a file, a CTF trace directory, an OTF2 archive's anchor for
     * its directory, an ftrace recording's trace for its directory), or a recording's directory as the experiment
     * of its traces. The command line, the trace server and the GUI's start-up ({@code ./sextant gui}) all ask here.
     *
     * @param trace
     *            the trace, or the recording's directory
     * @param members
     *            the recording's traces ({@link RecordingLayout#members}); empty for one trace
     */
    public record Target(File trace, List<File> members) {
        /** @return whether this is a recording, opened as the experiment of its members */
        public boolean isRecording() {
            return !members.isEmpty();
        }
    }

    /** Opens a trace (or a recording's directory, as its experiment) whatever is found in it: the CTF packets checked. */
    private interface QuietOpener {
        ITmfTrace open(@Nullable List<String> damaged, Depth depth) throws OpenException;
    }

    /**
     * @param path
     *            a trace, or a directory of traces (a recording)
     * @return the trace, its analysis modules told it opened
     * @throws OpenException
     *             naming the file and the problem
     */
    public static ITmfTrace open(String path) throws OpenException {
        return open(path, null, Depth.PACKETS);
    }

    /**
     * @param path
     *            a trace (an OTF2 archive also by its directory), or a directory of traces (a recording)
     * @param damaged
     *            where the traces of a recording that cannot be read are listed (each problem, naming the file)
     *            and left out, the others opened; null to refuse a recording with any such trace
     * @param depth
     *            how much of a CTF trace to check before Trace Compass reads it
     * @return the trace, its analysis modules told it opened
     * @throws OpenException
     *             naming the file and the problem
     */
    public static ITmfTrace open(String path, @Nullable List<String> damaged, Depth depth) throws OpenException {
        Target target = resolve(path);
        return open((skipped, checks) -> openQuietly(target, skipped, checks), damaged, depth);
    }

    /**
     * @param path
     *            a trace (an OTF2 archive also by its directory, an ftrace recording by its directory), or a
     *            directory of traces (a recording)
     * @return what it opens as
     * @throws OpenException
     *             when it is missing, unreadable, or a directory of no trace, naming it
     */
    public static Target resolve(String path) throws OpenException {
        File file = anchorOf(readable(path));
        if (!file.isDirectory() || new File(file, CTF_METADATA).isFile()) {
            return new Target(file, List.of());
        }
        List<File> members;
        try {
            members = RecordingLayout.members(file.toPath()).stream().map(Path::toFile).toList();
        } catch (IOException | UncheckedIOException e) {
            throw new OpenException(file + ": cannot be listed: " + e.getMessage()); //$NON-NLS-1$
        }
        if (members.isEmpty()) {
            throw new OpenException(file + ": neither a trace nor a directory of CTF traces or of an ftrace recording"); //$NON-NLS-1$
        }
        if (members.size() == 1 && !new File(members.get(0), CTF_METADATA).isFile()) {
            return new Target(members.get(0), List.of());
        }
        return new Target(file, members);
    }

    /**
     * Opens the experiment of traces chosen one by one, as a trace server's client assembles one.
     *
     * @param path
     *            the experiment's name as a path, which keys its supplementary folder; need not exist
     * @param members
     *            each a trace (not a recording)
     * @param depth
     *            how much of a CTF trace to check before Trace Compass reads it
     * @return the experiment, its analysis modules told it opened
     * @throws OpenException
     *             naming the first member that cannot be opened and the problem
     */
    public static ITmfTrace openExperiment(String path, List<String> members, Depth depth) throws OpenException {
        List<File> files = new ArrayList<>();
        for (String member : members) {
            files.add(readable(member));
        }
        return open((skipped, checks) -> experiment(path, files, null, checks), null, depth);
    }

    /**
     * Says what a trace is without opening it for analysis: what a trace server answers when a trace is added.
     *
     * @param path
     *            a trace (not a recording)
     * @param depth
     *            how much of a CTF trace to check
     * @return its trace type
     * @throws OpenException
     *             when it is missing, unreadable, damaged, a recording, or of no type this installation reads
     */
    public static TraceTypeHelper check(String path, Depth depth) throws OpenException {
        File file = anchorOf(readable(path));
        if (file.isDirectory() && !new File(file, CTF_METADATA).isFile()) {
            throw new OpenException(path + ": a directory of traces (a recording), not a trace: add each of its traces"); //$NON-NLS-1$
        }
        if (new File(file, CTF_METADATA).isFile()) {
            CtfChecks.check(file.toPath(), depth);
        }
        return traceType(file.getAbsolutePath());
    }

    private static File readable(String path) throws OpenException {
        File file = new File(path);
        if (!file.exists()) {
            throw new OpenException(path + ": no such file or directory"); //$NON-NLS-1$
        }
        if (!file.canRead()) {
            throw new OpenException(path + ": not readable"); //$NON-NLS-1$
        }
        return file;
    }

    /**
     * The trace a directory stands for when it is one archive opened by its anchor file (an OTF2 archive's
     * directory holds exactly one {@code NAME.otf2}), else the file itself: a directory is otherwise a CTF trace
     * or a recording.
     */
    private static File anchorOf(File file) {
        if (!file.isDirectory() || new File(file, CTF_METADATA).isFile()) {
            return file;
        }
        File[] anchors = file.listFiles(each -> each.isFile() && each.getName().endsWith(OTF2_ANCHOR_SUFFIX));
        return anchors != null && anchors.length == 1 ? anchors[0] : file;
    }

    private static ITmfTrace open(QuietOpener opener, @Nullable List<String> damaged, Depth depth) throws OpenException {
        ITmfTrace trace = opener.open(damaged, depth);
        Map<Path, Provenance> stale;
        try {
            stale = staleFolders(trace);
        } catch (OpenException e) {
            trace.dispose();
            throw e;
        }
        if (!stale.isEmpty()) {
            // Closed first: a trace holds its checkpoint index open from the start, and would reuse the old one.
            trace.dispose();
            for (Map.Entry<Path, Provenance> folder : stale.entrySet()) {
                forget(folder.getKey(), folder.getValue());
            }
            if (damaged != null) {
                damaged.clear();
            }
            trace = opener.open(damaged, Depth.NONE);
        }
        TmfSignalManager.dispatchSignal(new TmfTraceOpenedSignal(TraceOpener.class, trace, null));
        return trace;
    }

    /** Opens the trace without telling anyone yet: its analysis modules come with the "opened" signal. */
    private static ITmfTrace openQuietly(Target target, @Nullable List<String> damaged, Depth depth) throws OpenException {
        return target.isRecording() ? openRecording(target, damaged, depth) : openTrace(target.trace(), depth);
    }

    /**
     * @return the supplementary folders of the trace (and of an experiment's members) whose record does not
     *         describe the trace's files as they are now, with what they are now
     */
    private static Map<Path, Provenance> staleFolders(ITmfTrace trace) throws OpenException {
        Map<Path, Provenance> stale = new LinkedHashMap<>();
        for (ITmfTrace each : TmfTraceManager.getTraceSetWithExperiment(trace)) {
            Path folder = Path.of(TmfTraceManager.getSupplementaryFileDir(each));
            Provenance now;
            try {
                now = each instanceof TmfExperiment experiment && !new File(each.getPath()).exists()
                        ? Provenance.ofAll(experiment.getTraces().stream().map(member -> Path.of(member.getPath())).toList())
                        : Provenance.of(Path.of(each.getPath()), Map.of());
            } catch (IOException | UncheckedIOException e) {
                throw new OpenException(each.getPath() + ": cannot be read: " + e.getMessage()); //$NON-NLS-1$
            }
            Provenance before;
            try {
                before = Provenance.read(folder.resolve(FOLDER_RECORD));
            } catch (IOException e) {
                before = null;
            }
            if (before == null || now.changeFrom(before) != null) {
                stale.put(folder, now);
            }
        }
        return stale;
    }

    /** Deletes what the folder holds for an earlier trace (but files with records of their own), then records. */
    private static void forget(Path folder, Provenance now) throws OpenException {
        try {
            Files.createDirectories(folder);
            try (Stream<Path> files = Files.list(folder)) {
                for (Path file : (Iterable<Path>) files::iterator) {
                    if (Files.isRegularFile(file) && !file.getFileName().toString().endsWith(Provenance.SUFFIX) && !HistoryEngine.hasRecord(file)) {
                        Files.delete(file);
                    }
                }
            }
            now.write(folder.resolve(FOLDER_RECORD));
        } catch (IOException | UncheckedIOException e) {
            throw new OpenException(folder + ": cannot clear the files made from an earlier trace: " + e.getMessage()); //$NON-NLS-1$
        }
    }

    private static ITmfTrace openTrace(File file, Depth depth) throws OpenException {
        String absolute = file.getAbsolutePath();
        if (new File(file, CTF_METADATA).isFile()) {
            CtfChecks.check(file.toPath(), depth);
        }
        TraceTypeHelper type = traceType(absolute);
        ITmfTrace trace;
        try {
            trace = type.getTraceClass().getDeclaredConstructor().newInstance();
        } catch (ReflectiveOperationException e) {
            throw new OpenException(absolute + ": cannot create a " + type.getLabel() + " trace: " + e); //$NON-NLS-1$ //$NON-NLS-2$
        }
        try {
            trace.initTrace(null, absolute, ITmfEvent.class, file.getName(), type.getTraceTypeId());
        } catch (TmfTraceException e) {
            trace.dispose();
            throw new OpenException(absolute + ": cannot be read as " + type.getLabel() + ": " + e.getMessage()); //$NON-NLS-1$ //$NON-NLS-2$
        }
        return trace;
    }

    /** The experiment of a recording's traces; each must open, or be listed as damaged. */
    private static ITmfTrace openRecording(Target recording, @Nullable List<String> damaged, Depth depth) throws OpenException {
        Path directory = recording.trace().toPath();
        for (Path unreadable : CtfChecks.withoutMetadata(directory, RecordingLayout.MAX_DEPTH)) {
            damage(unreadable + ": a trace without its metadata file (the recording is damaged)", damaged); //$NON-NLS-1$
        }
        return experiment(recording.trace().getAbsolutePath(), recording.members(), damaged, depth);
    }

    /**
     * @return the experiment type of a recording: Sextant's, which indexes CTF members from their packets, or
     *         Trace Compass's generic one where that is not installed
     */
    public static String experimentType() {
        return TmfTraceType.getTraceType(INDEXED_EXPERIMENT) != null ? INDEXED_EXPERIMENT : TmfTraceType.DEFAULT_EXPERIMENT_TYPE;
    }

    /** The experiment of the traces, each of which must open, or be listed as damaged. */
    private static ITmfTrace experiment(String path, List<File> members, @Nullable List<String> damaged, Depth depth) throws OpenException {
        List<ITmfTrace> traces = new ArrayList<>();
        try {
            for (File member : members) {
                try {
                    traces.add(openTrace(member, depth));
                } catch (OpenException e) {
                    damage(e.getMessage(), damaged);
                }
            }
        } catch (OpenException e) {
            traces.forEach(ITmfTrace::dispose);
            throw e;
        }
        if (traces.isEmpty()) {
            throw new OpenException(path + ": none of its traces can be read"); //$NON-NLS-1$
        }
        String typeId = experimentType();
        TmfExperiment experiment;
        try {
            experiment = (TmfExperiment) Objects.requireNonNull(TmfTraceType.getTraceType(typeId)).getTraceClass().getDeclaredConstructor().newInstance();
        } catch (ReflectiveOperationException | ClassCastException e) {
            traces.forEach(ITmfTrace::dispose);
            throw new OpenException(path + ": cannot create an experiment of type " + typeId + ": " + e); //$NON-NLS-1$ //$NON-NLS-2$
        }
        experiment.initExperiment(ITmfEvent.class, path, traces.toArray(new ITmfTrace[0]), TmfExperiment.DEFAULT_INDEX_PAGE_SIZE, null, typeId);
        return experiment;
    }

    /** A member of a recording that cannot be read: refused, or listed when the caller skips damaged traces. */
    private static void damage(String problem, @Nullable List<String> damaged) throws OpenException {
        if (damaged == null) {
            throw new OpenException(problem);
        }
        damaged.add(problem);
    }

    /**
     * Tells the trace's analysis modules and data providers it closed, and releases it.
     *
     * @param trace
     *            a trace this class opened
     */
    public static void close(ITmfTrace trace) {
        TmfSignalManager.dispatchSignal(new TmfTraceClosedSignal(TraceOpener.class, trace));
        trace.dispose();
    }

    /**
     * @param path
     *            a trace's path
     * @return the type Trace Compass reads it as: the first that validates it, as its import does
     * @throws OpenException
     *             when no type of this installation reads it
     */
    public static TraceTypeHelper traceType(String path) throws OpenException {
        List<TraceTypeHelper> candidates;
        try {
            candidates = TmfTraceType.selectTraceType(path, null);
        } catch (TmfTraceImportException e) {
            candidates = List.of();
        }
        return candidates.stream().filter(helper -> !helper.isExperimentType()).findFirst()
                .orElseThrow(() -> new OpenException(path + ": not a trace of any type this installation reads")); //$NON-NLS-1$
    }
}
