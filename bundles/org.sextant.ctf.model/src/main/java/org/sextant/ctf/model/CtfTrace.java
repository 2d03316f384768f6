// SPDX-License-Identifier: EPL-2.0
package org.sextant.ctf.model;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * A CTF trace directory as the codec sees it: its metadata and the packets of each stream file, found by
 * reading each packet's header and context (magic, stream class, sizes, timestamps), in time order, and
 * checked against LTTng's index where a stream has one. This and
 * {@link EventReader} are what a client of the codec needs: where the packets are, and how to decode a run of
 * them.
 */
public final class CtfTrace {

    private final Path fDirectory;
    private final CtfMetadata fMetadata;
    private final Map<Path, List<Packet>> fPackets;
    private final Map<Path, long[]> fDiscarded;
    private final Set<Path> fUntimed;
    private final int fIndexed;
    private final TraceWarnings fWarnings;

    private CtfTrace(Path directory, CtfMetadata metadata, Map<Path, List<Packet>> packets, Map<Path, long[]> discarded, Set<Path> untimed,
            int indexed, TraceWarnings warnings) {
        fDirectory = directory;
        fMetadata = metadata;
        fPackets = Collections.unmodifiableMap(packets);
        fDiscarded = discarded;
        fUntimed = untimed;
        fIndexed = indexed;
        fWarnings = warnings;
    }

    /**
     * Reads a trace's metadata and finds the packets of its streams.
     *
     * @param directory
     *            a directory holding {@code metadata} and stream files
     * @return the trace
     * @throws TraceFormatException
     *             when the metadata, an index or a stream cannot be read as CTF, or they disagree; the message
     *             names the file and the offset in it
     * @throws IOException
     *             when a file cannot be read
     */
    public static CtfTrace open(Path directory) throws TraceFormatException, IOException {
        Path metadataFile = directory.resolve("metadata");
        if (!Files.isRegularFile(metadataFile)) {
            throw new TraceFormatException(directory, -1, "not a CTF trace (no metadata file)");
        }
        CtfMetadata metadata = CtfMetadata.read(metadataFile);
        Map<Long, PacketLayout> layouts = PacketLayouts.of(metadata, metadataFile);
        Map<Path, List<Packet>> packets = new LinkedHashMap<>();
        Map<Path, long[]> discarded = new HashMap<>();
        Set<Path> untimed = new HashSet<>();
        TraceWarnings warnings = new TraceWarnings();
        PacketSpans.Quirks quirks = PacketSpans.Quirks.of(metadata.env());
        int indexed = 0;
        for (Path stream : streams(directory)) {
            List<PacketScanner.Written> written = PacketScanner.written(stream, layouts);
            Path index = PacketIndex.indexFileOf(stream);
            if (Files.isRegularFile(index)) {
                if (PacketIndex.isLttngIndex(index)) {
                    PacketIndex.verifyWritten(index, stream, written);
                    indexed++;
                } else {
                    warnings.add(new TraceWarning(TraceWarning.Kind.INDEX_NOT_LTTNG, index, 0,
                            "not LTTng's CTF index (magic 0xC1F1DCC1): not read, the packets found from their headers"));
                }
            }
            List<Packet> spanned = PacketSpans.of(stream, written, metadata, quirks, warnings);
            checkOrder(stream, spanned);
            checkClock(stream, spanned, metadata, warnings);
            packets.put(stream, spanned);
            discarded.put(stream, written.stream().mapToLong(PacketScanner.Written::discarded).toArray());
            if (!written.stream().allMatch(PacketScanner.Written::timed)) {
                untimed.add(stream);
            }
        }
        checkClockAcross(metadataFile, packets, metadata);
        return new CtfTrace(directory, metadata, packets, discarded, untimed, indexed, warnings);
    }

    /** @return the trace directory */
    public Path directory() {
        return fDirectory;
    }

    /** @return the trace's metadata */
    public CtfMetadata metadata() {
        return fMetadata;
    }

    /** @return the packets of each stream file, in file order; streams by name */
    public Map<Path, List<Packet>> packets() {
        return fPackets;
    }

    /**
     * @return the departures from CTF read past ({@link TraceWarning}): those found at open, then those its
     *         readers found so far (a warning per packet at most; past a few of a kind, how many more)
     */
    public List<TraceWarning> warnings() {
        return fWarnings.list();
    }

    /**
     * @param stream
     *            one of {@link #packets()}'s streams
     * @param packet
     *            the index of one of its packets
     * @return the packet context's {@code events_discarded}: how many events the tracer had discarded in that
     *         stream by the packet's end, or 0 when the stream class does not count them
     */
    public long discardedEvents(Path stream, int packet) {
        return fDiscarded.get(stream)[packet];
    }

    /**
     * @param stream
     *            one of {@link #packets()}'s streams
     * @return whether each of its packets' contexts gives {@code timestamp_begin} and {@code timestamp_end} (where
     *         they do not, the packets' spans are their events')
     */
    public boolean timed(Path stream) {
        return !fUntimed.contains(stream);
    }

    /** @return how many streams had an index, which their packets confirmed */
    public int indexedStreams() {
        return fIndexed;
    }

    /**
     * A reader of one stream that decodes, besides what decoding needs, only the fields named.
     *
     * @param stream
     *            one of {@link #packets()}'s streams
     * @param fields
     *            the names of the fields the handler reads
     * @return the reader
     */
    public EventReader reader(Path stream, Set<String> fields) {
        return new EventReader(stream, fMetadata, fields).reportingTo(fWarnings);
    }

