// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.annotations.core;

import java.util.Comparator;
import java.util.List;
import java.util.function.Function;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.segmentstore.core.ISegment;
import org.eclipse.tracecompass.tmf.core.segment.ISegmentAspect;

/**
 * A column of the annotation instances' table: the thread or the depth of an {@link AnnotationSegment}.
 *
 * @param getName
 *            the column's name
 * @param getHelpText
 *            what it shows
 * @param value
 *            its value for an instance
 */
public record AnnotationAspect(String getName, String getHelpText, Function<AnnotationSegment, Object> value) implements ISegmentAspect {

    /** The aspects of the instances' table. */
    public static final List<ISegmentAspect> ALL = List.of(new AnnotationAspect(Messages.Instances_Thread, Messages.Instances_ThreadHelp, AnnotationSegment::thread),
            new AnnotationAspect(Messages.Instances_Depth, Messages.Instances_DepthHelp, AnnotationSegment::depth));

    @Override
    public Comparator<?> getComparator() {
        return Comparator.comparing((ISegment segment) -> String.valueOf(resolve(segment)));
    }

    @Override
    public @Nullable Object resolve(ISegment segment) {
        return segment instanceof AnnotationSegment instance ? value.apply(instance) : null;
    }

    @Override
    public SegmentType getType() {
        return SegmentType.CATEGORICAL;
    }
}
