// SPDX-License-Identifier: EPL-2.0
package org.sextant.ctf.model;

import java.io.IOException;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Decodes the events of consecutive packets of one stream file, on its own (one reader per worker, no shared
 * state). Timestamps are reconstructed to 64 bits from the packet's begin time and the (possibly narrower)
 * event header timestamps, as CTF specifies. Each event's integer fields are available by name while the
 * {@link Handler} runs; strings only when asked for.
 *
 * <p>
 * Each event header and event class is decoded by a {@link DecodingPlan} made once per reader for the fields it
 * keeps: runs of fields of fixed size and place are skipped whole, with only the kept integers read at their
 * known offsets; nothing is allocated per event. The file is mapped in windows of at most {@link #WINDOW_BYTES}
 * (a mapping cannot exceed 2 GiB), each holding whole packets, so a stream of any size reads in one call.
 * </p>
 */
public final class EventReader {

    /** The largest CPU number taken: Linux's NR_CPUS is at most 8192 today; a larger cpu_id is damage. */
    static final int MAX_CPU = 1 << 16;

    /** The most bytes mapped at once: whole packets up to this much; a packet larger than it is mapped up to its content's end. */
    static final long WINDOW_BYTES = 1L << 30;

    /** Event class ids up to this are found in an array; larger ones (none seen in practice) in a map. */
    private static final int MAX_INDEXED_ID = 1 << 16;

    private static final String TIMESTAMP = "timestamp"; //$NON-NLS-1$
    private static final String ID = "id"; //$NON-NLS-1$


    /** Receives decoded events in stream order. */
    public interface Handler {
        /**
         * One event.
         *
         * @param timestamp
         *            its time in clock cycles
         * @param cpu
         *            the CPU of its packet ({@code cpu_id} of the packet context), or -1 when unknown
         * @param event
         *            its class
         * @param fields
         *            its decoded integer fields (payload, contexts and header), valid during this call only
         */
        void event(long timestamp, int cpu, CtfMetadata.EventClass event, Fields fields);
    }

    /**
     * The integer and string fields of the event being handled, by name (the payload wins over contexts). An
     * event keeps a handful of fields, so they are held in small arrays, searched in order, and reused from
     * event to event: no boxing, no garbage per event.
     */
    public static final class Fields {
        private final Names fIntegerNames = new Names(16);
        private long[] fIntegers = new long[16];
        private final Names fStringNames = new Names(4);
        private String[] fStrings = new String[4];

        /**
         * @param name
         *            a field name
         * @param otherwise
         *            the value when the event has no such integer field
         * @return the field's value
         */
        public long integer(String name, long otherwise) {
            int at = fIntegerNames.indexOf(name);
            return at < 0 ? otherwise : fIntegers[at];
        }

        /**
         * @param name
         *            a field name
         * @return whether the event has an integer field of that name
         */
        boolean hasInteger(String name) {
            return name != null && fIntegerNames.indexOf(name) >= 0;
        }

        /**
         * @param name
         *            a field name
         * @return the string field's value, or null when the event has no such string field
         */
        public String string(String name) {
            int at = fStringNames.indexOf(name);
            return at < 0 ? null : fStrings[at];
        }

        private void putInteger(String name, long value) {
            int at = fIntegerNames.slot(name);
            if (at == fIntegers.length) {
                fIntegers = Arrays.copyOf(fIntegers, fIntegerNames.capacity());
            }
            fIntegers[at] = value;
        }

        private void putString(String name, String value) {
            int at = fStringNames.slot(name);
            if (at == fStrings.length) {
                fStrings = Arrays.copyOf(fStrings, fStringNames.capacity());
            }
            fStrings[at] = value;
        }

        private void clear() {
            fIntegerNames.clear();
            fStringNames.clear();
        }

        /** @return every field as {@code name=value}, integers then strings, in decoding order (for messages and comparisons) */
        @Override
        public String toString() {
            StringBuilder text = new StringBuilder();
            for (int i = 0; i < fIntegerNames.fCount; i++) {
                text.append(fIntegerNames.fNames[i]).append('=').append(fIntegers[i]).append(' ');
            }
            for (int i = 0; i < fStringNames.fCount; i++) {
                text.append(fStringNames.fNames[i]).append("=\"").append(fStrings[i]).append("\" ");
            }
            return text.toString().trim();
        }
    }

    /**
     * The names of an event's fields of one kind, each with a slot, in the order they were decoded. A handful
     * are searched in order; an event with many (a long integer array kept element by element) gets an index,
     * so that decoding stays linear in the number of fields.
     */
    private static final class Names {
        private static final int SEARCHED = 32;

        private String[] fNames;
        private int[] fHashes;
        /** Bit {@code hash % 64} of each name held. */
        private long fHeld;
        private int fCount;
        private Map<String, Integer> fIndex;

        Names(int capacity) {
            fNames = new String[capacity];
            fHashes = new int[capacity];
        }

        /**
         * @return the slot of a name, or -1. Each slot keeps its name's hash (which a string caches), and a mask
         *         holds a bit per hash held: a name never held, as nearly every field decoded is, is known
         *         absent without a search, and a search compares characters only with names of the same hash.
         */
        int indexOf(String name) {
            if (fIndex != null) {
                Integer at = fIndex.get(name);
                return at == null ? -1 : at;
            }
            int hash = name.hashCode();
            if ((fHeld & (1L << hash)) == 0) {
                return -1;
            }
            for (int i = 0; i < fCount; i++) {
                if (fHashes[i] == hash && (fNames[i] == name || fNames[i].equals(name))) {
                    return i;
                }
            }
            return -1;
        }

        /** @return the slot of a name, given the next one when new (the capacity doubles when full) */
        int slot(String name) {
            int at = indexOf(name);
            if (at >= 0) {
                return at;
            }
            if (fCount == fNames.length) {
                fNames = Arrays.copyOf(fNames, fCount * 2);
                fHashes = Arrays.copyOf(fHashes, fCount * 2);
            }
            fNames[fCount] = name;
            fHashes[fCount] = name.hashCode();
            fHeld |= 1L << name.hashCode();
            if (fIndex != null) {
                fIndex.put(name, fCount);
            } else if (fCount == SEARCHED) {
                fIndex = new HashMap<>();
                for (int i = fCount; i >= 0; i--) {
                    fIndex.put(fNames[i], i); // the first slot of a name wins, as in the search
                }
            }
            return fCount++;
        }

        int capacity() {
            return fNames.length;
        }

        void clear() {
            fCount = 0;
            fHeld = 0;
            fIndex = null;
        }
    }

    /** The plans of one stream class: its event header's, and each event class's (its contexts and payload). */
    private static final class StreamPlan {
        final DecodingPlan fHeader;
        final EventPlan[] fById;
        final Map<Long, EventPlan> fOthers = new HashMap<>();

        StreamPlan(DecodingPlan header, int ids) {
            fHeader = header;
            fById = new EventPlan[ids];
        }

        EventPlan get(long id) {
            return id >= 0 && id < fById.length ? fById[(int) id] : fOthers.get(id);
        }
    }

    /** An event class and the plan of what follows its header: the stream's event context, its own, its payload. */
    private record EventPlan(CtfMetadata.EventClass event, DecodingPlan body) {
    }

    private final Path fStream;
    private final CtfMetadata fMetadata;
    private final boolean fAllFields;
    /** Fields the decoding itself needs, kept even when the handler wants none. */
    private final Set<String> fKept;
    /**
     * Whether the handler reads {@code id} or {@code timestamp} by name: the decoding itself takes both from
     * {@link #fId} and {@link #fTimestampValue}, so an event header decoded by a run need not look them up.
     */
    private final boolean fHeaderByName;
    private final long fWindowBytes;
    private Charset fStrings = StandardCharsets.UTF_8;
    private final Fields fFields = new Fields();
    private final Map<String, String[]> fElementNames = new HashMap<>();
    private final Map<Long, StreamPlan> fPlans = new HashMap<>();
    private MappedByteBuffer fBuffer;
    /** Offset in the file of the mapped window's first byte: bit positions are from there. */
    private long fBase;
    private long fBit;
    private int fTimestampBits;
    private long fTimestampValue;
    /** The event class id last decoded: the header's (a payload's {@code id} comes after it is used). */
    private long fId;
    /** The time of the event last decoded (its packet's begin before the first), in clock cycles. */
    private long fTime;
    /**
     * The latest time an event of the packet being decoded may have without a look: its written end, or its
     * span's end once an event past the written end was warned of (one comparison per event either way).
     */
    private long fLimit;
    private TraceWarnings fWarnings = new TraceWarnings();

    /**
     * A reader that decodes every field for the handler.
     *
     * @param stream
     *            the stream file
     * @param metadata
     *            its trace's metadata
     */
    public EventReader(Path stream, CtfMetadata metadata) {
        this(stream, metadata, true);
    }

    /**
     * @param stream
     *            the stream file
     * @param metadata
     *            its trace's metadata
     * @param allFields
     *            false when the handler reads no field: only what decoding needs is kept (ids, timestamps, cpu,
     *            variant tags, sequence lengths), which makes decoding several times faster
     */
    public EventReader(Path stream, CtfMetadata metadata, boolean allFields) {
        this(stream, metadata, allFields, Set.of());
    }

    /**
     * A reader that decodes only the named fields for the handler, besides what decoding needs. An integer array
     * named here is decoded element by element, as {@code name[0]}, {@code name[1]}...
     *
     * @param stream
     *            the stream file
     * @param metadata
     *            its trace's metadata
     * @param fields
     *            the names of the fields the handler reads
     */
    public EventReader(Path stream, CtfMetadata metadata, Set<String> fields) {
        this(stream, metadata, false, fields);
    }

    private EventReader(Path stream, CtfMetadata metadata, boolean allFields, Set<String> fields) {
        this(stream, metadata, allFields, fields, WINDOW_BYTES);
    }

    /**
     * A reader with mapping windows of another size (tests: windows of a few packets make a small trace cross
     * many window ends).
     */
    EventReader(Path stream, CtfMetadata metadata, boolean allFields, Set<String> fields, long windowBytes) {
        fStream = stream;
        fMetadata = metadata;
        fAllFields = allFields;
        fKept = new HashSet<>(metadata.structuralFields());
        fKept.addAll(fields);
        fHeaderByName = allFields || fields.contains(ID) || fields.contains(TIMESTAMP);
        fWindowBytes = windowBytes;
    }

    /**
     * Sets how strings are decoded: UTF-8 unless told otherwise. Trace Compass 6.2 reads each byte of a CTF
     * string as one character (ISO-8859-1), which a reader must do to give its very strings, bytes that are no
     * UTF-8 included.
     *
     * @param charset
     *            the strings' character set
     * @return this reader
     */
    public EventReader strings(Charset charset) {
        fStrings = charset;
        return this;
    }

    /** Makes the reader report into its trace's warnings, shared by every reader of the trace. */
    EventReader reportingTo(TraceWarnings warnings) {
        fWarnings = warnings;
        return this;
    }

    /**
     * @return the departures from CTF read past so far ({@link TraceWarning}), this reader's or, for a reader
     *         made by {@link CtfTrace#reader}, its trace's
     */
    public List<TraceWarning> warnings() {
        return fWarnings.list();
    }

    /**
     * The times of the first and last event of each packet, decoding them all: how packets whose context gives
     * no times are timed, and how the spans of a tracer's buggy packets are found. Each packet's clock starts at
     * its span's begin or, with {@code carry}, at the previous packet's last event (CTF's clock of a packet
     * without {@code timestamp_begin}: the stream's, going on), so that every event of the stream is checked
     * after the one before it.
     *
     * @param packets
     *            consecutive packets, each spanning at least its events (provisional spans)
     * @param carry
     *            whether the clock goes on from packet to packet
     * @return per packet {first, last} in clock cycles, or its clock at its start twice when it has no event
     */
    long[][] eventTimes(List<Packet> packets, boolean carry) throws TraceFormatException, IOException {
        long[][] times = new long[packets.size()][];
        if (packets.isEmpty()) {
            return times;
        }
        long end = packets.get(packets.size() - 1).end();
        try (FileChannel channel = FileChannel.open(fStream, StandardOpenOption.READ)) {
            fBuffer = null;
            for (int i = 0; i < packets.size(); i++) {
                Packet packet = packets.get(i);
                map(channel, packet, end);
                PacketStart start = begin(packet);
                fTime = carry && i > 0 ? times[i - 1][1] : packet.timestampBegin();
                long first = fTime;
                boolean any = false;
                while (fBit < start.contentEnd()) {
                    decodeEvent(start, packet, !any);
                    first = any ? first : fTime;
                    any = true;
                }
                times[i] = new long[] { first, fTime };
            }
        } finally {
            fBuffer = null;
        }
        return times;
    }

    /**
     * Decodes the events of {@code count} consecutive packets.
     *
     * @param packets
     *            the stream's packets
     * @param first
     *            index of the first packet to decode
     * @param count
     *            number of packets
     * @param handler
     *            receives the events
     * @return the number of events decoded
     * @throws TraceFormatException
     *             when a packet or event cannot be decoded; the message names the file and offset
     * @throws IOException
     *             when the file cannot be read
     */
    public long read(List<Packet> packets, int first, int count, Handler handler) throws TraceFormatException, IOException {
        if (count == 0) {
            return 0;
        }
        long end = packets.get(first + count - 1).end();
        long events = 0;
        try (FileChannel channel = FileChannel.open(fStream, StandardOpenOption.READ)) {
            fBuffer = null;
            for (int i = first; i < first + count; i++) {
                Packet packet = packets.get(i);
                map(channel, packet, end);
                events += packet(packet, handler);
            }
        } finally {
            fBuffer = null;
        }
        return events;
    }

    /**
     * Opens the events of {@code count} consecutive packets to be read one at a time, where {@link #read} hands
     * them all to a handler: what a merge of several streams in time order needs, each stream's reader holding
     * its current event (whose fields stay valid until its next) while the merge looks at the others'. A reader
     * has one cursor open at a time, and reads nothing else meanwhile.
     *
     * @param packets
     *            the stream's packets
     * @param first
     *            index of the first packet to decode
     * @param count
     *            number of packets
     * @return the cursor, before the first event; the caller closes it
     * @throws IOException
     *             when the file cannot be opened
     */
    public Cursor cursor(List<Packet> packets, int first, int count) throws IOException {
        return new Cursor(packets, first, count);
    }

    /** The events of consecutive packets of a stream, decoded one at a time by {@link #next()}. */
    public final class Cursor implements AutoCloseable {
        private final FileChannel fChannel;
        private final List<Packet> fPackets;
        private final int fEnd;
        private final long fEndOffset;
        private int fNext;
        private Packet fPacket;
        private PacketStart fStart;
        private boolean fFirst;
        private CtfMetadata.EventClass fEvent;

        private Cursor(List<Packet> packets, int first, int count) throws IOException {
            fPackets = packets;
            fNext = first;
            fEnd = first + count;
            fEndOffset = count == 0 ? 0 : packets.get(fEnd - 1).end();
            fBuffer = null;
            fChannel = FileChannel.open(fStream, StandardOpenOption.READ);
        }

        /**
         * Decodes the next event.
         *
         * @return false past the last event
         * @throws TraceFormatException
         *             when a packet or event cannot be decoded; the message names the file and offset
         * @throws IOException
         *             when the file cannot be read
         */
        public boolean next() throws TraceFormatException, IOException {
            while (fStart == null || fBit >= fStart.contentEnd()) {
                if (fNext == fEnd) {
                    fEvent = null;
                    return false;
                }
                fPacket = fPackets.get(fNext++);
                map(fChannel, fPacket, fEndOffset);
                fStart = begin(fPacket);
                fTime = fPacket.timestampBegin();
                fFirst = true;
            }
            fEvent = decodeEvent(fStart, fPacket, fFirst);
            fFirst = false;
            return true;
        }

        /** @return the current event's time in clock cycles */
        public long timestamp() {
            return fTime;
        }

        /** @return the CPU of the current event's packet, or -1 when unknown */
        public int cpu() {
            return fStart.cpu();
        }

        /** @return the current event's class */
        public CtfMetadata.EventClass event() {
            return fEvent;
        }

        /** @return the current event's fields, valid until the next call of {@link #next()} */
        public Fields fields() {
            return fFields;
        }

        @Override
        public void close() throws IOException {
            fBuffer = null;
            fChannel.close();
        }
    }

    /**
     * Makes sure the window holds the packet (its padding too, unless the packet alone is larger than a window):
     * when it does not, maps a new one from the packet on, as far as {@code end} or the window size allows.
     */
    private void map(FileChannel channel, Packet packet, long end) throws TraceFormatException, IOException {
        long needed = packet.sizeBytes() <= fWindowBytes ? packet.sizeBytes() : (packet.contentSizeBits() + 7) / 8;
        if (needed > fWindowBytes || needed > Integer.MAX_VALUE) {
            throw new TraceFormatException(fStream, packet.offset(), "packet content of " + needed + " bytes, more than the "
                    + fWindowBytes + " bytes a reader maps at once");
        }
        if (fBuffer != null && packet.offset() >= fBase && packet.offset() + needed <= fBase + fBuffer.capacity()) {
            return;
        }
        fBase = packet.offset();
        long size = Math.max(needed, Math.min(fWindowBytes, end - fBase));
        fBuffer = channel.map(FileChannel.MapMode.READ_ONLY, fBase, size);
    }

    private long packet(Packet packet, Handler handler) throws TraceFormatException {
        PacketStart start = begin(packet);
        fTime = packet.timestampBegin();
        long count = 0;
        while (fBit < start.contentEnd()) {
            CtfMetadata.EventClass event = decodeEvent(start, packet, count == 0);
            handler.event(fTime, start.cpu(), event, fFields);
            count++;
        }
        return count;
    }

    /** What an event needs of its packet: decoded once per packet, before its first event. */
    private record PacketStart(int cpu, long streamId, StreamPlan plan, long contentEnd) {
    }

    /** Decodes a packet's header and context, leaving the position at its first event. */
    private PacketStart begin(Packet packet) throws TraceFormatException {
        long packetStart = (packet.offset() - fBase) * 8;
        fBit = packetStart;
        fFields.clear();
        decode(fMetadata.packetHeader());
        long streamId = fFields.integer("stream_id", 0);
        CtfMetadata.StreamClass stream = fMetadata.streams().get(streamId);
        if (stream == null) {
            throw error(packetStart, "packet of stream class " + streamId + ", which the metadata does not declare");
        }
        long contextStart = fBit;
        decode(stream.packetContext());
        long cpuId = fFields.integer("cpu_id", -1);
        if (cpuId == 0xFFFF_FFFFL) {
            // DPDK's LCORE_ID_ANY: a thread on no lcore of its own (a service or non-EAL thread), no CPU to name
            cpuId = -1;
        }
        if (cpuId < -1 || cpuId > MAX_CPU) {
            throw error(contextStart, "packet context's cpu_id " + Long.toUnsignedString(cpuId) + " is no CPU number (0 to " + MAX_CPU + ")");
        }
        StreamPlan plan = fPlans.computeIfAbsent(streamId, id -> plan(id, stream));
        fLimit = packet.writtenEnd();
        return new PacketStart((int) cpuId, streamId, plan, packetStart + packet.contentSizeBits());
    }

    /**
     * Decodes the event at the position, after {@link #fTime}: its fields go to {@link #fFields}, its time to
     * {@link #fTime}.
     */
    private CtfMetadata.EventClass decodeEvent(PacketStart start, Packet packet, boolean first) throws TraceFormatException {
        long eventStart = fBit;
        fFields.clear();
        fTimestampBits = 0;
        fId = 0;
        run(start.plan().fHeader);
        if (fTimestampBits > 0) {
            long previous = fTime;
            fTime = extend(previous, fTimestampValue, fTimestampBits);
            checkTime(eventStart, fTime, previous, first, packet);
        }
        long id = fId;
        EventPlan event = start.plan().get(id);
        if (event == null) {
            throw error(eventStart, "event of unknown id " + id + " in stream class " + start.streamId());
        }
        run(event.body());
        if (fBit > start.contentEnd()) {
            throw error(eventStart, "event runs past the end of its packet's content");
        }
        if (fBit == eventStart) {
            // An event of no bits would be read again and again (the metadata gives it no header, no field).
            throw error(eventStart, "an event of no bits: the metadata declares nothing to read");
        }
        return event.event();
    }

    /** The plans of a stream class's events, for the fields this reader keeps. */
    private StreamPlan plan(long streamId, CtfMetadata.StreamClass stream) {
        Predicate<String> kept = fAllFields ? name -> true : fKept::contains;
        Map<Long, CtfMetadata.EventClass> events = fMetadata.events(streamId);
        long largest = events.keySet().stream().mapToLong(Long::longValue).filter(id -> id >= 0 && id < MAX_INDEXED_ID).max().orElse(-1);
        StreamPlan plan = new StreamPlan(DecodingPlan.of(kept, stream.eventHeader()), (int) (largest + 1));
        for (CtfMetadata.EventClass event : events.values()) {
            EventPlan eventPlan = new EventPlan(event, DecodingPlan.of(kept, stream.eventContext(), event.context(), event.fields()));
            if (event.id() >= 0 && event.id() < plan.fById.length) {
                plan.fById[(int) event.id()] = eventPlan;
            } else {
                plan.fOthers.put(event.id(), eventPlan);
            }
        }
        return plan;
    }

    /** Decodes what a plan describes at the current position. */
    private void run(DecodingPlan plan) throws TraceFormatException {
        for (DecodingPlan.Step step : plan.steps()) {
            if (step instanceof DecodingPlan.Run run) {
                align(run.align());
                long start = fBit;
                skip(run.bits());
                String[] names = run.names();
                for (int i = 0; i < names.length; i++) {
                    int bits = run.widths()[i];
                    long value = Bits.unsigned(fBuffer, start + run.offsets()[i], bits, run.orders()[i]);
                    if (run.signed()[i] && bits < 64) {
                        value = (value << (64 - bits)) >> (64 - bits);
                    }
                    String name = names[i];
                    // interned by the plan: compared by reference
                    if (name == TIMESTAMP) {
                        fTimestampBits = bits;
                        fTimestampValue = value;
                    } else if (name == ID) {
                        fId = value;
                    }
                    if (fHeaderByName || (name != TIMESTAMP && name != ID)) {
                        fFields.putInteger(name, value);
                    }
                }
            } else {
                DecodingPlan.Dynamic dynamic = (DecodingPlan.Dynamic) step;
                decode(dynamic.type(), dynamic.name());
            }
        }
    }

    /**
     * An event's time lies within its packet's, after the event before it: a 64-bit timestamp field can say
     * anything, and an event out of order would be merged at the wrong place, or never.
     */
    private void checkTime(long eventStart, long timestamp, long previous, boolean first, Packet packet) throws TraceFormatException {
        if (Long.compareUnsigned(timestamp, previous) < 0) {
            throw error(eventStart, "event timestamp " + Long.toUnsignedString(timestamp) + " is before "
                    + (first ? "its packet's begin (" : "the previous event's (") + Long.toUnsignedString(previous) + "): time goes backwards");
        }
        if (first && Long.compareUnsigned(timestamp, packet.writtenBegin()) < 0) {
            // after the span's begin (checked above), which a known tracer bug moved before the written one
            warn(TraceWarning.Kind.EVENT_BEFORE_PACKET, eventStart, "event timestamp " + Long.toUnsignedString(timestamp)
                    + " is before its packet's timestamp_begin (" + Long.toUnsignedString(packet.writtenBegin()) + "), packet at offset " + packet.offset());
        }
        if (Long.compareUnsigned(timestamp, fLimit) > 0) {
            pastWrittenEnd(eventStart, timestamp, packet);
        }
    }

    /** An event after its packet's written end: an error, or a known tracer bug's, warned of once per packet. */
    private void pastWrittenEnd(long eventStart, long timestamp, Packet packet) throws TraceFormatException {
        if (Long.compareUnsigned(timestamp, packet.timestampEnd()) > 0) {
            throw error(eventStart, "event timestamp " + Long.toUnsignedString(timestamp) + " is after its packet's end ("
                    + Long.toUnsignedString(packet.timestampEnd()) + ")");
        }
        warn(TraceWarning.Kind.EVENT_AFTER_PACKET, eventStart, "event timestamp " + Long.toUnsignedString(timestamp)
                + " is after its packet's timestamp_end (" + Long.toUnsignedString(packet.writtenEnd()) + "); the packet at offset "
                + packet.offset() + " is taken to end at " + Long.toUnsignedString(packet.timestampEnd()));
        fLimit = packet.timestampEnd();
    }

    private void warn(TraceWarning.Kind kind, long bit, String detail) {
        fWarnings.add(new TraceWarning(kind, fStream, fBase + bit / 8, detail));
    }

    /** The full timestamp after {@code previous} whose low {@code bits} are {@code value} (CTF's clock update). */
    private static long extend(long previous, long value, int bits) {
        if (bits >= 64) {
            return value;
        }
        long mask = (1L << bits) - 1;
        long candidate = (previous & ~mask) | value;
        return Long.compareUnsigned(candidate, previous) < 0 ? candidate + (1L << bits) : candidate;
    }

    // --- decoding ----------------------------------------------------------------------------------------

    private void decode(CtfType type) throws TraceFormatException {
        decode(type, null);
    }

    private void decode(CtfType type, String name) throws TraceFormatException {
        align(type.align());
        if (type instanceof CtfType.Int integer) {
            long value = integer(integer);
            if (name != null && (fAllFields || fKept.contains(name))) {
                fFields.putInteger(name, value);
                if (name.equals(TIMESTAMP)) {
                    fTimestampBits = integer.bits();
                    fTimestampValue = value;
                } else if (name.equals(ID)) {
                    fId = value;
                }
            }
        } else if (type instanceof CtfType.Enum enumeration) {
            long value = integer(enumeration.container());
            if (name != null) {
                fFields.putInteger(name, value);
                if (name.equals(ID)) {
                    fId = value; // a compact header's, which an extended one's may follow
                }
                String label = enumeration.label(value);
                if (label != null) {
                    fFields.putString(name, label);
                }
            }
        } else if (type instanceof CtfType.Struct struct) {
            for (Map.Entry<String, CtfType> field : struct.fields().entrySet()) {
                decode(field.getValue(), field.getKey());
            }
        } else if (type instanceof CtfType.Str) {
            if (name != null && (fAllFields || fKept.contains(name))) {
                fFields.putString(name, string());
            } else {
                skipString();
            }
        } else if (type instanceof CtfType.Array array) {
            elements(array.element(), array.length(), name);
        } else if (type instanceof CtfType.Sequence sequence) {
            long length = fFields.integer(sequence.lengthField(), -1);
            if (length < 0) {
                throw error(fBit, "sequence " + name + " whose length field " + sequence.lengthField() + " was not decoded");
            }
            elements(sequence.element(), length, name);
        } else if (type instanceof CtfType.Variant variant) {
            String label = fFields.string(variant.tag());
            CtfType option = label == null ? null : variant.options().get(label);
            if (option == null) {
                throw error(fBit, "variant " + name + " has no option for tag " + variant.tag() + " = " + label);
            }
            decode(option, name);
        } else if (type instanceof CtfType.Float floating) {
            skip(floating.bits());
        } else {
            decodeCtf2(type, name);
        }
    }

    /** The field classes CTF 2 adds to CTF 1.8's types ({@link Ctf2Metadata}). */
    private void decodeCtf2(CtfType type, String name) throws TraceFormatException {
        boolean kept = name != null && (fAllFields || fKept.contains(name));
        if (type instanceof CtfType.VarInt varint) {
            long start = fBit;
            long value = varint(varint.signed(), name);
            if (kept) {
                fFields.putInteger(name, value);
                if (name.equals(TIMESTAMP)) {
                    // CTF 2: a variable-length clock value updates as many bits of the clock as it encodes
                    fTimestampBits = (int) Math.min(64, (fBit - start) / 8 * 7);
                    fTimestampValue = value;
                } else if (name.equals(ID)) {
                    fId = value;
                }
            }
        } else if (type instanceof CtfType.FixedStr fixed) {
            sizedString(fixed.length(), kept, name);
        } else if (type instanceof CtfType.DynStr dynamic) {
            sizedString(selector(dynamic.lengthField(), "string", name), kept, name);
        } else if (type instanceof CtfType.Optional optional) {
            if (optional.present(selector(optional.selector(), "optional field", name))) {
                decode(optional.content(), name);
            }
        } else if (type instanceof CtfType.ValueVariant variant) {
            long value = selector(variant.selector(), "variant", name);
            String label = CtfType.Mapping.label(variant.ranges(), value);
            if (label == null) {
                throw error(fBit, "variant " + name + " has no option for " + variant.selector() + " = " + value);
            }
            decode(variant.options().get(label), name);
        }
    }

    /** The value of the integer field a length or selector names, decoded earlier in the event. */
    private long selector(String field, String what, String name) throws TraceFormatException {
        int at = fFields.fIntegerNames.indexOf(field);
        if (at < 0) {
            throw error(fBit, what + " " + name + " whose length or selector field " + field + " was not decoded");
        }
        return fFields.fIntegers[at];
    }

    /**
     * A variable-length integer: unsigned or signed LEB128, seven bits of value a byte, least significant first,
     * the top bit set on every byte but the last. More than 64 bits of value is damage, as yactfr and babeltrace
     * refuse it.
     */
    private long varint(boolean signed, String name) throws TraceFormatException {
        long start = fBit;
        long value = 0;
        int shift = 0;
        while (true) {
            skip(8);
            int b = fBuffer.get((int) ((fBit >>> 3) - 1)) & 0xFF;
            long bits = b & 0x7FL;
            if (shift == 63 && (signed ? bits != 0 && bits != 0x7F : bits > 1) || shift > 63) {
                throw error(start, "variable-length integer " + name + " of more than 64 bits");
            }
            value |= bits << shift;
            shift += 7;
            if ((b & 0x80) == 0) {
                if (signed && shift < 64 && (b & 0x40) != 0) {
                    value |= -1L << shift;
                }
                return value;
            }
        }
    }

    /** A string of {@code length} bytes, ending at its first NUL if any. */
    private void sizedString(long length, boolean kept, String name) throws TraceFormatException {
        long at = fBit >>> 3;
        skip(length < 0 || length > Long.MAX_VALUE / 8 ? -1 : length * 8);
        if (kept) {
            int end = (int) at;
            while (end < at + length && fBuffer.get(end) != 0) {
                end++;
            }
            byte[] bytes = new byte[end - (int) at];
            fBuffer.get((int) at, bytes);
            fFields.putString(name, new String(bytes, fStrings));
        }
    }

    private void elements(CtfType element, long length, String name) throws TraceFormatException {
        boolean kept = name != null && (fAllFields || fKept.contains(name));
        if (!kept && element instanceof CtfType.Int integer && integer.bits() % 8 == 0 && integer.bits() % integer.align() == 0) {
            // arrays of bytes or words, packed (each element's size a multiple of its alignment, so no padding
            // between them): nothing to keep, just their size (a damaged length must not wrap around)
            skip(length > Long.MAX_VALUE / integer.bits() ? Long.MAX_VALUE : length * integer.bits());
            return;
        }
        for (long i = 0; i < length; i++) {
            if (kept && element instanceof CtfType.Int integer) {
                align(integer.align());
                fFields.putInteger(elementName(name, (int) i), integer(integer));
            } else {
                decode(element, null);
            }
        }
    }

    /** {@code name[index]}, made once per name and index. */
    private String elementName(String name, int index) {
        String[] names = fElementNames.computeIfAbsent(name, n -> new String[0]);
        if (index >= names.length) {
            names = Arrays.copyOf(names, Math.max(index + 1, names.length * 2));
            fElementNames.put(name, names);
        }
        if (names[index] == null) {
            names[index] = name + '[' + index + ']';
        }
        return names[index];
    }

    private void align(long align) {
        if (align > 1) {
            fBit = (fBit + align - 1) / align * align;
        }
    }

    private void skip(long bits) throws TraceFormatException {
        if (bits < 0 || bits > (long) fBuffer.capacity() * 8 - fBit) {
            throw error(fBit, "the data ends in the middle of a field");
        }
        fBit += bits;
    }

    private long integer(CtfType.Int type) throws TraceFormatException {
        int bits = type.bits();
        long start = fBit;
        skip(bits);
        long value = Bits.unsigned(fBuffer, start, bits, type.order());
        if (type.signed() && bits < 64) {
            value = (value << (64 - bits)) >> (64 - bits);
        }
        return value;
    }

    private String string() throws TraceFormatException {
        int at = (int) (fBit >>> 3);
        int end = stringEnd(at);
        byte[] bytes = new byte[end - at];
        fBuffer.get(at, bytes);
        fBit = (long) (end + 1) * 8;
        return new String(bytes, fStrings);
    }

    private void skipString() throws TraceFormatException {
        fBit = (long) (stringEnd((int) (fBit >>> 3)) + 1) * 8;
    }

    /** The index of the NUL that ends the string starting at byte {@code at}. */
    private int stringEnd(int at) throws TraceFormatException {
        int end = at;
        while (true) {
            if (end >= fBuffer.capacity()) {
                throw error((long) at * 8, "the data ends inside a string");
            }
            if (fBuffer.get(end) == 0) {
                return end;
            }
            end++;
        }
    }

    private TraceFormatException error(long bit, String problem) {
        return new TraceFormatException(fStream, fBase + bit / 8, problem);
    }
}
