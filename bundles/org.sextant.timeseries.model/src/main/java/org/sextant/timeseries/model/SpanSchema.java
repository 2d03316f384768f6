// SPDX-License-Identifier: EPL-2.0
package org.sextant.timeseries.model;

import java.util.Locale;
import java.util.function.BiConsumer;

import org.sextant.spans.model.OtlpJson;
import org.sextant.spans.model.Span;

/**
 * Turns the HTTP spans of the span model ({@link Span}: one exchange as one process saw it) into InfluxDB points,
 * one per span, at its start (docs/timeseries.md):
 *
 * <pre>
 * measurement  tags                                   fields
 * span         service, kind, route, status, [tie]    [duration_ns], [status_code], trace_id, span_id,
 *                                                     [parent_id], redis_commands, error, target
 * </pre>
 *
 * {@code kind} is server or client, {@code route} the method and path with identifiers as {@code :id}
 * ({@code GET /users/:id}), {@code status} the response's class ({@code 2xx} ... {@code 5xx}, {@code none} when
 * no response head was seen). A span whose response never completed has no {@code duration_ns} and
 * {@code error} 1, as a 5xx has. Trace and span ids are those of the OTLP export ({@link OtlpJson}), so a point
 * leads to its span there; they are fields, not tags: a tag per trace would make a series per request. Series
 * are bounded by services times their routes times two kinds times the status classes; a route is bounded as
 * long as the identifiers in paths are numbers, UUIDs or hex ({@code Routes}), which the series limit guards.
 */
public final class SpanSchema extends PointSchema<SpanSchema.Key> {

    /** The schema's version: bump when the measurement, a tag or a field changes. */
    public static final int VERSION = 1;
    /** The measurement. */
    public static final String MEASUREMENT = "span";

    /**
     * A series: its tag values.
     *
     * @param service
     *            the service's name
     * @param kind
     *            server or client
     * @param route
     *            the route
     * @param status
     *            the status class
     */
    record Key(String service, String kind, String route, String status) {
    }

    private static final BiConsumer<Key, LineProtocol> TAGS = (key, line) -> line.measurement(MEASUREMENT)
            .tag("kind", key.kind()).tag("route", key.route()).tag("service", key.service()).tag("status", key.status());

    /**
     * @param sink
     *            where the points go
     * @param maxSeries
     *            how many series the export may make at most
     */
    public SpanSchema(LineSink sink, long maxSeries) {
        super(sink, maxSeries);
    }

    /**
     * @param status
     *            an HTTP status, or {@link Span#UNKNOWN}
     * @return its class as the {@code status} tag has it: "2xx", or "none"
     */
    public static String statusClass(int status) {
        return status < 100 || status > 599 ? "none" : status / 100 + "xx";
    }

    /**
     * Writes a span's point.
     *
     * @param span
     *            a span of a graph, not starting before the previous one
     */
    public void accept(Span span) {
        Key key = new Key(span.service().name(), span.kind().name().toLowerCase(Locale.ROOT), span.route(),
                statusClass(span.status()));
        LineProtocol line = start(key, span.start(), TAGS);
        if (span.complete()) {
            line.field("duration_ns", span.duration());
        }
        if (span.status() != Span.UNKNOWN) {
            line.field("status_code", span.status());
        }
        line.field("trace_id", OtlpJson.traceId(span)).field("span_id", OtlpJson.spanId(span));
        String parent = OtlpJson.parentId(span);
        if (!parent.isEmpty()) {
            line.field("parent_id", parent);
        }
        line.field("redis_commands", span.redisCommands().size()).field("error", span.error() ? 1 : 0)
                .field("target", span.target());
        end(span.start());
    }
}
