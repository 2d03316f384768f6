// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.server.core;

import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.tmf.core.project.model.TraceTypeHelper;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.indexer.ITmfTraceIndexer;
import org.sextant.common.core.open.CtfChecks.Depth;
import org.sextant.common.core.open.TraceOpener;
import org.sextant.common.core.open.TraceOpener.OpenException;
import org.sextant.server.model.BadRequestException;

import com.google.gson.JsonObject;

/**
 * The server's traces and experiments, by UUID. A trace is a checked path (its UUID derived from its real path,
 * so adding it again finds it); an experiment opens its traces for analysis, the way the command line does:
 * one trace alone is served as itself, several as Trace Compass's experiment of them.
 *
 * <p>
 * Trace Compass keeps what it derives from a trace in a folder keyed by the trace's path, so two open instances
 * of one trace would build the same history file at once and corrupt it: a trace is in one open experiment at a
 * time. Asking again for an experiment with the same name and traces finds it (many clients share it); another
 * experiment of a trace already in one is refused with a 409 naming it.
 * </p>
 *
 * <p>
 * Queries hold a {@link Lease} on their experiment: a deleted experiment leaves the registry at once (new
 * requests get a 404) but is closed only when its last query ends, so no provider reads a disposed trace.
 * </p>
 */
final class Workspace {

    /** A trace as added: where it is and what it reads as. */
    record TraceEntry(UUID uuid, String name, Path path, String typeId, String typeLabel) {
    }

    /** An open experiment: its traces and what serves its outputs. */
    static final class Experiment {
        private final UUID fUuid;
        private final String fName;
        private final List<TraceEntry> fTraces;
        private final ITmfTrace fHost;
        private int fLeases;
        private boolean fDeleted;
        private volatile boolean fIndexed;

        Experiment(UUID uuid, String name, List<TraceEntry> traces, ITmfTrace host) {
            fUuid = uuid;
            fName = name;
            fTraces = List.copyOf(traces);
            fHost = host;
        }

        UUID uuid() {
            return fUuid;
        }

        String name() {
            return fName;
        }

        List<TraceEntry> traces() {
            return fTraces;
        }

        /** @return whether its events are all indexed: its count and span are final */
        boolean indexed() {
            return fIndexed;
        }

        /** @return the trace (or Trace Compass experiment) whose data providers are this experiment's outputs */
        ITmfTrace host() {
            return fHost;
        }
    }

    /** An experiment in use by one request; closing it lets a deleted experiment be closed. */
    final class Lease implements AutoCloseable {
        private final Experiment fExperiment;
        private boolean fReleased;

        private Lease(Experiment experiment) {
            fExperiment = experiment;
        }

        Experiment experiment() {
            return fExperiment;
        }

        @Override
        public void close() {
            boolean last;
            synchronized (Workspace.this) {
                if (fReleased) {
                    return;
                }
                fReleased = true;
                fExperiment.fLeases--;
                last = fExperiment.fDeleted && fExperiment.fLeases == 0;
            }
            if (last) {
                TraceOpener.close(fExperiment.fHost);
            }
        }
    }

    private static final String TRACE = "trace"; //$NON-NLS-1$
    private static final long INDEX_POLL_MILLIS = 50;
    private static final String EXPERIMENT = "experiment"; //$NON-NLS-1$

    private final Map<UUID, TraceEntry> fTraces = new LinkedHashMap<>();
    private final Map<UUID, Experiment> fExperiments = new LinkedHashMap<>();
    private final Map<UUID, Map<UUID, Bookmarks.Bookmark>> fBookmarks = new LinkedHashMap<>();
    private boolean fClosed;

    /**
     * Adds a trace, or finds it when its path was added before (under whatever name: one path is one trace, so
     * that its analyses are built once).
     *
     * @param path
     *            its real path, under the server's roots
     * @param name
     *            the client's name for it, or null for its file name
     * @return the trace
     * @throws BadRequestException
     *             406 when it is no trace this installation reads (naming file and offset of any damage)
     */
    TraceEntry addTrace(Path path, @Nullable String name) throws BadRequestException {
        UUID uuid = UUID.nameUUIDFromBytes(path.toString().getBytes(StandardCharsets.UTF_8));
        synchronized (this) {
            TraceEntry known = fTraces.get(uuid);
            if (known != null) {
                return known;
            }
        }
        TraceTypeHelper type;
        try {
            type = TraceOpener.check(path.toString(), Depth.PACKETS);
        } catch (OpenException e) {
            throw new BadRequestException(BadRequestException.NOT_ACCEPTABLE, e.getMessage());
        }
        String given = name == null || name.isBlank() ? String.valueOf(path.getFileName()) : name;
        TraceEntry entry = new TraceEntry(uuid, given, path, type.getTraceTypeId(), type.getLabel());
        synchronized (this) {
            return fTraces.computeIfAbsent(uuid, key -> entry);
        }
    }

