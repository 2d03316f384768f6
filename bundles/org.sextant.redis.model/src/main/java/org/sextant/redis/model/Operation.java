// SPDX-License-Identifier: EPL-2.0
package org.sextant.redis.model;

/**
 * What a thread of a Redis node, its event loop or one of its connections is doing: the values of the
 * Threads, Event-loop and Connections attributes.
 */
public enum Operation {
    /** In the event loop's wait ({@code epoll_wait}). */
    WAITING("waiting"),
    /** Reading a client's query. */
    READING("reading"),
    /** Executing a command. */
    EXECUTING("executing"),
    /** Writing a reply (or a published message) to a client. */
    WRITING("writing"),
    /** Reading from the cluster bus. */
    BUS_READING("bus read"),
    /** Writing to the cluster bus. */
    BUS_WRITING("bus write"),
    /** Between traced calls: running code of its own (for a connection: open, nothing in progress). */
    IDLE("idle"),
    /** A connection only: two threads work on it at once ({@link RedisTracker}'s races). */
    RACE("race");

    private final String fLabel;

    Operation(String label) {
        fLabel = label;
    }

    /** @return the value in the state system */
    public String label() {
        return fLabel;
    }
}
