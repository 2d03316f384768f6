// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.redis.core;

import java.util.Comparator;
import java.util.List;
import java.util.function.Function;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.segmentstore.core.ISegment;
import org.eclipse.tracecompass.tmf.core.segment.ISegmentAspect;
import org.sextant.redis.core.RequestSegment;
import org.sextant.redis.model.CommandType;
import org.sextant.redis.model.DataStructure;

/**
 * A column of the Redis latency table: the command, its type (read, write, other), data structure, node or connection of a
 * {@link RequestSegment}.
 *
 * @param getName
 *            the column's name
 * @param getHelpText
 *            what it shows
 * @param value
 *            its value for a request
 */
public record RequestAspect(String getName, String getHelpText, Function<RequestSegment, String> value) implements ISegmentAspect {

    /** The aspects of the latency table, command first. */
    public static final List<ISegmentAspect> ALL = List.of(
            new RequestAspect(Messages.Latency_Command, Messages.Latency_CommandHelp, RequestSegment::command),
            new RequestAspect(Messages.Latency_Type, Messages.Latency_TypeHelp, request -> CommandType.of(request.command()).label()),
            new RequestAspect(Messages.Latency_Structure, Messages.Latency_StructureHelp, request -> DataStructure.of(request.command()).label()),
            new RequestAspect(Messages.Latency_Node, Messages.Latency_NodeHelp, RequestSegment::node),
            new RequestAspect(Messages.Latency_Connection, Messages.Latency_ConnectionHelp,
                    request -> "fd " + request.fd() + (request.peer().isEmpty() ? "" : ' ' + request.peer()))); //$NON-NLS-1$ //$NON-NLS-2$

    @Override
    public Comparator<?> getComparator() {
        return Comparator.comparing((ISegment segment) -> String.valueOf(resolve(segment)));
    }

    @Override
    public @Nullable Object resolve(ISegment segment) {
        return segment instanceof RequestSegment request ? value.apply(request) : null;
    }

    @Override
    public SegmentType getType() {
        return SegmentType.CATEGORICAL;
    }
}
