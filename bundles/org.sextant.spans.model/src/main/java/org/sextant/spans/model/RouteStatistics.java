// SPDX-License-Identifier: EPL-2.0
package org.sextant.spans.model;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

import org.sextant.common.model.series.DurationStats;

/**
 * What one service served on one route: how many requests, how many failed, their latency percentiles, and the
 * calls it made for them (requests to other services by service and route, Redis commands by command).
 *
 * @param service
 *            the serving service's name
 * @param route
 *            the route ({@link Routes})
 * @param count
 *            server spans
 * @param errors
 *            of which failed: a 5xx status or no response
 * @param latency
 *            the latency of those that completed; empty when none did
 * @param outgoing
 *            calls made on their behalf: "orders GET /orders/:id" (or the Host called, when untraced) and
 *            "redis get", in name order
 */
public record RouteStatistics(String service, String route, int count, int errors, Optional<DurationStats> latency, Map<String, Long> outgoing) {

    /**
     * @param graph
     *            the spans
     * @return the statistics of every service and route served, by service then route
     */
    public static List<RouteStatistics> of(SpanGraph graph) {
        Map<String, Map<String, List<Span>>> groups = new TreeMap<>();
        for (Span span : graph.spans()) {
            if (span.kind() == SpanKind.SERVER) {
                groups.computeIfAbsent(span.service().name(), s -> new TreeMap<>()).computeIfAbsent(span.route(), r -> new ArrayList<>()).add(span);
            }
        }
        List<RouteStatistics> result = new ArrayList<>();
        groups.forEach((service, routes) -> routes.forEach((route, spans) -> result.add(of(service, route, spans))));
        return result;
    }

    private static RouteStatistics of(String service, String route, List<Span> spans) {
        int errors = 0;
        long[] durations = spans.stream().filter(Span::complete).mapToLong(Span::duration).toArray();
        Map<String, Long> outgoing = new TreeMap<>();
        for (Span span : spans) {
            errors += span.error() ? 1 : 0;
            for (Span child : span.children()) {
                outgoing.merge(callee(child) + ' ' + child.route(), 1L, Long::sum);
            }
            for (RedisCommand command : span.redisCommands()) {
                outgoing.merge("redis " + command.command(), 1L, Long::sum);
            }
        }
        return new RouteStatistics(service, route, spans.size(), errors, durations.length == 0 ? Optional.empty() : Optional.of(DurationStats.of(durations)),
                new LinkedHashMap<>(outgoing));
    }

    /** @return the service a client span called: the traced server's name, else the Host it asked for */
    static String callee(Span client) {
        Span server = client.peer();
        return server != null ? server.service().name() : client.host().isEmpty() ? client.remote() : client.host();
    }
}
