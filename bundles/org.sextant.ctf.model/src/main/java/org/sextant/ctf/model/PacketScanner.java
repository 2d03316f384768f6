// SPDX-License-Identifier: EPL-2.0
package org.sextant.ctf.model;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Finds the packets of a CTF stream file that has no index (perf's converted traces have none) by reading each
 * packet's header and context and jumping by its packet size. Reads a few dozen bytes per packet.
 */
public final class PacketScanner {

    /** The magic number of a CTF packet header. */
    public static final int PACKET_MAGIC = 0xC1FC1FC1;

    /** The most a packet header and context may take: tracers write a few dozen bytes. */
    private static final long MAX_HEADER_BYTES = 1 << 20;

    private PacketScanner() {
    }

    /**
     * A packet as its header and context describe it, before any check of its times.
     *
     * @param offset
     *            byte offset of the packet in its stream file
     * @param packetSizeBits
     *            size of the packet, padding included, in bits
     * @param contentSizeBits
     *            size of its content, in bits
     * @param streamId
     *            its stream class
     * @param timed
     *            whether its context has {@code timestamp_begin} and {@code timestamp_end}
     * @param begin
     *            {@code timestamp_begin}, or 0 when untimed
     * @param end
     *            {@code timestamp_end}, or 0 when untimed
     * @param discarded
     *            {@code events_discarded}, the stream's running count of events the tracer discarded, or 0 when
     *            the context has none
     */
    record Written(long offset, long packetSizeBits, long contentSizeBits, long streamId, boolean timed, long begin, long end, long discarded) {

        /** @return the packet spanning its written times, or an error naming what is inconsistent */
        Packet packet(Path file) throws TraceFormatException {
            try {
                return new Packet(offset, packetSizeBits, contentSizeBits, begin, end, streamId);
            } catch (IllegalArgumentException e) {
                throw new TraceFormatException(file, offset, e.getMessage());
            }
        }
    }

    /**
     * Lists the packets of a stream file whose packet contexts give their times ({@link CtfTrace#open} also
     * times packets by their events where they do not).
     *
     * @param streamFile
     *            the stream file
     * @param layouts
     *            packet layouts by stream id, from {@link PacketLayouts#read}
     * @return the packets, in file order
     * @throws TraceFormatException
     *             when a packet header is invalid, has no timestamps, or a packet runs past the end of the file
     *             (truncated trace)
     * @throws IOException
     *             when the file cannot be read
     */
    public static List<Packet> scan(Path streamFile, Map<Long, PacketLayout> layouts) throws TraceFormatException, IOException {
        List<Packet> packets = new ArrayList<>();
        for (Written written : written(streamFile, layouts)) {
            if (!written.timed()) {
                throw new TraceFormatException(streamFile, written.offset(), "the packet context has no timestamp_begin/timestamp_end to partition by");
            }
            packets.add(written.packet(streamFile));
        }
        return packets;
    }

    /** The packets of a stream file as written, sizes checked, times not. */
    static List<Written> written(Path streamFile, Map<Long, PacketLayout> layouts) throws TraceFormatException, IOException {
        List<Written> packets = new ArrayList<>();
        try (FileChannel channel = FileChannel.open(streamFile, StandardOpenOption.READ)) {
            long size = channel.size();
            int window = headerBytes(streamFile, layouts);
            ByteBuffer buffer = ByteBuffer.allocate(window);
            long offset = 0;
            while (offset < size) {
                buffer.clear();
                int read = channel.read(buffer, offset);
                if (read < window && offset + window <= size) {
                    throw new IOException("short read of " + streamFile + " at offset " + offset);
                }
                Written packet = packet(streamFile, offset, buffer, Math.max(read, 0), size, layouts);
                packets.add(packet);
                offset += packet.packetSizeBits() / 8;
            }
        }
        return packets;
    }

    private static Written packet(Path file, long offset, ByteBuffer buffer, int available, long fileSize,
            Map<Long, PacketLayout> layouts) throws TraceFormatException {
        PacketLayout any = layouts.values().iterator().next();
        Long magic = read(file, offset, buffer, available, any, "magic");
        if (magic != null && magic.intValue() != PACKET_MAGIC) {
            throw new TraceFormatException(file, offset, String.format("bad packet magic 0x%08X (expected 0x%08X)", magic.intValue(), PACKET_MAGIC));
        }
        Long streamId = read(file, offset, buffer, available, any, "stream_id");
        PacketLayout layout = layouts.get(streamId == null ? 0L : streamId);
        if (layout == null) {
            throw new TraceFormatException(file, offset, "packet of stream class " + streamId + ", which the metadata does not declare");
        }
        Long packetSize = read(file, offset, buffer, available, layout, "packet_size");
        long packetBits = packetSize != null ? packetSize : (fileSize - offset) * 8;
        Long contentSize = read(file, offset, buffer, available, layout, "content_size");
        Long begin = read(file, offset, buffer, available, layout, "timestamp_begin");
        Long end = read(file, offset, buffer, available, layout, "timestamp_end");
        Long discarded = read(file, offset, buffer, available, layout, "events_discarded");
        if (packetBits <= 0 || packetBits % 8 != 0) {
            throw new TraceFormatException(file, offset, "invalid packet size of " + packetBits + " bits");
        }
        if (offset + packetBits / 8 > fileSize) {
            throw new TraceFormatException(file, offset, "packet of " + packetBits / 8 + " bytes runs past the end of the file ("
                    + fileSize + " bytes): the trace is truncated");
        }
        long contentBits = contentSize != null ? contentSize : packetBits;
        if (contentBits <= 0 || contentBits > packetBits) {
            throw new TraceFormatException(file, offset, "inconsistent packet at offset " + offset + ": packet size " + packetBits
                    + " bits, content size " + contentBits + " bits");
        }
        boolean timed = begin != null && end != null;
        return new Written(offset, packetBits, contentBits, streamId == null ? 0 : streamId, timed, timed ? begin : 0, timed ? end : 0,
                discarded == null ? 0 : discarded);
    }

    /** An unsigned integer field of the packet at {@code offset}, or null when the layout has no such field. */
    private static Long read(Path file, long offset, ByteBuffer buffer, int available, PacketLayout layout, String name)
            throws TraceFormatException {
        PacketLayout.Field field = layout.field(name).orElse(null);
        if (field == null) {
            return null;
        }
        int lastByte = (int) ((field.bitOffset() + field.bits() - 1) / 8);
        if (lastByte >= available) {
            throw new TraceFormatException(file, offset, "the file ends inside a packet header");
        }
        return Bits.unsigned(buffer, field.bitOffset(), field.bits(), field.order());
    }

    /** Bytes to read per packet: up to the last bit of any header or context field. */
    private static int headerBytes(Path streamFile, Map<Long, PacketLayout> layouts) throws TraceFormatException {
        long bits = 0;
        for (PacketLayout layout : layouts.values()) {
            for (PacketLayout.Field field : layout.fields().values()) {
                bits = Math.max(bits, field.bitOffset() + field.bits());
            }
        }
        long bytes = (bits + 7) / 8;
        if (bytes > MAX_HEADER_BYTES || bits < 0) {
            throw new TraceFormatException(streamFile, 0, "the metadata declares packet headers and contexts of " + bytes
                    + " bytes, more than " + MAX_HEADER_BYTES);
        }
        return (int) bytes;
    }
}
