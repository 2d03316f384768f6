// SPDX-License-Identifier: EPL-2.0
package org.sextant.parallel.model;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.sextant.ctf.model.CtfTrace;
import org.sextant.ctf.model.Packet;
import org.sextant.ctf.model.TraceFormatException;

/**
 * Splits a CTF trace into chunks: per stream, consecutive packets grouped up to a target size (a chunk has at
 * least one packet, so a packet larger than the target is a chunk of its own), all chunks in chronological order.
 * The packets are the codec's ({@link CtfTrace}).
 */
public final class Partitioner {

    /** The default target chunk size: large enough to amortise a worker's start-up, small enough to balance. */
    public static final long DEFAULT_CHUNK_BYTES = 8L << 20;

    private Partitioner() {
    }

    /**
     * The partition of a trace.
     *
     * @param trace
     *            the trace, with the packets of each stream
     * @param chunks
     *            the chunks, in chronological order
     */
    public record Partition(CtfTrace trace, List<Chunk> chunks) {

        /** @return the packets of each stream file, in file order */
        public Map<Path, List<Packet>> packets() {
            return trace.packets();
        }

        /** @return how many streams had an index (the others were scanned) */
        public int indexed() {
            return trace.indexedStreams();
        }
    }

    /**
     * Partitions a CTF trace directory.
     *
     * @param traceDirectory
     *            a directory holding {@code metadata} and stream files
     * @param targetChunkBytes
     *            the target chunk size in bytes
     * @return the partition
     * @throws TraceFormatException
     *             when the metadata, an index or a stream cannot be read as CTF; the message names the file
     * @throws IOException
     *             when a file cannot be read
     */
    public static Partition partition(Path traceDirectory, long targetChunkBytes) throws TraceFormatException, IOException {
        checkTarget(targetChunkBytes);
        return partition(CtfTrace.open(traceDirectory), targetChunkBytes);
    }

    /**
     * Partitions an opened CTF trace.
     *
     * @param trace
     *            the trace
     * @param targetChunkBytes
     *            the target chunk size in bytes
     * @return the partition
     */
    public static Partition partition(CtfTrace trace, long targetChunkBytes) {
        checkTarget(targetChunkBytes);
        List<Chunk> chunks = new ArrayList<>();
        trace.packets().forEach((stream, list) -> chunks.addAll(chunks(stream, list, targetChunkBytes)));
        chunks.sort(Chunk.CHRONOLOGICAL);
        return new Partition(trace, chunks);
    }

    private static void checkTarget(long targetChunkBytes) {
        if (targetChunkBytes <= 0) {
            throw new IllegalArgumentException("the target chunk size must be positive, not " + targetChunkBytes);
        }
    }

    /**
     * Groups one stream's packets into chunks of about {@code targetChunkBytes}.
     *
     * @param stream
     *            the stream file
     * @param packets
     *            its packets, in file order
     * @param targetChunkBytes
     *            the target chunk size
     * @return the chunks, in file order
     */
    public static List<Chunk> chunks(Path stream, List<Packet> packets, long targetChunkBytes) {
        List<Chunk> chunks = new ArrayList<>();
        int first = 0;
        while (first < packets.size()) {
            int last = first;
            long bytes = packets.get(first).sizeBytes();
            while (last + 1 < packets.size() && bytes + packets.get(last + 1).sizeBytes() <= targetChunkBytes) {
                bytes += packets.get(++last).sizeBytes();
            }
            Packet start = packets.get(first);
            Packet end = packets.get(last);
            chunks.add(new Chunk(stream, first, last - first + 1, start.offset(), end.end(), start.timestampBegin(), end.timestampEnd()));
            first = last + 1;
        }
        return chunks;
    }
}
