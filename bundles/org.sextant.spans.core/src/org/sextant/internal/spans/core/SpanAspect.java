// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.spans.core;

import java.util.Comparator;
import java.util.List;
import java.util.function.Function;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.segmentstore.core.ISegment;
import org.eclipse.tracecompass.tmf.core.segment.ISegmentAspect;

/**
 * A column of the span latency table: the service, route, target, status or trace id of a {@link SpanSegment}.
 *
 * @param getName
 *            the column's name
 * @param getHelpText
 *            what it shows
 * @param value
 *            its value for a request
 */
public record SpanAspect(String getName, String getHelpText, Function<SpanSegment, String> value) implements ISegmentAspect {

    /** The aspects of the latency table, service first. */
    public static final List<ISegmentAspect> ALL = List.of(new SpanAspect(Messages.Aspect_Service, Messages.Aspect_ServiceHelp, SpanSegment::service),
            new SpanAspect(Messages.Aspect_Route, Messages.Aspect_RouteHelp, SpanSegment::route),
            new SpanAspect(Messages.Aspect_Target, Messages.Aspect_TargetHelp, SpanSegment::target),
            new SpanAspect(Messages.Aspect_Status, Messages.Aspect_StatusHelp, segment -> Integer.toString(segment.status())),
            new SpanAspect(Messages.Aspect_Trace, Messages.Aspect_TraceHelp, SpanSegment::traceId));

    @Override
    public Comparator<?> getComparator() {
        return Comparator.comparing((ISegment segment) -> String.valueOf(resolve(segment)));
    }

    @Override
    public @Nullable Object resolve(ISegment segment) {
        return segment instanceof SpanSegment span ? value.apply(span) : null;
    }

    @Override
    public SegmentType getType() {
        return SegmentType.CATEGORICAL;
    }
}
