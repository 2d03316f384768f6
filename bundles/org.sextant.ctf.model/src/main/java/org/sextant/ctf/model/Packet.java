// SPDX-License-Identifier: EPL-2.0
package org.sextant.ctf.model;

/**
 * One packet of a CTF stream file: where it lies in the file and the time its events span.
 *
 * @param offset
 *            byte offset of the packet in its stream file
 * @param packetSizeBits
 *            size of the packet, padding included, in bits
 * @param contentSizeBits
 *            size of the packet's content (header, context and events), in bits
 * @param timestampBegin
 *            timestamp of the packet's first event, in clock cycles of the stream's clock
 * @param timestampEnd
 *            timestamp of the packet's last event, in clock cycles
 * @param streamId
 *            the CTF stream class id of the packet
 */
public record Packet(long offset, long packetSizeBits, long contentSizeBits, long timestampBegin, long timestampEnd, long streamId) {

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

    /** @return the size of the packet in bytes */
    public long sizeBytes() {
        return packetSizeBits / 8;
    }

    /** @return the byte offset just past the packet */
    public long end() {
        return offset + sizeBytes();
    }
}
