// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.ctf.core;

import java.io.IOException;
import java.util.List;

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
import org.eclipse.tracecompass.tmf.core.timestamp.TmfTimeRange;
import org.eclipse.tracecompass.tmf.core.timestamp.TmfTimestamp;
import org.eclipse.tracecompass.tmf.core.trace.ITmfContext;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.indexer.TmfBTreeTraceIndexer;
import org.eclipse.tracecompass.tmf.core.trace.indexer.checkpoint.ITmfCheckpointIndex;
import org.eclipse.tracecompass.tmf.core.trace.indexer.checkpoint.TmfCheckpoint;
import org.eclipse.tracecompass.tmf.core.trace.location.ITmfLocation;
import org.sextant.ctf.model.TraceFormatException;

/**
 * Trace Compass's checkpoint index, made from Sextant's codec instead of by reading every event through Trace
 * Compass's reader: the same checkpoints (every {@code interval} events, each the time of its event and the
 * location Trace Compass's reader finds it at), the same count of events and the same time range, in seconds
 * where the reader takes tens of seconds to minutes (docs/performance.md). The index is kept where Trace Compass
 * keeps its own, and a trace indexed before reopens from it. One job makes it; where the codec declines (the
 * reason goes to the error log), the job reads every event through Trace Compass's reader instead, as Trace
 * Compass's indexer does.
 */
abstract class CodecIndexer extends TmfBTreeTraceIndexer {

    /** Why the codec does not make an index: its reading could differ from Trace Compass's. */
    static final class Declined extends Exception {
        private static final long serialVersionUID = 1L;

        /**
         * @param reason
         *            why, for the error log
         */
        Declined(String reason) {
            super(reason);
        }
    }

    /** Events walked between two checks of cancellation and progress reports. */
    private static final long REPORT_EVERY = 1 << 20;

    private final int fInterval;
    private @Nullable Job fJob;
    private boolean fTried;
    private volatile boolean fBuilding;
    private volatile @Nullable String fDeclined;
    private boolean fDisposed;

    /**
     * @param trace
     *            the trace or experiment
     * @param interval
     *            events between checkpoints
     */
    CodecIndexer(ITmfTrace trace, int interval) {
        super(trace, interval);
        fInterval = interval;
    }

    /**
     * Walks the codec's events and keeps the index ({@link #keep}).
     *
     * @param monitor
     *            the job's, told {@link #walked} every so many events
     * @throws Declined
     *             when the codec's reading could differ from Trace Compass's, or the job was cancelled
     * @throws TraceFormatException
     *             when the codec refuses a trace
     * @throws IOException
     *             when a file cannot be read
     */
    protected abstract void indexWithCodec(IProgressMonitor monitor) throws Declined, TraceFormatException, IOException;

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
        Job job;
        synchronized (this) {
            job = fJob;
            fDisposed = true;
            fBuilding = false; // a job cancelled before it ran never says so
            super.dispose();
        }
        if (job != null) {
            job.cancel();
        }
    }

    /** @return events between checkpoints */
    protected int interval() {
        return fInterval;
    }

    /**
     * Counts an event walked: every so many, reports progress and checks for cancellation.
     *
     * @param walked
     *            events walked so far
     * @param monitor
     *            the job's
     * @throws Declined
     *             when the job was cancelled
     */
    protected static void walked(long walked, IProgressMonitor monitor) throws Declined {
        if (walked % REPORT_EVERY == 0) {
            if (monitor.isCanceled()) {
                throw new Declined(Messages.Index_Cancelled);
            }
            monitor.subTask(NLS.bind(Messages.Index_Progress, String.format("%,d", walked))); //$NON-NLS-1$
        }
    }

    /**
     * Checks that Trace Compass's reader begins a trace where the codec does.
     *
     * @param trace
     *            the trace (an experiment's member)
     * @param first
     *            its first event's time by the codec, as Trace Compass's event carries it
     * @throws Declined
     *             when the reader begins elsewhere
     */
    protected static void checkFirst(ITmfTrace trace, long first) throws Declined {
        ITmfContext context = trace.seekEvent((ITmfLocation) null);
        try {
            ITmfEvent event = trace.getNext(context);
            if (event == null || event.getTimestamp().toNanos() != first) {
                throw new Declined(NLS.bind(Messages.Index_FirstDiffers, new Object[] { trace.getName(), event == null ? null : event.getTimestamp(),
                        TmfTimestamp.fromNanos(first) }));
            }
        } finally {
            context.dispose();
        }
    }

    /**
     * Checks that Trace Compass's reader finds, at the last checkpoint's location, an event of that checkpoint's
     * time.
     *
     * @param last
     *            the last checkpoint
     * @throws Declined
     *             when it does not
     */
    protected void checkLast(TmfCheckpoint last) throws Declined {
        ITmfContext context = fTrace.seekEvent(last.getLocation());
        try {
            ITmfEvent event = fTrace.getNext(context);
            if (event == null || !event.getTimestamp().equals(last.getTimestamp())) {
                throw new Declined(NLS.bind(Messages.Index_CheckpointDiffers, last.getTimestamp(), event == null ? null : event.getTimestamp()));
            }
        } finally {
            context.dispose();
        }
    }

    /**
     * Keeps the index the codec made and tells Trace Compass the trace's range and count.
     *
     * @param checkpoints
     *            every checkpoint, in rank order
     * @param range
     *            the trace's time range
     * @param events
     *            its count of events
     * @throws Declined
     *             when the indexer was disposed meanwhile
     */
    protected void keep(List<TmfCheckpoint> checkpoints, TmfTimeRange range, long events) throws Declined {
        synchronized (this) {
            if (fDisposed) {
                throw new Declined(Messages.Index_Cancelled);
            }
            ITmfCheckpointIndex index = getTraceIndex();
            for (TmfCheckpoint checkpoint : checkpoints) {
                if (checkpoint.getCheckpointRank() == index.size()) {
                    index.insert(checkpoint);
                }
            }
            index.setTimeRange(range);
            index.setNbEvents(events);
        }
        fTrace.broadcast(new TmfTraceUpdatedSignal(this, fTrace, range, events));
    }

    private IStatus index(IProgressMonitor monitor) {
        try {
            String declined = null;
            try {
                indexWithCodec(monitor);
            } catch (Declined | TraceFormatException | IOException e) {
                declined = e.getMessage();
            } catch (RuntimeException e) {
                declined = e.toString(); // a fault of the codec's: the user still gets Trace Compass's index, the log the fault
            }
            if (monitor.isCanceled()) {
                return Status.CANCEL_STATUS;
            }
            fDeclined = declined;
            if (declined != null) {
                Platform.getLog(CodecIndexer.class).info(NLS.bind(Messages.Index_ByTraceCompass, fTrace.getPath(), declined));
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

    /**
     * Trace Compass's own index: every event read through its reader, which records each checkpoint, the count
     * and the range as it goes (as Trace Compass's indexer has its request do), the range told every
     * {@code interval} events.
     */
    private void indexWithReader(IProgressMonitor monitor) {
        synchronized (this) {
            if (fDisposed) {
                return;
            }
        }
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
}
