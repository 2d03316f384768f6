// SPDX-License-Identifier: EPL-2.0
package org.sextant.redis.model;

import java.util.List;
import java.util.Locale;

/**
 * The message types of the Redis Cluster bus (Redis 7's {@code CLUSTERMSG_TYPE_*}), and the names Redis's own
 * {@code CLUSTER INFO} gives their counters ({@code cluster_stats_messages_<name>_sent}).
 */
public final class BusMessages {

    private static final List<String> NAMES = List.of("PING", "PONG", "MEET", "FAIL", "PUBLISH",
            "FAILOVER_AUTH_REQUEST", "FAILOVER_AUTH_ACK", "UPDATE", "MFSTART", "MODULE", "PUBLISHSHARD");

    private BusMessages() {
    }

    /**
     * @param type
     *            a message type number from a bus header
     * @return its name, {@code UNKNOWN_<n>} for a number Redis 7 does not define
     */
    public static String name(int type) {
        return type >= 0 && type < NAMES.size() ? NAMES.get(type) : "UNKNOWN_" + type;
    }

    /**
     * @param name
     *            a message type name of {@link #name}
     * @return the name {@code CLUSTER INFO} uses for its counters ({@code auth-req} for
     *         {@code FAILOVER_AUTH_REQUEST}, {@code ping} for {@code PING})
     */
    public static String clusterInfoName(String name) {
        return switch (name) {
            case "FAILOVER_AUTH_REQUEST" -> "auth-req";
            case "FAILOVER_AUTH_ACK" -> "auth-ack";
            default -> name.toLowerCase(Locale.ROOT);
        };
    }
}
