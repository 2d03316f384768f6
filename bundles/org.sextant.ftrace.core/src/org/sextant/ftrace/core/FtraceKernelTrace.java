// SPDX-License-Identifier: EPL-2.0
package org.sextant.ftrace.core;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.analysis.os.linux.core.trace.IKernelAnalysisEventLayout;
import org.eclipse.tracecompass.analysis.os.linux.core.trace.IKernelTrace;
import org.eclipse.tracecompass.tmf.core.event.ITmfEvent;
import org.eclipse.tracecompass.tmf.core.event.ITmfEventType;
import org.eclipse.tracecompass.tmf.core.event.TmfEventField;
import org.eclipse.tracecompass.tmf.core.event.TmfEventType;
import org.eclipse.tracecompass.tmf.core.event.aspect.ITmfEventAspect;
import org.eclipse.tracecompass.tmf.core.exceptions.TmfTraceException;
import org.eclipse.tracecompass.tmf.core.timestamp.TmfTimeRange;
import org.eclipse.tracecompass.tmf.core.timestamp.TmfTimestamp;
import org.eclipse.tracecompass.tmf.core.trace.ITmfContext;
import org.eclipse.tracecompass.tmf.core.trace.TmfContext;
import org.eclipse.tracecompass.tmf.core.trace.TmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TraceValidationStatus;
import org.eclipse.tracecompass.tmf.core.trace.location.ITmfLocation;
import org.sextant.common.core.FailureReporter;
import org.sextant.ftrace.model.Cursor;
import org.sextant.ftrace.model.FtraceEvent;
import org.sextant.ftrace.model.FtraceFormatException;
import org.sextant.ftrace.model.FtraceTrace;
import org.sextant.ftrace.model.Position;
import org.sextant.internal.ftrace.core.FtraceAspects;
import org.sextant.internal.ftrace.core.FtraceContext;
import org.sextant.internal.ftrace.core.FtraceLocation;
import org.sextant.internal.ftrace.core.Messages;

/**
 * An ftrace trace in Trace Compass, read by Sextant's reader ({@link FtraceTrace}): a kernel trace, so that Trace
 * Compass's kernel analyses and views (Resources, Control Flow, CPU usage) and Sextant's read it through
 * {@link FtraceEventLayout}. Its events are {@link FtraceTmfEvent}s and, where the kernel lost events,
 * {@link FtraceLostEvent}s. A location is the reader's {@link Position} (time, rank among events of that time).
 * <p>
 * Opening the trace reads its description (a {@code .dat}'s headers and page index, a text's every line), so a
 * file the reader refuses fails to open with the reader's message, naming the file and the offset or line. An
 * event the reader cannot decode later fails the read that reached it (an unchecked {@link ReadFailure}, which
 * fails Trace Compass's event request rather than end it as if the trace ended there); {@link #getFailure()} then
 * says why, for the analyses that report it.
 */
public abstract class FtraceKernelTrace extends TmfTrace implements IKernelTrace, FailureReporter {

    /** A read that stopped at an event the reader could not decode; the message names the file and the offset or line. */
    public static final class ReadFailure extends RuntimeException {
        private static final long serialVersionUID = 1L;

