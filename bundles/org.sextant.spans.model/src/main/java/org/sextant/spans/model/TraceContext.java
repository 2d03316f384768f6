// SPDX-License-Identifier: EPL-2.0
package org.sextant.spans.model;

import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A W3C Trace Context {@code traceparent} header ({@code version-traceid-parentid-flags}, lower-case hex), as
 * far as the model needs it: the trace id and the caller's span id.
 *
 * @param traceId
 *            32 hex digits, not all zero
 * @param parentId
 *            16 hex digits, not all zero: the span of the caller that sent the header
 */
public record TraceContext(String traceId, String parentId) {

    private static final Pattern HEADER = Pattern.compile("[0-9a-f]{2}-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}(-.*)?");
    private static final String ZERO_TRACE = "0".repeat(32);
    private static final String ZERO_SPAN = "0".repeat(16);

    /**
     * @param header
     *            the header's value as sent, or the empty string when the request had none
     * @return its context; empty when absent or invalid (the W3C rule: an invalid header is ignored), or when of
     *         version ff
     */
    public static Optional<TraceContext> parse(String header) {
        String value = header.trim().toLowerCase(Locale.ROOT);
        if (!HEADER.matcher(value).matches() || value.startsWith("ff")) {
            return Optional.empty();
        }
        String trace = value.substring(3, 35);
        String parent = value.substring(36, 52);
        if (trace.equals(ZERO_TRACE) || parent.equals(ZERO_SPAN)) {
            return Optional.empty();
        }
        return Optional.of(new TraceContext(trace, parent));
    }
}
