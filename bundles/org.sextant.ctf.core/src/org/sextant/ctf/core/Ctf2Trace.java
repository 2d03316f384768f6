// SPDX-License-Identifier: EPL-2.0
package org.sextant.ctf.core;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.tmf.core.event.ITmfEvent;
import org.eclipse.tracecompass.tmf.core.event.ITmfEventField;
import org.eclipse.tracecompass.tmf.core.event.ITmfEventType;
import org.eclipse.tracecompass.tmf.core.event.TmfEventField;
import org.eclipse.tracecompass.tmf.core.event.TmfEventType;
import org.eclipse.tracecompass.tmf.core.event.aspect.ITmfEventAspect;
import org.eclipse.tracecompass.tmf.core.event.aspect.TmfCpuAspect;
import org.eclipse.tracecompass.tmf.core.exceptions.TmfTraceException;
import org.eclipse.tracecompass.tmf.core.timestamp.TmfTimeRange;
import org.eclipse.tracecompass.tmf.core.timestamp.TmfTimestamp;
import org.eclipse.tracecompass.tmf.core.trace.ITmfContext;
import org.eclipse.tracecompass.tmf.core.trace.TmfContext;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTraceWithPreDefinedEvents;
import org.eclipse.tracecompass.tmf.core.trace.TmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TraceValidationStatus;
import org.eclipse.tracecompass.tmf.core.trace.location.ITmfLocation;
import org.sextant.common.core.CountableTrace;
import org.sextant.common.core.FailureReporter;
import org.sextant.ctf.model.CtfMetadata;
import org.sextant.ctf.model.CtfTrace;
import org.sextant.ctf.model.Leaves;
import org.sextant.ctf.model.Packet;
import org.sextant.ctf.model.TraceCursor;
import org.sextant.ctf.model.TraceFormatException;
import org.sextant.internal.ctf.core.Ctf2Context;
import org.sextant.internal.ctf.core.Ctf2Location;
import org.sextant.internal.ctf.core.Messages;

/**
 * A CTF 2 trace in Trace Compass, read by Sextant's codec ({@link CtfTrace}), which Trace Compass 6.2's CTF
 * reader cannot read: a directory whose {@code metadata} is a JSON text sequence. Opening it reads the metadata
 * and finds every stream's packets (checked as for CTF 1.8: magic, sizes, times, the index), so a trace the
 * codec refuses fails to open with its message, naming the file and the offset. Events come in time order from
 * a {@link TraceCursor}; a location is an event's time and rank among the events of that time. Sextant's event
 * count applies ({@link CountableTrace}), and the parallel builds read the trace's directory with the codec.
 * An event the codec cannot decode fails the read that reached it with an unchecked {@link ReadFailure};
 * {@link #getFailure()} then says why.
 */
public class Ctf2Trace extends TmfTrace implements ITmfTraceWithPreDefinedEvents, CountableTrace, FailureReporter {

    /** A read that stopped at an event the codec could not decode; the message names the file and the offset. */
    public static final class ReadFailure extends RuntimeException {
        private static final long serialVersionUID = 1L;