        ReadFailure(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /** The bundle's id, for statuses. */
    protected static final String PLUGIN_ID = "org.sextant.ftrace.core"; //$NON-NLS-1$

    private final Map<String, ITmfEventType> fTypes = new ConcurrentHashMap<>();
    private final ITmfEventType fLostType = new TmfEventType(Messages.Lost_Events, TmfEventField.makeRoot(new String[] { FtraceLostEvent.COUNT }));
    private @Nullable FtraceTrace fReader;
    private volatile @Nullable String fFailure;

    /**
     * @param kind
     *            what the reader says a file is
     * @return whether this trace type reads that kind
     */
    protected abstract boolean reads(FtraceTrace.Kind kind);

    /** @return how confident the trace type is when it reads a file's kind, above the generic text types */
    protected abstract int confidence();

    /** @return why the trace type refuses a file of another kind */
    protected abstract String refusal();

    @Override
    public IStatus validate(@Nullable IProject project, @Nullable String path) {
        if (path == null || !Files.isRegularFile(Path.of(path))) {
            return new Status(IStatus.ERROR, PLUGIN_ID, path + ": " + Messages.Trace_NotAFile); //$NON-NLS-1$
        }
        try {
            FtraceTrace.Kind kind = FtraceTrace.probe(Path.of(path));
            if (kind == null || !reads(kind)) {
                return new Status(IStatus.ERROR, PLUGIN_ID, path + ": " + refusal()); //$NON-NLS-1$
            }
        } catch (IOException e) {
            return new Status(IStatus.ERROR, PLUGIN_ID, path + ": " + Messages.Trace_Unreadable + ": " + e.getMessage()); //$NON-NLS-1$ //$NON-NLS-2$
        }
        return new TraceValidationStatus(confidence(), PLUGIN_ID);
    }

    @Override
    public void initTrace(@Nullable IResource resource, @Nullable String path, @Nullable Class<? extends ITmfEvent> type) throws TmfTraceException {
        super.initTrace(resource, path, type);
        if (path == null) {
            throw new TmfTraceException(Messages.Trace_NotAFile);
        }
        FtraceTrace reader;
        try {
            reader = FtraceTrace.open(Path.of(path));
        } catch (IOException e) {
            throw new TmfTraceException(path + ": " + Messages.Trace_Unreadable + ": " + e.getMessage(), e); //$NON-NLS-1$ //$NON-NLS-2$
        } catch (FtraceFormatException e) {
            throw new TmfTraceException(e.getMessage(), e);
        }
        if (!reads(reader.kind())) {
            closeQuietly(reader);
            throw new TmfTraceException(path + ": " + refusal()); //$NON-NLS-1$
        }
        fReader = reader;
        if (!reader.isEmpty()) {
            setTimeRange(new TmfTimeRange(TmfTimestamp.fromNanos(reader.startTime()), TmfTimestamp.fromNanos(reader.endTime())));
        }
    }

    private static void closeQuietly(FtraceTrace reader) {
        try {
            reader.close();
        } catch (IOException e) {
            // it was only read
        }
    }

    /** @return the reader of the trace's file, once initialised */
    public FtraceTrace getReader() {
        FtraceTrace reader = fReader;
        if (reader == null) {
            throw new IllegalStateException("the trace is not initialised"); //$NON-NLS-1$
        }
        return reader;
    }

    /** @return why a read stopped before the end of the trace (naming the file and offset or line), or null */
    @Override
    public @Nullable String getFailure() {
        return fFailure;
    }

    @Override
    public IKernelAnalysisEventLayout getKernelEventLayout() {
        return FtraceEventLayout.get();
    }

    @Override
    public Iterable<ITmfEventAspect<?>> getEventAspects() {
        List<ITmfEventAspect<?>> aspects = new ArrayList<>(BASE_ASPECTS);
        aspects.add(FtraceAspects.CPU);
        aspects.add(FtraceAspects.TID);
        return aspects;
    }

    @Override
    public synchronized ITmfContext seekEvent(@Nullable ITmfLocation location) {
        Position position = location instanceof FtraceLocation ftrace ? ftrace.getLocationInfo() : Position.START;
        return context(position, location == null ? 0 : ITmfContext.UNKNOWN_RANK);
    }

    @Override
    public synchronized ITmfContext seekEvent(double ratio) {
        FtraceTrace reader = getReader();
        long time = reader.startTime() + Math.round(ratio * (reader.endTime() - reader.startTime()));
        return context(new Position(time, 0), ratio <= 0 ? 0 : ITmfContext.UNKNOWN_RANK);
    }

    private ITmfContext context(Position position, long rank) {
        FtraceTrace reader = fReader;
        if (reader == null) {
            return new TmfContext(new FtraceLocation(Position.END), rank);
        }
        try {
            Cursor cursor = reader.cursor(position);
            return new FtraceContext(cursor, rank);
        } catch (IOException | FtraceFormatException e) {
            throw failure(e);
        }
    }

    @Override
    public double getLocationRatio(@Nullable ITmfLocation location) {
        FtraceTrace reader = fReader;
        if (!(location instanceof FtraceLocation ftrace) || reader == null || reader.endTime() <= reader.startTime()) {
            return 0;
        }
        Position position = ftrace.getLocationInfo();
        if (position.equals(Position.END)) {
            return 1;
        }
        return Math.max(0, Math.min(1, (position.timestamp() - reader.startTime()) / (double) (reader.endTime() - reader.startTime())));
    }

    @Override
    public @Nullable ITmfLocation getCurrentLocation() {
        // every context carries its own location; the trace has no current one
        return null;
    }

    @Override
    public synchronized @Nullable ITmfEvent parseEvent(@Nullable ITmfContext context) {
        if (!(context instanceof FtraceContext ftrace)) {
            return null;
        }
        try {
            FtraceEvent event = ftrace.peek();
            return event == null ? null : event(event, context.getRank());
        } catch (IOException | FtraceFormatException e) {
            throw failure(e);
        }
    }

    @Override
    public synchronized @Nullable ITmfEvent getNext(@Nullable ITmfContext context) {
        ITmfEvent event = parseEvent(context);
        if (event != null && context instanceof FtraceContext ftrace) {
            updateAttributes(ftrace, event);
            ftrace.advance();
        }
        return event;
    }

    private ReadFailure failure(Exception e) {
        String message = e instanceof IOException ? getPath() + ": " + Messages.Trace_Unreadable + ": " + e.getMessage() : e.getMessage(); //$NON-NLS-1$ //$NON-NLS-2$
        fFailure = message;
        return new ReadFailure(String.valueOf(message), e);
    }

    private ITmfEvent event(FtraceEvent event, long rank) {
        if (event.isLost()) {
            return new FtraceLostEvent(this, rank, fLostType, event);
        }
        ITmfEventType type = fTypes.computeIfAbsent(event.name(), name -> {
            String[] fields = new String[event.fieldCount() + 1];
            for (int i = 0; i < event.fieldCount(); i++) {
                fields[i] = event.fieldName(i);
            }
            fields[fields.length - 1] = FtraceTmfEvent.COMMON_PID;
            return new TmfEventType(name, TmfEventField.makeRoot(fields));
        });
        return new FtraceTmfEvent(this, rank, type, event);
    }

    @Override
    public synchronized void dispose() {
        FtraceTrace reader = fReader;
        if (reader != null) {
            closeQuietly(reader);
            fReader = null;
        }
        super.dispose();
    }
}
