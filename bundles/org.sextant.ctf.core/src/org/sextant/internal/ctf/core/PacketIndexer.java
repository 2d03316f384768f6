// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.ctf.core;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Platform;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.IJobFunction;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.osgi.util.NLS;
import org.eclipse.tracecompass.tmf.core.event.ITmfEvent;
import org.eclipse.tracecompass.tmf.core.signal.TmfTraceUpdatedSignal;
import org.eclipse.tracecompass.tmf.core.timestamp.ITmfTimestamp;
import org.eclipse.tracecompass.tmf.core.timestamp.TmfTimeRange;
import org.eclipse.tracecompass.tmf.core.trace.ITmfContext;
import org.eclipse.tracecompass.tmf.core.trace.indexer.TmfBTreeTraceIndexer;
import org.eclipse.tracecompass.tmf.core.trace.indexer.checkpoint.ITmfCheckpointIndex;
import org.eclipse.tracecompass.tmf.core.trace.indexer.checkpoint.TmfCheckpoint;
import org.eclipse.tracecompass.tmf.ctf.core.context.CtfLocation;
import org.eclipse.tracecompass.tmf.ctf.core.trace.CtfTmfTrace;
import org.sextant.ctf.model.CtfTrace;
import org.sextant.ctf.model.Packet;
import org.sextant.ctf.model.TraceFormatException;
import org.sextant.ctf.model.TraceWarning;

/**
 * Trace Compass's checkpoint index of a CTF trace, made by Sextant's codec instead of by reading every event
 * through Trace Compass's reader: the same checkpoints (every {@code interval} events, each the time of its event
 * and the number of events of that time before it, as Trace Compass's CTF locations are), the same count of events
 * and the same time range, in seconds where the reader takes tens of seconds to minutes (3 to 4 s against 15 s on
 * 10 million events, one thread: docs/performance.md). The index is kept where Trace Compass keeps its own, and
 * a trace indexed before reopens from it.
 *
 * <p>
 * The codec's index is only made where it must agree with the reader: a trace the codec read without a departure
 * from CTF (a tolerated one could be read otherwise by Trace Compass), whose first event and last checkpoint
 * Trace Compass's reader finds where the codec put them. Otherwise (or when the codec refuses the trace) Trace
 * Compass's reader indexes it as it always did, and the reason goes to the error log.
 * </p>
 */
public final class PacketIndexer extends TmfBTreeTraceIndexer {

    /** Events walked between two checks of cancellation and progress reports. */
    private static final long REPORT_EVERY = 1 << 20;

    private final CtfTmfTrace fCtfTrace;
    private final int fInterval;
    private @Nullable Job fJob;
    private boolean fTried;
    private volatile boolean fBuilding;
    private volatile @Nullable String fDeclined;
    private boolean fDisposed;

    /**
     * @param trace
     *            the trace
     * @param interval
     *            events between checkpoints
     */
    public PacketIndexer(CtfTmfTrace trace, int interval) {
        super(trace, interval);
        fCtfTrace = trace;
        fInterval = interval;
    }

