// SPDX-License-Identifier: EPL-2.0
package org.sextant.otf2.core;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.tmf.core.event.ITmfEvent;
import org.eclipse.tracecompass.tmf.core.event.aspect.ITmfEventAspect;
import org.eclipse.tracecompass.tmf.core.exceptions.TmfTraceException;
import org.eclipse.tracecompass.tmf.core.timestamp.TmfTimeRange;
import org.eclipse.tracecompass.tmf.core.timestamp.TmfTimestamp;
import org.eclipse.tracecompass.tmf.core.trace.ITmfContext;
import org.eclipse.tracecompass.tmf.core.trace.TmfContext;
import org.eclipse.tracecompass.tmf.core.trace.TmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TraceValidationStatus;
import org.eclipse.tracecompass.tmf.core.trace.location.ITmfLocation;
import org.eclipse.tracecompass.tmf.core.trace.location.TmfLongLocation;
import org.sextant.common.core.CountableTrace;
import org.sextant.internal.otf2.core.Messages;
import org.sextant.internal.otf2.core.Otf2Aspects;
import org.sextant.otf2.model.Otf2Archive;
import org.sextant.otf2.model.Otf2Definitions;
import org.sextant.otf2.model.Otf2Event;
import org.sextant.otf2.model.Otf2FormatException;
import org.sextant.otf2.model.Otf2MergedEvents;

/**
 * An OTF2 archive as one trace, opened by its anchor file ({@code NAME.otf2}) or the directory holding it: the
 * events of every location merged in time by the native reader ({@link Otf2Archive}), each an
 * {@link Otf2TmfEvent} carrying the decoded record. Timestamps are nanoseconds: the archive's ticks scaled by its
 * clock's resolution. A location of the trace is an event's rank; every context holds its own cursor over the
 * event files (mapped, so shared), so that concurrent requests do not rewind each other.
 *
 * <p>
 * {@link #validate} reads every event once, so a truncated or corrupt event file, a missing definitions file or an
 * archive of a newer OTF2 is refused, with the reader's message naming the file and offset, when the trace is
 * opened rather than part way through an analysis.
 * </p>
 * <p>
 * A {@link CountableTrace}: Sextant's event count applies, by event type (OTF2 has no CPUs).
 * </p>
 */
public class Otf2Trace extends TmfTrace implements CountableTrace {

    /** The trace type's id. */
    public static final String TRACE_TYPE = "org.sextant.otf2.core.trace"; //$NON-NLS-1$

    private static final String PLUGIN_ID = "org.sextant.otf2.core"; //$NON-NLS-1$
    private static final int CONFIDENCE = 100;

    private @Nullable Otf2Archive fArchive;
    private long fEvents;
    /** The location after the event read last, by whichever context */
    private TmfLongLocation fLast = new TmfLongLocation(0L);

    /** A context reading on from its rank with a cursor of its own. */
    private static final class Otf2Context extends TmfContext {
        private @Nullable Otf2MergedEvents fCursor;

        Otf2Context(long rank) {
            super(new TmfLongLocation(rank), rank);
        }
    }

    @Override
    public IStatus validate(@Nullable IProject project, @Nullable String path) {
        if (path == null) {
            return new Status(IStatus.ERROR, PLUGIN_ID, Messages.Trace_NoPath);
        }
        try {
            Otf2Archive archive = Otf2Archive.open(Path.of(path));
            archive.readEvents(event -> {
                // reading is the check
            });
        } catch (Otf2FormatException e) {
            return new Status(IStatus.ERROR, PLUGIN_ID, e.getMessage());
        }
        return new TraceValidationStatus(CONFIDENCE, PLUGIN_ID);
    }

