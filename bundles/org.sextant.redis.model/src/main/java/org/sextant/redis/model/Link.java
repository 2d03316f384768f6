// SPDX-License-Identifier: EPL-2.0
package org.sextant.redis.model;

/**
 * One hop of a request's path across connections and nodes, from a point on one connection to a later point on
 * another: what the Netflow view draws as an arrow and the Request path lists.
 *
 * @param kind
 *            what carried it
 * @param start
 *            nanoseconds, on the source connection
 * @param fromNode
 *            the source node's key
 * @param fromFd
 *            the source connection
 * @param end
 *            nanoseconds, on the destination connection
 * @param toNode
 *            the destination node's key
 * @param toFd
 *            the destination connection
 * @param label
 *            what travelled: the command, the bus message type, or the bytes of the replication stream
 */
public record Link(Kind kind, long start, String fromNode, int fromFd, long end, String toNode, int toFd, String label) {

    /** What a hop is. */
    public enum Kind {
        /**
         * A MOVED or ASK reply on one node, to the same client's retry of the same command with the same key slot on
         * the node the reply named.
         */
        REDIRECT,
        /** A PUBLISH command executing on a node, to each bus message it broadcast (its fan-out). */
        FAN_OUT,
        /** A bus message written on one node's outgoing link, to its reading on the peer node. */
        BUS,
        /** A primary's write to a replica, to the replica's read that brought its last byte. */
        REPLICATION
    }

    /** @return the hop's duration in nanoseconds */
    public long duration() {
        return end - start;
    }
}
