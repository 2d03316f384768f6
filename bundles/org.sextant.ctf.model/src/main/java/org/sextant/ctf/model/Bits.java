// SPDX-License-Identifier: EPL-2.0
package org.sextant.ctf.model;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Reads CTF integers from a buffer: unsigned, at any bit offset, up to 64 bits, in either byte order. Shared by
 * the packet scanner (header fields) and the event reader (every integer of every event).
 */
final class Bits {

    private Bits() {
    }

    /**
     * @param buffer
     *            the data (its byte order is changed as the read needs)
     * @param bitOffset
     *            where the integer starts, in bits from the start of the buffer
     * @param bits
     *            its width, 1 to 64
     * @param order
     *            its byte order
     * @return its value, unsigned (a 64-bit value may come out negative)
     */
    static long unsigned(ByteBuffer buffer, long bitOffset, int bits, ByteOrder order) {
        if ((bitOffset & 7) == 0 && (bits & 7) == 0) {
            return bytes(buffer, (int) (bitOffset >>> 3), bits >>> 3, order);
        }
        long value = 0;
        if (order == ByteOrder.LITTLE_ENDIAN) {
            for (int i = bits - 1; i >= 0; i--) { // least significant bit first, from bit 0 of each byte
                long bit = bitOffset + i;
                value = (value << 1) | ((buffer.get((int) (bit >>> 3)) >>> (bit & 7)) & 1);
            }
        } else {
            for (int i = 0; i < bits; i++) { // most significant bit first, from bit 7 of each byte
                long bit = bitOffset + i;
                value = (value << 1) | ((buffer.get((int) (bit >>> 3)) >>> (7 - (bit & 7))) & 1);
            }
        }
        return value;
    }

    /** A byte-aligned integer of {@code count} bytes: one access for the usual widths. */
    private static long bytes(ByteBuffer buffer, int at, int count, ByteOrder order) {
        buffer.order(order);
        switch (count) {
        case 1:
            return buffer.get(at) & 0xFFL;
        case 2:
            return buffer.getShort(at) & 0xFFFFL;
        case 4:
            return buffer.getInt(at) & 0xFFFFFFFFL;
        case 8:
            return buffer.getLong(at);
        default:
            break;
        }
        long value = 0;
        if (order == ByteOrder.LITTLE_ENDIAN) {
            for (int i = count - 1; i >= 0; i--) {
                value = (value << 8) | (buffer.get(at + i) & 0xFF);
            }
        } else {
            for (int i = 0; i < count; i++) {
                value = (value << 8) | (buffer.get(at + i) & 0xFF);
            }
        }
        return value;
    }
}