    @Override
    public void buildIndex(long offset, TmfTimeRange range, boolean waitForCompletion) {
        Job job;
        synchronized (this) {
            job = fJob;
            if (job == null && !fTried && !getTraceIndex().isCreatedFromScratch()) {
                fTried = true;
                fDeclined = Messages.Index_Restored;
            } else if (job == null && !fTried) {
                fTried = true;
                fBuilding = true;
                job = Job.create(NLS.bind(Messages.Index_Job, fTrace.getName()), (IJobFunction) this::index);
                fJob = job;
                job.schedule();
            }
        }
        if (job == null) {
            super.buildIndex(offset, range, waitForCompletion);
            return;
        }
        if (waitForCompletion) {
            try {
                job.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /**
     * @return why the codec did not make this index (Trace Compass's reader made it, or it was reopened from an
     *         earlier one), or null when it did or has not yet been asked to
     */
    public @Nullable String declined() {
        return fDeclined;
    }

    @Override
    public boolean isIndexing() {
        return fBuilding || super.isIndexing();
    }

    /**
     * Stops an index in progress. Not waiting for it: Trace Compass disposes a trace's indexer holding the trace,
     * which the index reads through; an index that ends later finds the indexer disposed and keeps nothing.
     */
    @Override
    public void dispose() {
        Job job = fJob;
        if (job != null) {
            job.cancel();
        }
        synchronized (this) {
            fDisposed = true;
            super.dispose();
        }
    }

    private IStatus index(IProgressMonitor monitor) {
        try {
            String declined;
            try {
                declined = indexWithCodec(monitor);
            } catch (TraceFormatException | IOException e) {
                declined = e.getMessage();
            } catch (RuntimeException e) {
                declined = e.toString(); // a fault of the codec's: the user still gets Trace Compass's index, the log the fault
            }
            if (monitor.isCanceled()) {
                return Status.CANCEL_STATUS;
            }
            fDeclined = declined;
            if (declined != null) {
                Platform.getLog(PacketIndexer.class).info(NLS.bind(Messages.Index_ByTraceCompass, fTrace.getPath(), declined));
                indexWithReader(monitor);
            }
            return monitor.isCanceled() ? Status.CANCEL_STATUS : Status.OK_STATUS;
        } finally {
            synchronized (this) {
                fJob = null;
                fBuilding = false;
            }
        }
    }

    /** Makes the index from the codec's reading; returns why not (null when made). */
    private @Nullable String indexWithCodec(IProgressMonitor monitor) throws TraceFormatException, IOException {
        CtfTrace trace = CtfTrace.open(Path.of(fTrace.getPath()));
        String departure = departure(trace);
        if (departure != null) {
            return departure;
        }
        for (Map.Entry<Path, List<Packet>> stream : trace.packets().entrySet()) {
            if (!trace.timed(stream.getKey()) && countsLosses(trace, stream.getKey(), stream.getValue().size())) {
                return NLS.bind(Messages.Index_UntimedLosses, stream.getKey());
            }
        }
        List<TmfCheckpoint> checkpoints = new ArrayList<>();
        long rank = 0;
        long first = 0;
        long previous = 0;
        long sameTime = 0;
        long end = Long.MIN_VALUE;
        try (ReaderTimes times = new ReaderTimes(trace)) {
            while (times.next()) {
                long nanos = fCtfTrace.timestampCyclesToNanos(times.cycles());
                if (rank == 0) {
                    first = nanos;
                } else {
                    sameTime = nanos == previous ? sameTime + 1 : 0;
                }
                previous = nanos;
                if (rank % fInterval == 0) {
                    checkpoints.add(new TmfCheckpoint(fCtfTrace.createTimestamp(nanos), new CtfLocation(nanos, sameTime), rank / fInterval));
                }
                end = Math.max(end, times.lost() ? nanos + lostDuration(times) : nanos);
                rank++;
                if (rank % REPORT_EVERY == 0) {
                    if (monitor.isCanceled()) {
                        return Messages.Index_Cancelled;
                    }
                    monitor.subTask(NLS.bind(Messages.Index_Progress, String.format("%,d", rank))); //$NON-NLS-1$
                }
            }
        }
        departure = departure(trace);
        if (departure != null) {
            return departure;
        }
        if (rank == 0) {
            return Messages.Index_Empty;
        }
        String disagreement = disagreement(fCtfTrace.createTimestamp(first), checkpoints.get(checkpoints.size() - 1));
        if (disagreement != null) {
            return disagreement;
        }
        TmfTimeRange range = new TmfTimeRange(fCtfTrace.createTimestamp(first), fCtfTrace.createTimestamp(end));
        synchronized (this) {
            if (fDisposed) {
                return Messages.Index_Cancelled;
            }
            ITmfCheckpointIndex index = getTraceIndex();
            for (TmfCheckpoint checkpoint : checkpoints) {
                if (checkpoint.getCheckpointRank() == index.size()) {
                    index.insert(checkpoint);
                }
            }
            index.setTimeRange(range);
            index.setNbEvents(rank);
        }
        fTrace.broadcast(new TmfTraceUpdatedSignal(this, fTrace, range, rank));
        return null;
    }

    /**
     * The first departure from CTF the codec read past, but for an index file it did not read (an early LTTng's):
     * the packets are found from their headers, as Trace Compass finds them.
     */
    private static @Nullable String departure(CtfTrace trace) {
        return trace.warnings().stream().filter(warning -> warning.kind() != TraceWarning.Kind.INDEX_NOT_LTTNG).findFirst()
                .map(TraceWarning::toString).orElse(null);
    }

    private static boolean countsLosses(CtfTrace trace, Path stream, int packets) {
        for (int packet = 0; packet < packets; packet++) {
            if (trace.discardedEvents(stream, packet) != 0) {
                return true;
            }
        }
        return false;
    }

    /**
     * Trace Compass's own index: every event read through its reader, which records each checkpoint, the count
     * and the range as it goes (as Trace Compass's indexer has its request do), the range told every
     * {@code interval} events.
     */
    private void indexWithReader(IProgressMonitor monitor) {
        ITmfContext context = fTrace.seekEvent(0L);
        try {
            long read = 0;
            while (!monitor.isCanceled() && fTrace.getNext(context) != null) {
                read++;
                if (read % fInterval == 0) {
                    monitor.subTask(NLS.bind(Messages.Index_Progress, String.format("%,d", read))); //$NON-NLS-1$
                    fTrace.broadcast(new TmfTraceUpdatedSignal(this, fTrace, fTrace.getTimeRange(), fTrace.getNbEvents()));
                }
            }
        } finally {
            context.dispose();
        }
        if (!monitor.isCanceled() && fTrace.getNbEvents() > 0) {
            synchronized (this) {
                if (fDisposed) {
                    return;
                }
                getTraceIndex().setTimeRange(fTrace.getTimeRange());
                getTraceIndex().setNbEvents(fTrace.getNbEvents());
            }
            fTrace.broadcast(new TmfTraceUpdatedSignal(this, fTrace, fTrace.getTimeRange(), fTrace.getNbEvents()));
        }
    }

    /** A lost-event record's duration as Trace Compass's event factory converts it, in nanoseconds. */
    private long lostDuration(ReaderTimes times) {
        return fCtfTrace.timestampCyclesToNanos(times.lostUntil() - times.cycles() - fCtfTrace.getOffset());
    }

    /**
     * Where Trace Compass's reader does not find what the codec found: its first event at another time, or at
     * the last checkpoint's location an event of another time. Returns null when they agree.
     */
    private @Nullable String disagreement(ITmfTimestamp first, TmfCheckpoint last) {
        if (!first.equals(fTrace.getStartTime())) {
            return NLS.bind(Messages.Index_FirstDiffers, fTrace.getStartTime(), first);
        }
        ITmfContext context = fTrace.seekEvent(last.getLocation());
        try {
            ITmfEvent event = fTrace.getNext(context);
            if (event == null || !event.getTimestamp().equals(last.getTimestamp())) {
                return NLS.bind(Messages.Index_CheckpointDiffers, last.getTimestamp(), event == null ? null : event.getTimestamp());
            }
        } finally {
            context.dispose();
        }
        return null;
    }
}
