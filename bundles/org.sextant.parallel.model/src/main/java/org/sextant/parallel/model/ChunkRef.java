// SPDX-License-Identifier: EPL-2.0
package org.sextant.parallel.model;

import java.io.Serializable;

/**
 * A chunk of a trace as a task is sent it: which packets of which stream file, and its place among the trace's
 * chunks in merge order. The task cuts the trace again ({@link SplitTrace#open}) and checks that its chunk of that
 * place is this one, so a trace changed under a job is an error, never another chunk's events.
 *
 * @param index
 *            the chunk's place in merge order, from 0
 * @param stream
 *            the stream file's name in the trace directory
 * @param firstPacket
 *            index of the chunk's first packet in the stream
 * @param packets
 *            how many packets
 * @param bytes
 *            the chunk's size in bytes
 */
public record ChunkRef(int index, String stream, int firstPacket, int packets, long bytes) implements Serializable {

    private static final long serialVersionUID = 1L;

    static ChunkRef of(int index, Chunk chunk) {
        return new ChunkRef(index, chunk.stream().getFileName().toString(), chunk.firstPacket(), chunk.packets(), chunk.bytes());
    }
}
