// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.redis.core;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceManager;
import org.sextant.ctf.model.CtfMetadata;
import org.sextant.ctf.model.CtfTrace;
import org.sextant.ctf.model.CtfType;
import org.sextant.ctf.model.Packet;
import org.sextant.ctf.model.PacketLayout;
import org.sextant.ctf.model.PacketLayouts;
import org.sextant.ctf.model.TraceFormatException;
import org.sextant.parallel.core.HostTimes;

/**
 * The CTF traces of a Redis recording as Sextant's parallel builder reads them: which members hold Redis
 * events, the fields of those events, and whether the tracer discarded any.
 */
public final class RedisRecording {

    private static final String METADATA = "metadata"; //$NON-NLS-1$
    private static final String PROVIDER = "redis:"; //$NON-NLS-1$
    private static final String DISCARDED = "events_discarded"; //$NON-NLS-1$

    private RedisRecording() {
    }

    /**
     * @param trace
     *            a trace or an experiment
     * @return the directories of its CTF traces that declare Redis events, in the experiment's order, each with
     *         the nanoseconds to add to the codec's times to have Trace Compass's ({@link HostTimes#shift})
     * @throws IOException
     *             when a trace's times cannot be placed as Trace Compass places them (a synchronised experiment)
     */
    public static Map<Path, Long> members(ITmfTrace trace) throws IOException {
        Map<Path, Long> members = new LinkedHashMap<>();
        for (ITmfTrace member : TmfTraceManager.getTraceSet(trace)) {
            Path directory = Path.of(member.getPath());
            if (Files.isRegularFile(directory.resolve(METADATA)) && RedisTraces.hasRedisEvents(member)) {
                members.put(directory, HostTimes.shift(member));
            }
        }
        return members;
    }

    /**
     * @param traces
     *            CTF trace directories
     * @return the decoder's names of every field of their Redis events, with the process and thread contexts
     * @throws TraceFormatException
     *             when a metadata file cannot be read
     * @throws IOException
     *             when a file cannot be read
     */
    public static Set<String> fields(Collection<Path> traces) throws TraceFormatException, IOException {
        Set<String> fields = new HashSet<>(RedisChunkAnalysis.CONTEXTS);
        for (Path trace : traces) {
            CtfMetadata metadata = CtfMetadata.read(trace.resolve(METADATA));
            for (Long stream : metadata.streams().keySet()) {
                for (CtfMetadata.EventClass event : metadata.events(stream).values()) {
                    if (event.name().startsWith(PROVIDER) && event.fields() instanceof CtfType.Struct struct) {
                        fields.addAll(struct.fields().keySet());
                    }
                }
            }
        }
        return fields;
    }

    /**
     * @param trace
     *            a CTF trace directory
     * @return where the tracer first discarded events, "STREAM at offset N: K events discarded", or null when it
     *         discarded none (or its packets do not count them)
     * @throws TraceFormatException
     *             when the trace cannot be read as CTF
     * @throws IOException
     *             when a file cannot be read
     */
    public static @Nullable String firstDiscard(Path trace) throws TraceFormatException, IOException {
        CtfTrace ctf = CtfTrace.open(trace);
        Map<Long, PacketLayout> layouts = PacketLayouts.of(ctf.metadata(), trace.resolve(METADATA));
        for (Map.Entry<Path, List<Packet>> stream : ctf.packets().entrySet()) {
            try (FileChannel channel = FileChannel.open(stream.getKey(), StandardOpenOption.READ)) {
                long before = 0;
                for (Packet packet : stream.getValue()) {
                    PacketLayout layout = layouts.get(packet.streamId());
                    PacketLayout.Field field = layout == null ? null : layout.field(DISCARDED).orElse(null);
                    if (field == null || field.bitOffset() % 8 != 0 || field.bits() % 8 != 0) {
                        break;
                    }
                    long discarded = read(channel, packet.offset() + field.bitOffset() / 8, field);
                    if (discarded != before) {
                        return stream.getKey() + " at offset " + packet.offset() + ": " + (discarded - before) + " events discarded"; //$NON-NLS-1$ //$NON-NLS-2$
                    }
                    before = discarded;
                }
            }
        }
        return null;
    }

    /** The byte-aligned unsigned integer of a packet's context at that offset of the file. */
    private static long read(FileChannel channel, long offset, PacketLayout.Field field) throws IOException {
        ByteBuffer buffer = ByteBuffer.allocate(field.bits() / 8).order(field.order());
        channel.read(buffer, offset);
        buffer.flip();
        return switch (field.bits()) {
        case 8 -> Byte.toUnsignedLong(buffer.get());
        case 16 -> Short.toUnsignedLong(buffer.getShort());
        case 32 -> Integer.toUnsignedLong(buffer.getInt());
        default -> buffer.getLong();
        };
    }
}
