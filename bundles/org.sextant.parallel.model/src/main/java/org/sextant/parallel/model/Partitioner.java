// SPDX-License-Identifier: EPL-2.0
package org.sextant.parallel.model;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Splits a CTF trace into chunks: per stream, consecutive packets grouped up to a target size (a chunk has at
 * least one packet, so a packet larger than the target is a chunk of its own), all chunks in chronological order.
 * Packets come from LTTng's index where a stream has one, otherwise from scanning the stream's packet headers.
 */
public final class Partitioner {

    /** The default target chunk size: large enough to amortise a worker's start-up, small enough to balance. */
    public static final long DEFAULT_CHUNK_BYTES = 8L << 20;

    private Partitioner() {
    }

    /**
     * The partition of a trace.
     *
     * @param packets
     *            the packets of each stream file, in file order
     * @param indexed
     *            how many streams had an index (the others were scanned)
     * @param chunks
     *            the chunks, in chronological order
     */
    public record Partition(Map<Path, List<Packet>> packets, int indexed, List<Chunk> chunks) {
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
        if (targetChunkBytes <= 0) {
            throw new IllegalArgumentException("the target chunk size must be positive, not " + targetChunkBytes);
        }
        Path metadata = traceDirectory.resolve("metadata");
        if (!Files.isRegularFile(metadata)) {
            throw new TraceFormatException(traceDirectory, -1, "not a CTF trace (no metadata file)");
        }
        Map<Long, PacketLayout> layouts = null;
        Map<Path, List<Packet>> packets = new LinkedHashMap<>();
        int indexed = 0;
        for (Path stream : streams(traceDirectory)) {
            Path index = PacketIndex.indexFileOf(stream);
            if (Files.isRegularFile(index)) {
                packets.put(stream, PacketIndex.read(index));
                indexed++;
            } else {
                if (layouts == null) {
                    layouts = PacketLayouts.read(metadata);
                }
                packets.put(stream, PacketScanner.scan(stream, layouts));
            }
        }
        List<Chunk> chunks = new ArrayList<>();
        packets.forEach((stream, list) -> chunks.addAll(chunks(stream, list, targetChunkBytes)));
        chunks.sort(Chunk.CHRONOLOGICAL);
        return new Partition(packets, indexed, chunks);
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

    /** The stream files of a trace directory: every regular, non-hidden file but the metadata, by name. */
    private static List<Path> streams(Path traceDirectory) throws IOException {
        try (Stream<Path> files = Files.list(traceDirectory)) {
            return files.filter(Files::isRegularFile)
                    .filter(file -> !file.getFileName().toString().equals("metadata") && !file.getFileName().toString().startsWith("."))
                    .sorted().toList();
        }
    }
}
