// SPDX-License-Identifier: EPL-2.0
package org.sextant.spans.model;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Writes spans as an OpenTelemetry {@code ExportTraceServiceRequest} in the OTLP/JSON encoding: one
 * {@code resourceSpans} per service (resource attribute {@code service.name}, {@code process.pid}) and per Redis
 * node, lowerCamelCase keys, trace and span ids as hex, enums as numbers, 64-bit times as decimal strings.
 *
 * <p>
 * A trace's id is the {@code traceparent}'s where a span of the tree carried one, so the export lines up with
 * what the callers logged; otherwise it is derived from the root span. Span ids are derived from each span's
 * process, connection, request number and start, so one recording always exports the same ids. A root server
 * span whose request carried a {@code traceparent} keeps the untraced caller's span id as its parent. Redis commands become
 * server spans of their node, children of the span that sent them. A span whose response never came ends at
 * the last time known of it, with status error.
 * </p>
 */
public final class OtlpJson {

    private static final String SCOPE = "org.sextant.spans";
    private static final int STATUS_ERROR = 2;

    private final SpanGraph fGraph;
    private final Appendable fOut;

    private OtlpJson(SpanGraph graph, Appendable out) {
        fGraph = graph;
        fOut = out;
    }

    /**
     * @param graph
     *            the spans
     * @param out
     *            where the JSON document goes
     * @throws IOException
     *             when it cannot be written
     */
    public static void write(SpanGraph graph, Appendable out) throws IOException {
        new OtlpJson(graph, out).write();
    }

    private void write() throws IOException {
        Map<Service, List<Span>> byService = new LinkedHashMap<>();
        fGraph.services().forEach(s -> byService.put(s, new ArrayList<>()));
        fGraph.spans().forEach(s -> byService.get(s.service()).add(s));
        Map<String, List<RedisCommand>> byNode = new LinkedHashMap<>();
        for (RedisCommand command : fGraph.redisCommands()) {
            if (fGraph.spanOf(command).isPresent()) {
                byNode.computeIfAbsent(command.node(), n -> new ArrayList<>()).add(command);
            }
        }
        fOut.append("{\"resourceSpans\":[");
        boolean first = true;
        for (Map.Entry<Service, List<Span>> entry : byService.entrySet()) {
            if (entry.getValue().isEmpty()) {
                continue;
            }
            first = resource(first, entry.getKey().name(), entry.getKey().key());
            for (int i = 0; i < entry.getValue().size(); i++) {
                span(i > 0, entry.getValue().get(i));
            }
            fOut.append("]}]}");
        }
        for (Map.Entry<String, List<RedisCommand>> entry : byNode.entrySet()) {
            first = resource(first, "redis", entry.getKey());
            for (int i = 0; i < entry.getValue().size(); i++) {
                redis(i > 0, entry.getValue().get(i));
            }
            fOut.append("]}]}");
        }
        fOut.append("]}\n");
    }

    private boolean resource(boolean first, String service, String pid) throws IOException {
        fOut.append(first ? "" : ",").append("{\"resource\":{\"attributes\":[");
        attribute(false, "service.name", service);
        fOut.append(",{\"key\":\"process.pid\",\"value\":{\"intValue\":\"").append(pid).append("\"}}");
        fOut.append("]},\"scopeSpans\":[{\"scope\":{\"name\":\"").append(SCOPE).append("\"},\"spans\":[");
        return false;
    }

    private void span(boolean comma, Span span) throws IOException {
        long end = span.complete() ? span.end() : Math.max(span.start(), Math.max(span.requestEnd(), span.responseStart()));
        fOut.append(comma ? "," : "").append('{');
        ids(traceId(span), spanId(span), parentId(span));
        fOut.append(",\"name\":").append(quote(span.route()));
        fOut.append(",\"kind\":").append(Integer.toString(span.kind().otlp()));
        times(span.start(), end);
        fOut.append(",\"attributes\":[");
        attribute(false, "http.request.method", span.method());
        attribute(true, "url.path", path(span.target()));
        attribute(true, "http.route", span.route().substring(span.method().length() + 1));
        if (!span.host().isEmpty()) {
            attribute(true, "server.address", span.host());
        }
        if (span.status() != Span.UNKNOWN) {
            fOut.append(",{\"key\":\"http.response.status_code\",\"value\":{\"intValue\":\"").append(Integer.toString(span.status())).append("\"}}");
        }
        if (!span.remote().isEmpty()) {
            attribute(true, "network.peer.address", span.remote());
        }
        fOut.append(']');
        if (span.error()) {
            fOut.append(",\"status\":{\"code\":").append(Integer.toString(STATUS_ERROR)).append('}');
        }
        fOut.append('}');
    }

