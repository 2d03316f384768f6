// SPDX-License-Identifier: EPL-2.0
package org.sextant.redis.model;

import java.util.Locale;

/** What a connection of a Redis node carries, as the tracer names it ({@code docs/redis-events.md}). */
public enum ConnectionKind {
    /** Requests of a client, and their replies. */
    CLIENT,
    /** Cluster bus messages between two nodes. */
    BUS,
    /** Replication between a primary and a replica. */
    REPLICA,
    /** Not known (yet): a connection seen first in the middle of its life, or connected out and still silent. */
    UNKNOWN;

    /** @return the name in events and in the state system: lower case */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * @param label
     *            a kind's name as events give it, or anything else
     * @return that kind; {@link #UNKNOWN} for a name no kind has
     */
    public static ConnectionKind of(String label) {
        for (ConnectionKind kind : values()) {
            if (kind.label().equals(label)) {
                return kind;
            }
        }
        return UNKNOWN;
    }
}
