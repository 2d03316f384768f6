// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.spans.core;

import org.eclipse.tracecompass.segmentstore.core.segment.interfaces.INamedSegment;
import org.sextant.spans.model.Span;
import org.sextant.spans.model.TraceContext;

/**
 * A served request's latency in the segment store: from the first byte of its request read to the last byte of
 * its response written.
 *
 * @param getStart
 *            nanoseconds
 * @param getEnd
 *            nanoseconds
 * @param service
 *            the serving service's name
 * @param route
 *            its route
 * @param target
 *            the request's target
 * @param status
 *            the response's status
 * @param traceId
 *            the trace id of its traceparent, empty when it had none
 */
public record SpanSegment(long getStart, long getEnd, String service, String route, String target, int status, String traceId) implements INamedSegment {

    private static final long serialVersionUID = 1L;

    /** Segment-store statistics group segments by name: requests by service and route. */
    @Override
    public String getName() {
        return service + ' ' + route;
    }

    /**
     * @param span
     *            a complete server span
     * @return its segment
     */
    public static SpanSegment of(Span span) {
        return new SpanSegment(span.start(), span.end(), span.service().name(), span.route(), span.target(), span.status(),
                span.context().map(TraceContext::traceId).orElse("")); //$NON-NLS-1$
    }
}
