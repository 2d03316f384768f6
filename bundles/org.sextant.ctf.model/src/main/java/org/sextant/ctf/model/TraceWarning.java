// SPDX-License-Identifier: EPL-2.0
package org.sextant.ctf.model;

import java.nio.file.Path;
import java.util.Locale;

/**
 * A departure from CTF 1.8 that the codec reads past, as babeltrace2 or Trace Compass do, instead of refusing the
 * trace: known tracer bugs whose events are still whole and in order. Each is named, with the file and offset
 * where it lies, so that a caller can print it; the codec never reads past one silently, nor "fixes" the
 * events themselves: only the time bounds it gives the packets are widened, within what the neighbouring
 * packets allow, so that partitioning and merging stay right.
 *
 * @param kind
 *            which departure
 * @param file
 *            the file where it lies
 * @param offset
 *            its byte offset in the file, or -1 when it concerns the whole file
 * @param detail
 *            what was found, with the values
 */
public record TraceWarning(Kind kind, Path file, long offset, String detail) {

    /** The departures read past. */
    public enum Kind {
        /**
         * An event before its packet's {@code timestamp_begin}: barectf before 2.3.1 (babeltrace2 reads such
         * traces from those versions only). The packet's begin is taken from its first event.
         */
        EVENT_BEFORE_PACKET,
        /**
         * An event after its packet's {@code timestamp_end}: LTTng-UST before 2.11, LTTng-modules before 2.9.13,
         * 2.10.10 and 2.11 took a packet's end time before its last event's. The packet then ends where the next
         * one begins (the stream's last packet at its last event), as babeltrace2 does.
         */
        EVENT_AFTER_PACKET,
        /**
         * A packet whose {@code timestamp_end} lies after the next packet's {@code timestamp_begin}, by the same
         * LTTng bug: its events still come before the next packet's (which is checked), so the packet is taken
         * to end where the next one begins.
         */
        PACKETS_OVERLAP,
        /**
         * A packet of {@code timestamp_end} 0: LTTng's crash extraction ({@code lttng-crash}) of buffers never
         * closed. It ends where the next packet begins, or at its last event.
         */
        PACKET_END_ZERO,
        /**
         * An index file beside a stream that is not LTTng's CTF index (an early LTTng's {@code CTFIDX}): it is
         * not read; the packets are found from their headers, as they always are.
         */
        INDEX_NOT_LTTNG,
        /**
         * A clock whose offset puts its times past the 2^63 nanoseconds a long holds (Trace Compass's
         * {@code funky_trace}): times convert modulo 2^64, as Trace Compass converts them since it reads {@code offset_s} (6.2 ignores it), in order within and
         * across streams (checked), but not as dates.
         */
        CLOCK_WRAPS;

        /** @return the name as printed: {@code event-after-packet} */
        public String label() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }
    }

    /** @return {@code FILE at offset N: warning KIND: DETAIL}, in the shape of the codec's errors */
    @Override
    public String toString() {
        return file + (offset >= 0 ? " at offset " + offset : "") + ": warning " + kind.label() + ": " + detail;
    }
}