    /**
     * A reader of one stream that decodes every field: what showing an event whole needs, several times slower
     * than a reader of named fields.
     *
     * @param stream
     *            one of {@link #packets()}'s streams
     * @return the reader
     */
    public EventReader reader(Path stream) {
        return new EventReader(stream, fMetadata).reportingTo(fWarnings);
    }

    /**
     * Decodes every event of every stream, keeping no field: what a reader that trusts the trace (Trace
     * Compass's own) would otherwise read past, a damaged event, an event out of order, shows up here as an
     * error. About 12 million events a second on one core (perf traces).
     *
     * @return the number of events
     * @throws TraceFormatException
     *             at the first damaged packet or event; the message names the file and offset
     * @throws IOException
     *             when a file cannot be read
     */
    public long verify() throws TraceFormatException, IOException {
        long events = 0;
        for (Map.Entry<Path, List<Packet>> stream : fPackets.entrySet()) {
            List<Packet> packets = stream.getValue();
            events += reader(stream.getKey(), Set.of()).read(packets, 0, packets.size(), (timestamp, cpu, event, fields) -> {
                // decoding checks each event
            });
        }
        return events;
    }

    /** Packets of a stream come in time order: none begins before the one before it ends. */
    private static void checkOrder(Path stream, List<Packet> packets) throws TraceFormatException {
        for (int i = 1; i < packets.size(); i++) {
            Packet previous = packets.get(i - 1);
            Packet packet = packets.get(i);
            if (Long.compareUnsigned(packet.timestampBegin(), previous.timestampEnd()) < 0) {
                throw new TraceFormatException(stream, packet.offset(), "the packet begins at timestamp " + Long.toUnsignedString(packet.timestampBegin())
                        + ", before the packet before it ends (" + Long.toUnsignedString(previous.timestampEnd()) + "): time goes backwards");
            }
        }
    }

    /**
     * A stream's times convert to nanoseconds in order. The codec orders timestamps as unsigned numbers and
     * {@link CtfMetadata#toNanos} converts them as signed ones, without checks (it runs once per event): the
     * two agree on every event of the stream when its first and last timestamps lie on the same side of 2^63
     * and convert without overflow, events lying between them. Otherwise a merge of streams in time order would
     * see time go backwards.
     */
    private static void checkClock(Path stream, List<Packet> packets, CtfMetadata metadata, TraceWarnings warnings) throws TraceFormatException {
        if (packets.isEmpty()) {
            return;
        }
        Packet first = packets.get(0);
        Packet last = packets.get(packets.size() - 1);
        if (Long.compare(first.timestampBegin(), last.timestampEnd()) > 0) {
            throw new TraceFormatException(stream, last.offset(), "the stream's timestamps run from " + Long.toUnsignedString(first.timestampBegin())
                    + " to " + Long.toUnsignedString(last.timestampEnd()) + ", across 2^63 clock cycles");
        }
        boolean exact = checkNanos(stream, first.offset(), first.timestampBegin(), metadata);
        exact &= checkNanos(stream, last.offset(), last.timestampEnd(), metadata);
        if (!exact) {
            warnings.add(new TraceWarning(TraceWarning.Kind.CLOCK_WRAPS, stream, first.offset(), "the clock's offset_s of "
                    + metadata.clockOffsetSeconds() + " s puts timestamps " + Long.toUnsignedString(first.timestampBegin()) + " to "
                    + Long.toUnsignedString(last.timestampEnd()) + " past the nanoseconds a long holds: converted modulo 2^64, as Trace Compass"
                    + " does since it reads offset_s (6.2 ignores it)"));
        }
    }

    /**
     * @return whether the timestamp converts without wrapping; false when only the clock's {@code offset_s}
     *         carries it past a long (then it wraps by the same amount as every other timestamp of the trace)
     */
    private static boolean checkNanos(Path stream, long offset, long timestamp, CtfMetadata metadata) throws TraceFormatException {
        try {
            metadata.toNanosExact(timestamp);
            return true;
        } catch (ArithmeticException e) {
            try {
                metadata.cycleNanosExact(timestamp);
                return false;
            } catch (ArithmeticException e2) {
                throw new TraceFormatException(stream, offset, "timestamp " + Long.toUnsignedString(timestamp)
                        + " converts past the nanoseconds a long holds, with the metadata's clock offset and frequency");
            }
        }
    }

    /**
     * Times that wrap (a clock's {@code offset_s} past a long of nanoseconds) keep their order only if the
     * trace's earliest and latest do not straddle the wrap: then a merge of its streams sees no time go back.
     */
    private static void checkClockAcross(Path metadataFile, Map<Path, List<Packet>> packets, CtfMetadata metadata) throws TraceFormatException {
        long earliest = Long.MAX_VALUE;
        long latest = Long.MIN_VALUE;
        for (List<Packet> stream : packets.values()) {
            if (!stream.isEmpty()) {
                earliest = Math.min(earliest, stream.get(0).timestampBegin());
                latest = Math.max(latest, stream.get(stream.size() - 1).timestampEnd());
            }
        }
        if (earliest <= latest && metadata.toNanos(earliest) > metadata.toNanos(latest)) {
            throw new TraceFormatException(metadataFile, -1, "the clock's offset carries the trace's times (timestamps " + earliest + " to " + latest
                    + ") across the largest nanosecond a long holds: converted, they would go back");
        }
    }

    /** The stream files of a trace directory: every regular, non-hidden file but the metadata, by name. */
    private static List<Path> streams(Path directory) throws IOException {
        try (Stream<Path> files = Files.list(directory)) {
            return files.filter(Files::isRegularFile)
                    .filter(file -> !file.getFileName().toString().equals("metadata") && !file.getFileName().toString().startsWith("."))
                    .sorted().toList();
        }
    }
}
