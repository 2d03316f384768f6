// SPDX-License-Identifier: EPL-2.0
package org.sextant.redis.model;

/**
 * One client request, from the start of the read that brought its first bytes to the end of the write of its
 * reply: its latency as the client's connection sees it on the server.
 *
 * @param start
 *            read start, in nanoseconds
 * @param end
 *            write end, in nanoseconds
 * @param node
 *            the node's key (its process id)
 * @param fd
 *            the connection's descriptor
 * @param command
 *            the command's name, lower case
 * @param peer
 *            the client's address and port, or the empty string when the connection's start was not traced
 */
public record Request(long start, long end, String node, int fd, String command, String peer) {

    /** @return the latency in nanoseconds */
    public long duration() {
        return end - start;
    }
}
