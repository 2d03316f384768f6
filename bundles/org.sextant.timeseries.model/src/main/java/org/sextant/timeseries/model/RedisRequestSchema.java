// SPDX-License-Identifier: EPL-2.0
package org.sextant.timeseries.model;

import java.util.function.BiConsumer;

import org.sextant.redis.model.CommandType;
import org.sextant.redis.model.ConnectionKind;
import org.sextant.redis.model.Request;

/**
 * Turns the requests of the Redis model ({@link Request}: read start to reply write end, as the latency views show
 * them) into InfluxDB points, one per request, at its start (docs/timeseries.md):
 *
 * <pre>
 * measurement     tags                                       fields
 * redis_request   node, command, type, kind, [tie]           latency_ns, fd, [peer]
 * </pre>
 *
 * {@code node} is the node's address ("127.0.0.1:7001"), {@code type} the command's {@link CommandType} (read,
 * write, other), {@code kind} its connection's {@link ConnectionKind} (client, replica, unknown). Series are
 * bounded by nodes times the commands they served times connection kinds (Redis's command table bounds the
 * commands: an unknown one is refused before it runs, and is no request). The connection and the client are
 * fields, not tags: clients come and go (a benchmark opens hundreds of connections, a pool reconnects, each from a
 * new port), so as tags they would make series without bound; as fields they stay queryable
 * ({@code COUNT(DISTINCT("peer"))}). Pipelined requests start together (at the read that brought them), so
 * equal times in a series are common: {@link SeriesTable} ties them.
 */
public final class RedisRequestSchema extends PointSchema<RedisRequestSchema.Key> {

    /** The schema's version: bump when the measurement, a tag or a field changes. */
    public static final int VERSION = 1;
    /** The measurement. */
    public static final String MEASUREMENT = "redis_request";

    /**
     * A series: the node's name, the command and the connection's kind (the type follows from the command).
     *
     * @param node
     *            the node's name
     * @param command
     *            the command
     * @param kind
     *            the connection's kind
     */
    record Key(String node, String command, ConnectionKind kind) {
    }

    private static final BiConsumer<Key, LineProtocol> TAGS = (key, line) -> line.measurement(MEASUREMENT)
            .tag("command", key.command()).tag("kind", key.kind().label()).tag("node", key.node())
            .tag("type", CommandType.of(key.command()).label());

    /**
     * @param sink
     *            where the points go
     * @param maxSeries
     *            how many series the export may make at most
     */
    public RedisRequestSchema(LineSink sink, long maxSeries) {
        super(sink, maxSeries);
    }

    /**
     * Writes a request's point.
     *
     * @param request
     *            a request, not starting before the previous one
     * @param node
     *            its node's name: its address, or its key where it never listened in the trace
     * @param kind
     *            its connection's kind
     */
    public void accept(Request request, String node, ConnectionKind kind) {
        LineProtocol line = start(new Key(node, request.command(), kind), request.start(), TAGS);
        line.field("latency_ns", request.duration()).field("fd", request.fd());
        if (!request.peer().isEmpty()) {
            line.field("peer", request.peer());
        }
        end(request.start());
    }
}
