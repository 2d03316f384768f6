// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.spans.core;

import java.util.ArrayList;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;

import org.sextant.redis.core.RedisConnectionKey;
import org.sextant.spans.model.RedisCommand;
import org.sextant.spans.model.Span;

/**
 * What a span's tree (the span, the calls it made and, through them, the spans that served them) sent to Redis:
 * what a span leads to in the Redis views, since a gateway's request reaches Redis only through the services it
 * called.
 */
final class SpanTrees {

    private SpanTrees() {
    }

    /** @return the Redis commands of the span's tree, the span's own first, then its children's, depth first */
    static List<RedisCommand> commands(Span span) {
        List<RedisCommand> commands = new ArrayList<>();
        collect(span, commands);
        return commands;
    }

    private static void collect(Span span, List<RedisCommand> commands) {
        commands.addAll(span.redisCommands());
        for (Span child : span.children()) {
            collect(child, commands);
        }
    }

    /** @return the keys of the Redis connections the span's tree used, sorted */
    static SortedSet<String> connections(Span span) {
        SortedSet<String> keys = new TreeSet<>();
        commands(span).forEach(command -> keys.add(connection(command)));
        return keys;
    }

    /** @return the key of the connection the command was sent on */
    static String connection(RedisCommand command) {
        return RedisConnectionKey.of(command.node(), command.fd());
    }
}
