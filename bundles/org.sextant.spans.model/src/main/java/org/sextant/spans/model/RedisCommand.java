// SPDX-License-Identifier: EPL-2.0
package org.sextant.spans.model;

/**
 * A request served by a Redis node, as the Redis model measured it: from the start of the read of its query to
 * the end of the write of its reply on the node.
 *
 * @param start
 *            nanoseconds
 * @param end
 *            nanoseconds
 * @param node
 *            the Redis node's key (its process id)
 * @param fd
 *            the connection's descriptor on the node
 * @param peer
 *            the client's "address:port" as the node saw it; the empty string when unknown
 * @param command
 *            the command, lower case
 */
public record RedisCommand(long start, long end, String node, int fd, String peer, String command) {
}
