// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.redis.core;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.sextant.redis.core.RequestSegment;

/**
 * What the parallel build of the Redis model saw besides its state, kept beside its history: the requests (the
 * Events Latency views' segments) and the hops of their paths (Netflow's arrows, the Request Paths listing), in
 * the order the merge completed them, so that one build serves every Redis view. The file is a magic number, a
 * version, then each list as a count and its items' fields.
 *
 * @param requests
 *            the requests
 * @param links
 *            the hops
 */
public record RedisCompanion(List<RequestSegment> requests, List<LinkSegment> links) {

    private static final int MAGIC = 0x5358_5243; // "SXRC"
    private static final int VERSION = 1;

    /**
     * @param file
     *            the file to write
     * @throws IOException
     *             when it cannot be written
     */
    public void write(Path file) throws IOException {
        try (DataOutputStream out = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(file), 1 << 16))) {
            out.writeInt(MAGIC);
            out.writeInt(VERSION);
            out.writeInt(requests.size());
            for (RequestSegment request : requests) {
                out.writeLong(request.getStart());
                out.writeLong(request.getEnd());
                out.writeUTF(request.node());
                out.writeInt(request.fd());
                out.writeUTF(request.command());
                out.writeUTF(request.peer());
            }
            out.writeInt(links.size());
            for (LinkSegment link : links) {
                out.writeLong(link.getStart());
                out.writeLong(link.getEnd());
                out.writeUTF(link.kind());
                out.writeUTF(link.fromNode());
                out.writeInt(link.fromFd());
                out.writeUTF(link.toNode());
                out.writeInt(link.toFd());
                out.writeUTF(link.label());
            }
        }
    }

    /**
     * @param file
     *            a file {@link #write} wrote
     * @return what it holds
     * @throws IOException
     *             when it cannot be read or is not such a file (the message names it)
     */
    public static RedisCompanion read(Path file) throws IOException {
        try (DataInputStream in = new DataInputStream(new BufferedInputStream(Files.newInputStream(file), 1 << 16))) {
            if (in.readInt() != MAGIC || in.readInt() != VERSION) {
                throw new IOException(file + ": not a Redis companion file of version " + VERSION); //$NON-NLS-1$
            }
            int count = count(in, file);
            List<RequestSegment> requests = new ArrayList<>(Math.min(count, 1 << 20));
            for (int i = 0; i < count; i++) {
                requests.add(new RequestSegment(in.readLong(), in.readLong(), in.readUTF(), in.readInt(), in.readUTF(), in.readUTF()));
            }
            count = count(in, file);
            List<LinkSegment> links = new ArrayList<>(Math.min(count, 1 << 20));
            for (int i = 0; i < count; i++) {
                links.add(new LinkSegment(in.readLong(), in.readLong(), in.readUTF(), in.readUTF(), in.readInt(), in.readUTF(), in.readInt(), in.readUTF()));
            }
            if (in.read() != -1) {
                throw new IOException(file + ": bytes after its last hop"); //$NON-NLS-1$
            }
            return new RedisCompanion(requests, links);
        } catch (EOFException e) {
            throw new IOException(file + ": truncated", e); //$NON-NLS-1$
        }
    }

    private static int count(DataInputStream in, Path file) throws IOException {
        int count = in.readInt();
        if (count < 0) {
            throw new IOException(file + ": a negative count, " + count); //$NON-NLS-1$
        }
        return count;
    }
}
