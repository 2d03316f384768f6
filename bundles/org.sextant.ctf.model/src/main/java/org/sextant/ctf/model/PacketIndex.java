// SPDX-License-Identifier: EPL-2.0
package org.sextant.ctf.model;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads LTTng's packet index ({@code index/<stream>.idx} beside each stream file): a big-endian header (magic
 * 0xC1F1DCC1, major and minor version, entry length) followed by one entry per packet. Version 1.0 entries
 * hold offset, packet size, content size, begin and end timestamps, discarded events and stream id; 1.1 adds
 * stream instance id and sequence number. Entries are read by their declared length, so later minor versions
 * with more fields read too.
 */
public final class PacketIndex {

    /** The magic number that opens every CTF index file. */
    public static final int MAGIC = 0xC1F1DCC1;

    private static final int HEADER_BYTES = 16;
    private static final int V1_0_ENTRY_BYTES = 7 * Long.BYTES;

    private PacketIndex() {
    }

    /**
     * @param streamFile
     *            a stream file of a CTF trace
     * @return its index file, {@code index/<name>.idx} in the same directory (which may not exist)
     */
    public static Path indexFileOf(Path streamFile) {
        return streamFile.resolveSibling("index").resolve(streamFile.getFileName() + ".idx");
    }

    /**
     * Reads an index file.
     *
     * @param indexFile
     *            the {@code .idx} file
     * @return the packets it lists, in file order
     * @throws TraceFormatException
     *             when the file is not a CTF index, is truncated, or lists an inconsistent packet
     * @throws IOException
     *             when the file cannot be read
     */
    public static List<Packet> read(Path indexFile) throws TraceFormatException, IOException {
        return entries(indexFile).stream().map(Entry::packet).toList();
    }

    /**
     * Checks an index against the packets of its stream, found by reading their headers. Where they disagree,
     * the index is the file blamed: the packets passed the scanner's checks.
     *
     * @param indexFile
     *            the {@code .idx} file
     * @param stream
     *            its stream file
     * @param packets
     *            the stream's packets, from {@link PacketScanner#scan}
     * @throws TraceFormatException
     *             when the index cannot be read or disagrees with the packets; the message names the entry
     * @throws IOException
     *             when the file cannot be read
     */
    public static void verify(Path indexFile, Path stream, List<Packet> packets) throws TraceFormatException, IOException {
        verifyWritten(indexFile, stream, packets.stream().map(p -> new PacketScanner.Written(p.offset(), p.packetSizeBits(), p.contentSizeBits(),
                p.streamId(), true, p.writtenBegin(), p.writtenEnd(), 0)).toList());
    }

    /** {@link #verify}, against the packets as written, before their times are checked. */
    static void verifyWritten(Path indexFile, Path stream, List<PacketScanner.Written> packets) throws TraceFormatException, IOException {
        List<Entry> entries = entries(indexFile);
        for (int i = 0; i < Math.min(entries.size(), packets.size()); i++) {
            Entry entry = entries.get(i);
            Packet listed = entry.packet();
            PacketScanner.Written written = packets.get(i);
            if (listed.offset() != written.offset() || listed.packetSizeBits() != written.packetSizeBits()
                    || listed.contentSizeBits() != written.contentSizeBits() || listed.streamId() != written.streamId()
                    || listed.timestampBegin() != written.begin() || listed.timestampEnd() != written.end()) {
                throw new TraceFormatException(indexFile, entry.offset(), "entry " + i + " says " + describe(listed.offset(), listed.packetSizeBits(),
                        listed.contentSizeBits(), listed.streamId(), listed.timestampBegin(), listed.timestampEnd()) + ", but " + stream.getFileName()
                        + " has " + describe(written.offset(), written.packetSizeBits(), written.contentSizeBits(), written.streamId(),
                                written.begin(), written.end()));
            }
        }
        if (entries.size() != packets.size()) {
            throw new TraceFormatException(indexFile, -1, "lists " + entries.size() + " packets, but " + stream.getFileName() + " has "
                    + packets.size());
        }
    }

    /**
     * @return whether a file opens with LTTng's index magic: an index of another format (an early LTTng's
     *         {@code CTFIDX}) is not read, where one of this format must agree with its stream
     */
    static boolean isLttngIndex(Path indexFile) throws IOException {
        try (FileChannel channel = FileChannel.open(indexFile, StandardOpenOption.READ)) {
            ByteBuffer magic = ByteBuffer.allocate(Integer.BYTES).order(ByteOrder.BIG_ENDIAN);
            channel.read(magic, 0);
            return magic.position() == Integer.BYTES && magic.getInt(0) == MAGIC;
        }
    }

    private static String describe(long offset, long packetSizeBits, long contentSizeBits, long streamId, long begin, long end) {
        return "a packet at offset " + offset + " of " + packetSizeBits / 8 + " bytes (content " + contentSizeBits
                + " bits, stream class " + streamId + ", timestamps " + Long.toUnsignedString(begin) + " to "
                + Long.toUnsignedString(end) + ")";
    }

    /** An index entry: where it is in the index file, and the packet it lists. */
    private record Entry(long offset, Packet packet) {
    }

    private static List<Entry> entries(Path indexFile) throws TraceFormatException, IOException {
        ByteBuffer bytes;
        try (FileChannel channel = FileChannel.open(indexFile, StandardOpenOption.READ)) {
            bytes = channel.map(FileChannel.MapMode.READ_ONLY, 0, channel.size()).order(ByteOrder.BIG_ENDIAN);
        }
        if (bytes.remaining() < HEADER_BYTES) {
            throw new TraceFormatException(indexFile, 0, "too short for a CTF index header (" + bytes.remaining() + " bytes)");
        }
        int magic = bytes.getInt();
        if (magic != MAGIC) {
            throw new TraceFormatException(indexFile, 0, String.format("not a CTF index (magic 0x%08X, expected 0x%08X)", magic, MAGIC));
        }
        int major = bytes.getInt();
        int minor = bytes.getInt();
        int entryBytes = bytes.getInt();
        if (major != 1) {
            throw new TraceFormatException(indexFile, 4, "unsupported CTF index version " + major + '.' + minor);
        }
        if (entryBytes < V1_0_ENTRY_BYTES) {
            throw new TraceFormatException(indexFile, 12, "index entries of " + entryBytes + " bytes are shorter than version 1.0's");
        }
        if ((bytes.remaining() % entryBytes) != 0) {
            throw new TraceFormatException(indexFile, HEADER_BYTES + (long) (bytes.remaining() / entryBytes) * entryBytes,
                    "truncated index entry");
        }
        List<Entry> entries = new ArrayList<>(bytes.remaining() / entryBytes);
        while (bytes.hasRemaining()) {
            int entryStart = bytes.position();
            long offset = bytes.getLong();
            long packetSize = bytes.getLong();
            long contentSize = bytes.getLong();
            long begin = bytes.getLong();
            long end = bytes.getLong();
            bytes.getLong(); // events discarded
            long streamId = bytes.getLong();
            bytes.position(entryStart + entryBytes);
            try {
                entries.add(new Entry(entryStart, new Packet(offset, packetSize, contentSize, begin, end, streamId)));
            } catch (IllegalArgumentException e) {
                throw new TraceFormatException(indexFile, entryStart, e.getMessage());
            }
        }
        return entries;
    }
}
