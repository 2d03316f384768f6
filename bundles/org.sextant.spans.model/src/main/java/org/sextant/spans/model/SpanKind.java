// SPDX-License-Identifier: EPL-2.0
package org.sextant.spans.model;

/** Which side of an HTTP exchange a span is, with its OpenTelemetry {@code SpanKind} number. */
public enum SpanKind {
    /** The process served the request: it read the request and wrote the response. */
    SERVER(2),
    /** The process called out: it wrote the request and read the response. */
    CLIENT(3);

    private final int fOtlp;

    SpanKind(int otlp) {
        fOtlp = otlp;
    }

    /** @return the OTLP enum value ({@code SPAN_KIND_SERVER} 2, {@code SPAN_KIND_CLIENT} 3) */
    public int otlp() {
        return fOtlp;
    }
}
