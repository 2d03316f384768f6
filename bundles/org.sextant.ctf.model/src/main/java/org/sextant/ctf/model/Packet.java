// SPDX-License-Identifier: EPL-2.0
package org.sextant.ctf.model;

/**
 * One packet of a CTF stream file: where it lies in the file and the time its events span.
 *
 * <p>
 * The span is the one the codec vouches for: every event of the packet lies in it (decoding checks), and the
 * packets of a stream follow one another in it, which is what partitioning and merging rely on. It is the
 * packet context's {@code timestamp_begin} and {@code timestamp_end} where the trace keeps to CTF; where the
 * packet context has no timestamps, its first and last event's times; where a known tracer bug put events
 * outside the written bounds, bounds widened up to the neighbouring packets ({@link TraceWarning}). The bounds
 * as written are kept beside it: an event between the two is read with a warning.
 * </p>
 *
 * @param offset
 *            byte offset of the packet in its stream file
 * @param packetSizeBits
 *            size of the packet, padding included, in bits
 * @param contentSizeBits
 *            size of the packet's content (header, context and events), in bits
 * @param timestampBegin
 *            the earliest time of its events, in clock cycles of the stream's clock
 * @param timestampEnd
 *            the latest time of its events, in clock cycles
 * @param streamId
 *            the CTF stream class id of the packet
 * @param writtenBegin
 *            {@code timestamp_begin} as written (at or after {@code timestampBegin})
 * @param writtenEnd
 *            {@code timestamp_end} as written (at or before {@code timestampEnd}), but for a zero end already
 *            warned of, where it is {@code timestampEnd}
 */
public record Packet(long offset, long packetSizeBits, long contentSizeBits, long timestampBegin, long timestampEnd, long streamId,
        long writtenBegin, long writtenEnd) {

    /** Checks that the packet is self-consistent. */
    public Packet {
        if (offset < 0 || packetSizeBits <= 0 || packetSizeBits % 8 != 0 || contentSizeBits <= 0 || contentSizeBits > packetSizeBits) {
            throw new IllegalArgumentException("inconsistent packet at offset " + offset + ": packet size " + packetSizeBits
                    + " bits, content size " + contentSizeBits + " bits");
        }
        if (timestampEnd < timestampBegin) {
            throw new IllegalArgumentException("packet at offset " + offset + " ends (" + timestampEnd + ") before it begins (" + timestampBegin + ")");
        }
    }

    /**
     * A packet whose written bounds are its span: every packet of a trace that keeps to CTF.
     *
     * @param offset
     *            byte offset of the packet in its stream file
     * @param packetSizeBits
     *            size of the packet, padding included, in bits
     * @param contentSizeBits
     *            size of the packet's content, in bits
     * @param timestampBegin
     *            {@code timestamp_begin}, in clock cycles
     * @param timestampEnd
     *            {@code timestamp_end}, in clock cycles
     * @param streamId
     *            the CTF stream class id of the packet
     */
    public Packet(long offset, long packetSizeBits, long contentSizeBits, long timestampBegin, long timestampEnd, long streamId) {
        this(offset, packetSizeBits, contentSizeBits, timestampBegin, timestampEnd, streamId, timestampBegin, timestampEnd);
    }

    /**
     * @param begin
     *            the span's new begin
     * @param end
     *            the span's new end
     * @return this packet spanning another time, its written bounds kept
     */
    Packet spanning(long begin, long end) {
        return new Packet(offset, packetSizeBits, contentSizeBits, begin, end, streamId, writtenBegin, writtenEnd);
    }

    /** @return the size of the packet in bytes */
    public long sizeBytes() {
        return packetSizeBits / 8;
    }

    /** @return the byte offset just past the packet */
    public long end() {
        return offset + sizeBytes();
    }
}