    synchronized List<TraceEntry> traces() {
        return new ArrayList<>(fTraces.values());
    }

    synchronized TraceEntry trace(String uuid) throws BadRequestException {
        TraceEntry entry = fTraces.get(parse(uuid, "trace")); //$NON-NLS-1$
        if (entry == null) {
            throw notFound("trace", uuid); //$NON-NLS-1$
        }
        return entry;
    }

    /**
     * @param uuid
     *            a trace's UUID
     * @return the trace, removed
     * @throws BadRequestException
     *             404 for an unknown trace, 409 while an experiment holds it
     */
    synchronized TraceEntry removeTrace(String uuid) throws BadRequestException {
        TraceEntry entry = trace(uuid);
        Experiment holder = holder(entry.uuid());
        if (holder != null) {
            throw new Conflict("trace " + uuid + " is in experiment " + holder.uuid() + " (\"" + holder.name() + "\"): delete the experiment first", //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
                    TRACE, Models.trace(entry, holder));
        }
        return fTraces.remove(entry.uuid());
    }

    /** @return the open experiment that holds the trace, or null */
    synchronized @Nullable Experiment holder(UUID trace) {
        return fExperiments.values().stream().filter(e -> e.traces().stream().anyMatch(t -> t.uuid().equals(trace))).findFirst().orElse(null);
    }

    /**
     * Opens an experiment, or finds the one of that name and those traces. Opening is serialised: it checks the
     * traces' files and may clear stale supplementary files, which two openings must not do at once.
     *
     * @param name
     *            its name, which its UUID is derived from
     * @param traceUuids
     *            its traces, by UUID
     * @return the experiment
     * @throws BadRequestException
     *             400 for no traces or a repeated one, 404 for an unknown trace, 409 for a name taken by other
     *             traces or a trace already in another experiment, 406 for a trace that no longer opens
     */
    synchronized Experiment openExperiment(String name, List<String> traceUuids) throws BadRequestException {
        if (fClosed) {
            throw new BadRequestException(503, "the server is stopping"); //$NON-NLS-1$
        }
        if (traceUuids.isEmpty()) {
            throw BadRequestException.badRequest("parameters.traces must name at least one trace"); //$NON-NLS-1$
        }
        List<TraceEntry> traces = new ArrayList<>();
        for (String uuid : traceUuids) {
            TraceEntry trace = trace(uuid);
            if (traces.contains(trace)) {
                throw BadRequestException.badRequest("parameters.traces names trace " + uuid + " twice"); //$NON-NLS-1$ //$NON-NLS-2$
            }
            traces.add(trace);
        }
        UUID uuid = UUID.nameUUIDFromBytes(("experiment:" + name).getBytes(StandardCharsets.UTF_8)); //$NON-NLS-1$
        Experiment known = fExperiments.get(uuid);
        if (known != null) {
            if (known.traces().equals(traces)) {
                return known;
            }
            throw new Conflict("experiment \"" + name + "\" exists with other traces", EXPERIMENT, Models.experiment(known)); //$NON-NLS-1$ //$NON-NLS-2$
        }
        for (TraceEntry trace : traces) {
            Experiment holder = holder(trace.uuid());
            if (holder != null) {
                throw new Conflict("trace " + trace.uuid() + " (" + trace.path() + ") is already in experiment \"" + holder.name() //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                        + "\": Trace Compass keeps one trace's analyses in one place, so a trace is in one experiment at a time", //$NON-NLS-1$
                        EXPERIMENT, Models.experiment(holder));
            }
        }
        ITmfTrace host;
        try {
            // The packets were checked when the traces were added; every event is checked by the parallel
            // builds, or (for a trace small enough) now, as the command line does for its analyses.
            host = traces.size() == 1 ? TraceOpener.open(traces.get(0).path().toString(), null, Depth.PACKETS)
                    : TraceOpener.openExperiment("/sextant-server/experiments/" + uuid, traces.stream().map(t -> t.path().toString()).toList(), Depth.PACKETS); //$NON-NLS-1$
        } catch (OpenException e) {
            throw new BadRequestException(BadRequestException.NOT_ACCEPTABLE, e.getMessage());
        }
        Experiment experiment = new Experiment(uuid, name, traces, host);
        fExperiments.put(uuid, experiment);
        // Indexed in the background: the experiment's event count and span grow until it is COMPLETED.
        Thread indexer = new Thread(() -> {
            host.indexTrace(true);
            waitForIndexer(host);
            experiment.fIndexed = true;
        }, "sextant-tsp-index " + name); //$NON-NLS-1$
        indexer.setDaemon(true);
        indexer.start();
        return experiment;
    }