    private void redis(boolean comma, RedisCommand command) throws IOException {
        Span parent = fGraph.spanOf(command).orElseThrow();
        fOut.append(comma ? "," : "").append('{');
        ids(traceId(parent), hash(16, "redis", command.node(), command.peer(), Long.toString(command.start()), command.command()), spanId(parent));
        fOut.append(",\"name\":").append(quote(command.command().toUpperCase(Locale.ROOT)));
        fOut.append(",\"kind\":").append(Integer.toString(SpanKind.SERVER.otlp()));
        times(command.start(), command.end());
        fOut.append(",\"attributes\":[");
        attribute(false, "db.system.name", "redis");
        attribute(true, "db.operation.name", command.command().toUpperCase(Locale.ROOT));
        if (!command.peer().isEmpty()) {
            attribute(true, "network.peer.address", command.peer());
        }
        fOut.append("]}");
    }

    private void ids(String trace, String span, String parent) throws IOException {
        fOut.append("\"traceId\":\"").append(trace).append("\",\"spanId\":\"").append(span).append('"');
        if (!parent.isEmpty()) {
            fOut.append(",\"parentSpanId\":\"").append(parent).append('"');
        }
    }

    private void times(long start, long end) throws IOException {
        fOut.append(",\"startTimeUnixNano\":\"").append(Long.toString(start)).append("\",\"endTimeUnixNano\":\"").append(Long.toString(end)).append('"');
    }

    private void attribute(boolean comma, String key, String value) throws IOException {
        fOut.append(comma ? "," : "").append("{\"key\":").append(quote(key)).append(",\"value\":{\"stringValue\":").append(quote(value)).append("}}");
    }

    /**
     * @param span
     *            a span of a graph
     * @return its trace id as exported: the nearest traceparent's on the way to the root, else the root's derived one
     */
    public static String traceId(Span span) {
        Span root = span;
        for (Span s = span; s != null; s = s.parent()) {
            Optional<TraceContext> context = s.context();
            if (context.isPresent()) {
                return context.get().traceId();
            }
            root = s;
        }
        return hash(32, "trace", root.service().key(), Integer.toString(root.fd()), Long.toString(root.seq()), Long.toString(root.start()));
    }

    /**
     * @param span
     *            a span of a graph
     * @return its span id as exported, derived from its process, connection, request number and start
     */
    public static String spanId(Span span) {
        return hash(16, span.kind().name(), span.service().key(), Integer.toString(span.fd()), Long.toString(span.seq()),
                Long.toString(span.start()));
    }

    /**
     * @param span
     *            a span of a graph
     * @return its parent's span id as exported; for a root server span the traceparent's caller, else empty
     */
    public static String parentId(Span span) {
        if (span.parent() != null) {
            return spanId(span.parent());
        }
        return span.kind() == SpanKind.SERVER ? span.context().map(TraceContext::parentId).orElse("") : "";
    }

    private static String path(String target) {
        int query = target.indexOf('?');
        return query < 0 ? target : target.substring(0, query);
    }

    /** @return the first hex digits of the SHA-256 of the parts, never all zero (an invalid id in OTLP) */
    private static String hash(int digits, String... parts) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(String.join("\u0000", parts).getBytes(StandardCharsets.UTF_8));
            StringBuilder hex = new StringBuilder();
            for (int i = 0; i < digits / 2; i++) {
                hex.append(String.format("%02x", digest[i]));
            }
            String id = hex.toString();
            return id.chars().allMatch(c -> c == '0') ? "1" + id.substring(1) : id;
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java has SHA-256", e);
        }
    }

    /** @return the string as a JSON string literal */
    static String quote(String text) {
        StringBuilder out = new StringBuilder("\"");
        for (char c : text.toCharArray()) {
            switch (c) {
            case '"' -> out.append("\\\"");
            case '\\' -> out.append("\\\\");
            case '\n' -> out.append("\\n");
            case '\r' -> out.append("\\r");
            case '\t' -> out.append("\\t");
            default -> {
                if (c < 0x20) {
                    out.append(String.format("\\u%04x", (int) c));
                } else {
                    out.append(c);
                }
            }
            }
        }
        return out.append('"').toString();
    }
}
