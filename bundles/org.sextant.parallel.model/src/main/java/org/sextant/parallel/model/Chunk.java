// SPDX-License-Identifier: EPL-2.0
package org.sextant.parallel.model;

import java.nio.file.Path;
import java.util.Comparator;

/**
 * Consecutive packets of one stream that a worker decodes on its own: a byte range of the stream file and the
 * time range its events span.
 *
 * @param stream
 *            the stream file
 * @param firstPacket
 *            index of the first packet in the stream's packet list
 * @param packets
 *            number of packets
 * @param startOffset
 *            byte offset of the first packet
 * @param endOffset
 *            byte offset just past the last packet
 * @param timestampBegin
 *            first packet's begin timestamp (clock cycles)
 * @param timestampEnd
 *            last packet's end timestamp (clock cycles)
 */
public record Chunk(Path stream, int firstPacket, int packets, long startOffset, long endOffset, long timestampBegin, long timestampEnd) {

    /** Chronological order: by begin time, then stream and offset, so that the order is total and stable. */
    public static final Comparator<Chunk> CHRONOLOGICAL = Comparator.comparingLong(Chunk::timestampBegin)
            .thenComparing(chunk -> chunk.stream().toString()).thenComparingLong(Chunk::startOffset);

    /** @return the size of the chunk in bytes */
    public long bytes() {
        return endOffset - startOffset;
    }
}