    /**
     * Waits for an indexing someone else started. Opening a trace makes Trace Compass start indexing it by itself
     * (its range-updated signal, sent from another thread), and {@code indexTrace(true)} returns at once when an
     * indexing is under way, with a fraction of the events counted. Trace Compass 6.2 tells whether a trace is
     * being indexed only through its indexer, which {@link TmfTrace} keeps protected: read through reflection,
     * and taken as done should that fail.
     */
    private static void waitForIndexer(ITmfTrace trace) {
        try {
            Method getIndexer = TmfTrace.class.getDeclaredMethod("getIndexer"); //$NON-NLS-1$
            getIndexer.setAccessible(true);
            if (getIndexer.invoke(trace) instanceof ITmfTraceIndexer indexer) {
                while (indexer.isIndexing()) {
                    Thread.sleep(INDEX_POLL_MILLIS);
                }
            }
        } catch (ReflectiveOperationException | RuntimeException e) {
            // Counted as indexed: the count and span are then what the indexer has reached.
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    synchronized List<Experiment> experiments() {
        return new ArrayList<>(fExperiments.values());
    }

    synchronized Experiment experiment(String uuid) throws BadRequestException {
        Experiment experiment = fExperiments.get(parse(uuid, "experiment")); //$NON-NLS-1$
        if (experiment == null) {
            throw notFound("experiment", uuid); //$NON-NLS-1$
        }
        return experiment;
    }

    /**
     * @param uuid
     *            an experiment's UUID
     * @return a lease on it, to close when the request is answered
     * @throws BadRequestException
     *             404 for an unknown or deleted experiment
     */
    synchronized Lease lease(String uuid) throws BadRequestException {
        Experiment experiment = experiment(uuid);
        experiment.fLeases++;
        return new Lease(experiment);
    }

    /**
     * Removes an experiment; it is closed now, or when its last query ends.
     *
     * @param uuid
     *            its UUID
     * @return the experiment
     * @throws BadRequestException
     *             404 for an unknown one
     */
    Experiment removeExperiment(String uuid) throws BadRequestException {
        Experiment experiment;
        boolean idle;
        synchronized (this) {
            experiment = experiment(uuid);
            fExperiments.remove(experiment.uuid());
            fBookmarks.remove(experiment.uuid());
            experiment.fDeleted = true;
            idle = experiment.fLeases == 0;
        }
        if (idle) {
            TraceOpener.close(experiment.host());
        }
        return experiment;
    }

    /**
     * @param experiment
     *            an open experiment
     * @return its bookmarks by UUID, which the caller changes while holding this workspace's lock
     */
    synchronized Map<UUID, Bookmarks.Bookmark> bookmarks(Experiment experiment) {
        return fBookmarks.computeIfAbsent(experiment.uuid(), key -> new LinkedHashMap<>());
    }

    /** Closes every experiment, whatever queries remain: the server has stopped answering. */
    void closeAll() {
        List<Experiment> open;
        synchronized (this) {
            fClosed = true;
            open = new ArrayList<>(fExperiments.values());
            fExperiments.clear();
        }
        for (Experiment experiment : open) {
            TraceOpener.close(experiment.host());
        }
    }

    private static UUID parse(String uuid, String what) throws BadRequestException {
        try {
            return UUID.fromString(Objects.requireNonNull(uuid));
        } catch (IllegalArgumentException e) {
            throw notFound(what, uuid);
        }
    }

    private static BadRequestException notFound(String what, String uuid) {
        return new BadRequestException(BadRequestException.NOT_FOUND, "no " + what + ' ' + uuid + " on this server"); //$NON-NLS-1$
    }

    /** A 409 that carries what it conflicts with, as API.yaml's {@code TraceErrorResponse} and {@code ExperimentErrorResponse} do. */
    static final class Conflict extends BadRequestException {
        private static final long serialVersionUID = 1L;
        private final String fField;
        private final transient JsonObject fWith;

        Conflict(String message, String field, JsonObject with) {
            super(CONFLICT, message);
            fField = field;
            fWith = with;
        }

        /** @return the error body's field for what is in the way: {@code trace} or {@code experiment} */
        String field() {
            return fField;
        }

        /** @return what is in the way */
        JsonObject with() {
            return fWith;
        }
    }
}