        ReadFailure(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /** The trace type's id. */
    public static final String TRACE_TYPE = "org.sextant.ctf.core.ctf2"; //$NON-NLS-1$

    /** The prefix of a context field's name in an event's content, as Trace Compass names an LTTng trace's. */
    public static final String CONTEXT = "context._"; //$NON-NLS-1$

    /** The CPU of the event's packet. */
    public static final TmfCpuAspect CPU = new TmfCpuAspect() {
        @Override
        public @Nullable Integer resolve(ITmfEvent event) {
            return event instanceof Ctf2TmfEvent ctf2 && ctf2.getCpu() >= 0 ? ctf2.getCpu() : null;
        }
    };

    private static final String PLUGIN_ID = "org.sextant.ctf.core"; //$NON-NLS-1$
    /** A record separator opening the metadata (or a packetized metadata's content) leaves no doubt. */
    private static final int CONFIDENCE = 100;
    private static final byte RECORD_SEPARATOR = 0x1E;
    private static final int METADATA_PACKET_MAGIC = 0x75D11D57;
    private static final int METADATA_PACKET_HEADER_BYTES = 37;

    private final Map<CtfMetadata.EventClass, ITmfEventType> fTypes = new ConcurrentHashMap<>();
    private @Nullable CtfTrace fTrace;
    private volatile @Nullable String fFailure;

    @Override
    public IStatus validate(@Nullable IProject project, @Nullable String path) {
        if (path == null || !Files.isRegularFile(Path.of(path, "metadata"))) { //$NON-NLS-1$
            return new Status(IStatus.ERROR, PLUGIN_ID, path + ": " + Messages.Trace_NotADirectory); //$NON-NLS-1$
        }
        try {
            if (!isCtf2(Path.of(path, "metadata"))) { //$NON-NLS-1$
                return new Status(IStatus.ERROR, PLUGIN_ID, path + ": " + Messages.Trace_NotCtf2); //$NON-NLS-1$
            }
        } catch (IOException e) {
            return new Status(IStatus.ERROR, PLUGIN_ID, path + ": " + Messages.Trace_Unreadable + ": " + e.getMessage()); //$NON-NLS-1$ //$NON-NLS-2$
        }
        return new TraceValidationStatus(CONFIDENCE, PLUGIN_ID);
    }

    /** Whether the metadata opens with a record separator, plain or in the first metadata packet. */
    private static boolean isCtf2(Path metadata) throws IOException {
        byte[] head = new byte[METADATA_PACKET_HEADER_BYTES + 1];
        int read;
        try (InputStream in = Files.newInputStream(metadata)) {
            read = in.readNBytes(head, 0, head.length);
        }
        if (read > 0 && head[0] == RECORD_SEPARATOR) {
            return true;
        }
        if (read < head.length) {
            return false;
        }
        int magic = ByteBuffer.wrap(head).order(ByteOrder.LITTLE_ENDIAN).getInt(0);
        return (magic == METADATA_PACKET_MAGIC || Integer.reverseBytes(magic) == METADATA_PACKET_MAGIC)
                && head[METADATA_PACKET_HEADER_BYTES] == RECORD_SEPARATOR;
    }

    @Override
    public void initTrace(@Nullable IResource resource, @Nullable String path, @Nullable Class<? extends ITmfEvent> type) throws TmfTraceException {
        super.initTrace(resource, path, type);
        if (path == null) {
            throw new TmfTraceException(Messages.Trace_NotADirectory);
        }
        CtfTrace trace;
        try {
            trace = CtfTrace.open(Path.of(path));
        } catch (IOException e) {
            throw new TmfTraceException(path + ": " + Messages.Trace_Unreadable + ": " + e.getMessage(), e); //$NON-NLS-1$ //$NON-NLS-2$
        } catch (TraceFormatException e) {
            throw new TmfTraceException(e.getMessage(), e);
        }
        if (!trace.metadata().ctf2()) {
            throw new TmfTraceException(path + ": " + Messages.Trace_NotCtf2); //$NON-NLS-1$
        }
        fTrace = trace;
        long begin = Long.MAX_VALUE;
        long end = Long.MIN_VALUE;
        for (List<Packet> packets : trace.packets().values()) {
            if (!packets.isEmpty()) {
                begin = Math.min(begin, trace.metadata().toNanos(packets.get(0).timestampBegin()));
                end = Math.max(end, trace.metadata().toNanos(packets.get(packets.size() - 1).timestampEnd()));
            }
        }
        if (begin <= end) {
            setTimeRange(new TmfTimeRange(TmfTimestamp.fromNanos(begin), TmfTimestamp.fromNanos(end)));
        }
    }

    /** @return the codec's trace, once initialised */
    public CtfTrace getCtfTrace() {
        CtfTrace trace = fTrace;
        if (trace == null) {
            throw new IllegalStateException("the trace is not initialised"); //$NON-NLS-1$
        }
        return trace;
    }

    /** @return the trace class's environment: which tracer, of which version, wrote the trace */
    public Map<String, String> getEnvironment() {
        return getCtfTrace().metadata().env();
    }

    /** @return why a read stopped before the end of the trace (naming the file and offset), or null */
    @Override
    public @Nullable String getFailure() {
        return fFailure;
    }

    /** @return the event record classes of every data stream class of the metadata, as event types */
    @Override
    public Set<? extends ITmfEventType> getContainedEventTypes() {
        CtfMetadata metadata = getCtfTrace().metadata();
        Set<ITmfEventType> types = new HashSet<>();
        for (Long stream : metadata.streams().keySet()) {
            for (CtfMetadata.EventClass eventClass : metadata.events(stream).values()) {
                types.add(type(eventClass));
            }
        }
        return types;
    }

    private ITmfEventType type(CtfMetadata.EventClass eventClass) {
        return fTypes.computeIfAbsent(eventClass, e -> new TmfEventType(e.name(), null));
    }

    @Override
    public Iterable<ITmfEventAspect<?>> getEventAspects() {
        List<ITmfEventAspect<?>> aspects = new ArrayList<>(BASE_ASPECTS);
        aspects.add(CPU);
        return aspects;
    }

    @Override
    public synchronized ITmfContext seekEvent(@Nullable ITmfLocation location) {
        Ctf2Location.Position position = location instanceof Ctf2Location ctf2 ? ctf2.getLocationInfo() : Ctf2Location.Position.START;
        return context(position, location == null ? 0 : ITmfContext.UNKNOWN_RANK);
    }

    @Override
    public synchronized ITmfContext seekEvent(double ratio) {
        TmfTimeRange range = getTimeRange();
        long start = range.getStartTime().toNanos();
        long time = start + Math.round(ratio * (range.getEndTime().toNanos() - start));
        return context(ratio <= 0 ? Ctf2Location.Position.START : new Ctf2Location.Position(time, 0), ratio <= 0 ? 0 : ITmfContext.UNKNOWN_RANK);
    }

    private ITmfContext context(Ctf2Location.Position position, long rank) {
        CtfTrace trace = fTrace;
        if (trace == null || position.equals(Ctf2Location.Position.END)) {
            return new TmfContext(new Ctf2Location(Ctf2Location.Position.END), rank);
        }
        try {
            return new Ctf2Context(nanos -> new TraceCursor(trace, nanos), position, rank, this::event);
        } catch (IOException | TraceFormatException e) {
            throw failure(e);
        }
    }

    @Override
    public double getLocationRatio(@Nullable ITmfLocation location) {
        TmfTimeRange range = getTimeRange();
        long start = range.getStartTime().toNanos();
        long end = range.getEndTime().toNanos();
        if (!(location instanceof Ctf2Location ctf2) || end <= start) {
            return 0;
        }
        Ctf2Location.Position position = ctf2.getLocationInfo();
        return position.equals(Ctf2Location.Position.END) ? 1 : Math.max(0, Math.min(1, (position.nanos() - start) / (double) (end - start)));
    }

    @Override
    public @Nullable ITmfLocation getCurrentLocation() {
        // every context carries its own location; the trace has no current one
        return null;
    }

    @Override
    public synchronized @Nullable ITmfEvent parseEvent(@Nullable ITmfContext context) {
        return context instanceof Ctf2Context ctf2 ? ctf2.peek() : null;
    }

    @Override
    public synchronized @Nullable ITmfEvent getNext(@Nullable ITmfContext context) {
        ITmfEvent event = parseEvent(context);
        if (event != null && context instanceof Ctf2Context ctf2) {
            updateAttributes(ctf2, event);
            ctf2.advance(this::failure);
        }
        return event;
    }

    private ReadFailure failure(Exception e) {
        String message = e instanceof IOException ? getPath() + ": " + Messages.Trace_Unreadable + ": " + e.getMessage() : e.getMessage(); //$NON-NLS-1$ //$NON-NLS-2$
        fFailure = message;
        return new ReadFailure(String.valueOf(message), e);
    }

    /** The cursor's current event as a Trace Compass event: its fields copied, since the codec reuses them. */
    private ITmfEvent event(TraceCursor cursor, long rank) {
        CtfMetadata.EventClass eventClass = cursor.event();
        ITmfEventType type = type(eventClass);
        // by name: a name met twice (nested structures, a variant's options) is one field, its last value
        Map<String, ITmfEventField> fields = new LinkedHashMap<>();
        CtfMetadata.StreamClass stream = getCtfTrace().metadata().streams().get(eventClass.streamId());
        Leaves.walk(eventClass.fields(), cursor.fields(), collector("", fields)); //$NON-NLS-1$
        if (stream != null) {
            Leaves.walk(stream.eventContext(), cursor.fields(), collector(CONTEXT, fields));
        }
        Leaves.walk(eventClass.context(), cursor.fields(), collector(CONTEXT, fields));
        ITmfEventField content = new TmfEventField(ITmfEventField.ROOT_FIELD_ID, null, fields.values().toArray(ITmfEventField[]::new));
        return new Ctf2TmfEvent(this, rank, cursor.nanos(), type, content, cursor.cpu());
    }

    private static Leaves.Visitor collector(String prefix, Map<String, ITmfEventField> fields) {
        return new Leaves.Visitor() {
            @Override
            public void integer(String name, long value, boolean unsigned) {
                fields.put(prefix + name, new TmfEventField(prefix + name, value, null));
            }

            @Override
            public void string(String name, String value) {
                fields.put(prefix + name, new TmfEventField(prefix + name, value, null));
            }

            @Override
            public void integers(String name, long[] values, boolean unsigned) {
                fields.put(prefix + name, new TmfEventField(prefix + name, values, null));
            }
        };
    }
}
