// SPDX-License-Identifier: EPL-2.0
package org.sextant.ctf.model;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The time span of each packet of a stream ({@link Packet}), from what its context says and, where it says
 * nothing or what a known tracer bug makes it say, from its events.
 *
 * <p>
 * Partitioning cuts streams between packets and the merge releases events older than the next chunk's begin,
 * so each packet needs a span that holds its events and that follows the previous packet's: the spans are
 * found when the trace is opened, before any chunk is cut. A packet context without timestamps (barectf's
 * default, DPDK's) times its packets by their events: the whole stream is decoded once at open, because the
 * clock of such a packet goes on from the previous packet's last event (CTF 1.8's clock update), so no packet's
 * times can be known without those before it; streams that carry their times pay nothing. The tracer bugs that
 * babeltrace2 reads past, for the tracer versions it reads them past for, widen a packet's span up to its
 * neighbour's, never beyond: decoding still checks every event against it and against the event before it.
 * Each departure is a {@link TraceWarning}, at open (a packet's written times) or when the event is decoded.
 * </p>
 */
final class PacketSpans {

    /** A provisional span end for packets whose end is not yet known: no event of a sound stream is after it. */
    private static final long UNKNOWN_END = Long.MAX_VALUE;

    private PacketSpans() {
    }

    /** Which of the tracer bugs babeltrace2 reads past the trace's tracer has, from the metadata's {@code env}. */
    record Quirks(boolean eventAfterPacket, boolean eventBeforePacket, boolean crash) {

        static Quirks of(Map<String, String> env) {
            String name = env.getOrDefault("tracer_name", "");
            long major = number(env.get("tracer_major"));
            long minor = number(env.get("tracer_minor"));
            long patch = number(env.getOrDefault("tracer_patch", env.get("tracer_patchlevel")));
            if (major < 0) {
                return new Quirks(false, false, false); // an unknown version has none of the known bugs
            }
            boolean lttng = name.equals("lttng-ust") || name.equals("lttng-modules");
            boolean afterPacket = switch (name) {
            case "lttng-ust" -> major < 2 || major == 2 && minor < 11;
            case "lttng-modules" -> major < 2 || major == 2 && (minor < 9 || minor == 9 && patch < 13 || minor == 10 && patch < 10);
            default -> false;
            };
            boolean beforePacket = name.equals("barectf") && (major < 2 || major == 2 && (minor < 3 || minor == 3 && patch < 1));
            return new Quirks(afterPacket, beforePacket, lttng);
        }

        /** A version number, 0 when absent (as babeltrace2 takes it), -1 when not a number. */
        private static long number(String value) {
            if (value == null) {
                return 0;
            }
            try {
                return Long.parseLong(value.trim());
            } catch (NumberFormatException e) {
                return -1;
            }
        }
    }

    /**
     * @param stream
     *            the stream file
     * @param written
     *            its packets as written
     * @param metadata
     *            the trace's metadata
     * @param quirks
     *            the bugs of the trace's tracer
     * @param warnings
     *            where departures go
     * @return the packets, each with its span
     * @throws TraceFormatException
     *             when a packet or event cannot be decoded, or a packet's times cannot hold its events
     * @throws IOException
     *             when the file cannot be read
     */
    static List<Packet> of(Path stream, List<PacketScanner.Written> written, CtfMetadata metadata, Quirks quirks, TraceWarnings warnings)
            throws TraceFormatException, IOException {
        if (written.stream().anyMatch(packet -> !packet.timed())) {
            return byEvents(stream, written, metadata, warnings);
        }
        int n = written.size();
        long[] begin = new long[n];
        long[] end = new long[n];
        boolean[] zeroEnd = new boolean[n];
        for (int i = 0; i < n; i++) {
            PacketScanner.Written packet = written.get(i);
            begin[i] = packet.begin();
            end[i] = packet.end();
            zeroEnd[i] = quirks.crash() && packet.end() == 0 && packet.begin() != 0;
            if (zeroEnd[i]) {
                warnings.add(new TraceWarning(TraceWarning.Kind.PACKET_END_ZERO, stream, packet.offset(), "timestamp_end 0 after timestamp_begin "
                        + Long.toUnsignedString(packet.begin()) + " (a crashed tracer's packet): it ends where the next packet begins, or at its last event"));
            }
        }
        if (quirks.eventBeforePacket()) {
            // barectf: the first event of a packet may come before its begin; the previous packet then ends there
            long[][] times = reader(stream, metadata, warnings).eventTimes(provisional(written, 0, UNKNOWN_END), true);
            for (int i = 0; i < n; i++) {
                if (Long.compareUnsigned(times[i][0], begin[i]) < 0) {
                    begin[i] = times[i][0];
                    if (i > 0 && Long.compareUnsigned(end[i - 1], begin[i]) > 0) {
                        end[i - 1] = begin[i];
                    }
                }
            }
        }
        for (int i = 0; i + 1 < n; i++) {
            if (quirks.eventAfterPacket() || zeroEnd[i]) {
                if (!zeroEnd[i] && Long.compareUnsigned(end[i], begin[i + 1]) > 0) {
                    warnings.add(new TraceWarning(TraceWarning.Kind.PACKETS_OVERLAP, stream, written.get(i).offset(), "timestamp_end "
                            + Long.toUnsignedString(end[i]) + " is after the next packet's timestamp_begin " + Long.toUnsignedString(begin[i + 1])
                            + " (offset " + written.get(i + 1).offset() + "): the packet is taken to end there"));
                }
                end[i] = begin[i + 1];
            }
        }
        if (n > 0 && (quirks.eventAfterPacket() || zeroEnd[n - 1])) {
            // The stream's last packet has no next one to end at: it ends at its last event, if after its written end.
            PacketScanner.Written last = written.get(n - 1);
            Packet open = new Packet(last.offset(), last.packetSizeBits(), last.contentSizeBits(), begin[n - 1], UNKNOWN_END, last.streamId());
            long lastEvent = reader(stream, metadata, warnings).eventTimes(List.of(open), false)[0][1];
            end[n - 1] = zeroEnd[n - 1] || Long.compareUnsigned(lastEvent, end[n - 1]) > 0 ? lastEvent : end[n - 1];
        }
        List<Packet> packets = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            PacketScanner.Written packet = written.get(i);
            try {
                packets.add(new Packet(packet.offset(), packet.packetSizeBits(), packet.contentSizeBits(), begin[i], end[i], packet.streamId(),
                        packet.begin(), zeroEnd[i] ? end[i] : packet.end()));
            } catch (IllegalArgumentException e) {
                throw new TraceFormatException(stream, packet.offset(), e.getMessage());
            }
        }
        return packets;
    }

    /** Packets without times in their context: spanning their first to last event, the clock going on. */
    private static List<Packet> byEvents(Path stream, List<PacketScanner.Written> written, CtfMetadata metadata, TraceWarnings warnings)
            throws TraceFormatException, IOException {
        long[][] times = reader(stream, metadata, warnings).eventTimes(provisional(written, 0, UNKNOWN_END), true);
        List<Packet> packets = new ArrayList<>(written.size());
        for (int i = 0; i < written.size(); i++) {
            PacketScanner.Written packet = written.get(i);
            try {
                packets.add(new Packet(packet.offset(), packet.packetSizeBits(), packet.contentSizeBits(), times[i][0], times[i][1], packet.streamId()));
            } catch (IllegalArgumentException e) {
                throw new TraceFormatException(stream, packet.offset(), e.getMessage());
            }
        }
        return packets;
    }

    /** The packets spanning from {@code begin} (the first; the clock goes on for the others) to a provisional end. */
    private static List<Packet> provisional(List<PacketScanner.Written> written, long begin, long end) {
        List<Packet> packets = new ArrayList<>(written.size());
        for (PacketScanner.Written packet : written) {
            packets.add(new Packet(packet.offset(), packet.packetSizeBits(), packet.contentSizeBits(), begin, end, packet.streamId()));
        }
        return packets;
    }

    private static EventReader reader(Path stream, CtfMetadata metadata, TraceWarnings warnings) {
        return new EventReader(stream, metadata, Set.of()).reportingTo(warnings);
    }
}