    @Override
    public void initTrace(@Nullable IResource resource, @Nullable String path, @Nullable Class<? extends ITmfEvent> type) throws TmfTraceException {
        super.initTrace(resource, path, type);
        if (path == null) {
            throw new TmfTraceException(Messages.Trace_NoPath);
        }
        try {
            Otf2Archive archive = Otf2Archive.open(Path.of(path));
            fEvents = archive.definitions().locations().values().stream().mapToLong(Otf2Definitions.Location::numberOfEvents).sum();
            fArchive = archive;
        } catch (Otf2FormatException e) {
            throw new TmfTraceException(e.getMessage(), e);
        }
        // known from the clock properties before the indexer has read a single event: the call-stack analysis
        // starts its state system at the trace's start and may run before the indexer is done
        Otf2Definitions.ClockProperties clock = definitions().clock();
        setTimeRange(new TmfTimeRange(TmfTimestamp.fromNanos(nanos(clock.globalOffset())),
                TmfTimestamp.fromNanos(nanos(clock.globalOffset() + clock.traceLength()))));
    }

    /** @return the archive's global definitions; the trace must be initialised */
    public Otf2Definitions definitions() {
        Otf2Archive archive = fArchive;
        if (archive == null) {
            throw new IllegalStateException("the trace is not initialised"); //$NON-NLS-1$
        }
        return archive.definitions();
    }

    /**
     * @param ticks
     *            a time in the archive's clock ticks
     * @return it in nanoseconds
     */
    public long nanos(long ticks) {
        long perSecond = definitions().clock().ticksPerSecond();
        if (perSecond == 1_000_000_000L) {
            return ticks;
        }
        // split so that large tick counts do not overflow when scaled
        return ticks / perSecond * 1_000_000_000L + ticks % perSecond * 1_000_000_000L / perSecond;
    }

    @Override
    public Iterable<ITmfEventAspect<?>> getEventAspects() {
        List<ITmfEventAspect<?>> aspects = new ArrayList<>();
        super.getEventAspects().forEach(aspects::add);
        aspects.addAll(Otf2Aspects.ALL);
        return aspects;
    }

    @Override
    public synchronized ITmfLocation getCurrentLocation() {
        return fLast;
    }

    @Override
    public double getLocationRatio(@Nullable ITmfLocation location) {
        return location == null || fEvents == 0 ? 0 : Math.min(1.0, (Long) location.getLocationInfo() / (double) fEvents);
    }

    @Override
    public ITmfContext seekEvent(@Nullable ITmfLocation location) {
        return new Otf2Context(location == null ? 0 : (Long) location.getLocationInfo());
    }

    @Override
    public ITmfContext seekEvent(double ratio) {
        return new Otf2Context(Math.round(ratio * fEvents));
    }

    @Override
    public synchronized @Nullable ITmfEvent getNext(@Nullable ITmfContext context) {
        if (!(context instanceof Otf2Context otf2)) {
            return null;
        }
        ITmfEvent event = parseEvent(otf2);
        if (event != null) {
            updateAttributes(otf2, event);
            fLast = new TmfLongLocation(event.getRank() + 1);
            otf2.setLocation(fLast);
            otf2.increaseRank();
        }
        return event;
    }

    @Override
    public @Nullable ITmfEvent parseEvent(@Nullable ITmfContext context) {
        Otf2Archive archive = fArchive;
        if (archive == null || !(context instanceof Otf2Context otf2)) {
            return null;
        }
        long rank = (Long) otf2.getLocation().getLocationInfo();
        try {
            Otf2MergedEvents cursor = otf2.fCursor;
            if (cursor == null || cursor.rank() > rank) {
                cursor = archive.mergedEvents();
                otf2.fCursor = cursor;
            }
            while (cursor.rank() < rank && cursor.next() != null) {
                // skipping to the context's rank
            }
            Otf2Event event = cursor.rank() == rank ? cursor.next() : null;
            return event == null ? null : new Otf2TmfEvent(this, rank, TmfTimestamp.fromNanos(nanos(event.time())), event);
        } catch (Otf2FormatException e) {
            // validate() read every event, so only a file changed since can get here: end the trace, loudly
            throw new IllegalStateException(e.getMessage(), e);
        }
    }
}
