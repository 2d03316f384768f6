// SPDX-License-Identifier: EPL-2.0
package org.sextant.ctf.model;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
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
    private final int fIndexed;

    private CtfTrace(Path directory, CtfMetadata metadata, Map<Path, List<Packet>> packets, int indexed) {
        fDirectory = directory;
        fMetadata = metadata;
        fPackets = Collections.unmodifiableMap(packets);
        fIndexed = indexed;
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
        int indexed = 0;
        for (Path stream : streams(directory)) {
            List<Packet> scanned = PacketScanner.scan(stream, layouts);
            Path index = PacketIndex.indexFileOf(stream);
            if (Files.isRegularFile(index)) {
                PacketIndex.verify(index, stream, scanned);
                indexed++;
            }
            checkOrder(stream, scanned);
            checkClock(stream, scanned, metadata);
            packets.put(stream, scanned);
        }
        return new CtfTrace(directory, metadata, packets, indexed);
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
        return new EventReader(stream, fMetadata, fields);
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
    private static void checkClock(Path stream, List<Packet> packets, CtfMetadata metadata) throws TraceFormatException {
        if (packets.isEmpty()) {
            return;
        }
        Packet first = packets.get(0);
        Packet last = packets.get(packets.size() - 1);
        if (Long.compare(first.timestampBegin(), last.timestampEnd()) > 0) {
            throw new TraceFormatException(stream, last.offset(), "the stream's timestamps run from " + Long.toUnsignedString(first.timestampBegin())
                    + " to " + Long.toUnsignedString(last.timestampEnd()) + ", across 2^63 clock cycles");
        }
        checkNanos(stream, first.offset(), first.timestampBegin(), metadata);
        checkNanos(stream, last.offset(), last.timestampEnd(), metadata);
    }

    private static void checkNanos(Path stream, long offset, long timestamp, CtfMetadata metadata) throws TraceFormatException {
        try {
            metadata.toNanosExact(timestamp);
        } catch (ArithmeticException e) {
            throw new TraceFormatException(stream, offset, "timestamp " + Long.toUnsignedString(timestamp)
                    + " converts past the nanoseconds a long holds, with the metadata's clock offset and frequency");
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
