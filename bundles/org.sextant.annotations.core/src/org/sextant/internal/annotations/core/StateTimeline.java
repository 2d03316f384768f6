// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.annotations.core;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import org.eclipse.tracecompass.statesystem.core.ITmfStateSystem;
import org.eclipse.tracecompass.statesystem.core.exceptions.StateSystemDisposedException;
import org.eclipse.tracecompass.statesystem.core.interval.ITmfStateInterval;
import org.sextant.annotations.model.AnnotationReport;
import org.sextant.annotations.model.Timeline;

/**
 * Reads an annotations state system back into the model's {@link Timeline}, from which
 * {@link AnnotationReport} derives everything: a history Trace Compass reused from disk reports what a fresh
 * build would.
 */
public final class StateTimeline {

    private StateTimeline() {
    }

    /**
     * @param ss
     *            the annotations state system, built or being built
     * @return its attributes' intervals, up to what is built (Trace Compass's inclusive ends made exclusive)
     * @throws StateSystemDisposedException
     *             when the state system was closed meanwhile
     */
    public static Timeline of(ITmfStateSystem ss) throws StateSystemDisposedException {
        Timeline timeline = new Timeline();
        List<Integer> quarks = new ArrayList<>();
        int[] attributes = new int[ss.getNbAttributes()];
        for (int quark = 0; quark < ss.getNbAttributes(); quark++) {
            quarks.add(quark);
            attributes[quark] = timeline.attribute(ss.getFullAttributePathArray(quark));
        }
        long end = ss.getCurrentEndTime();
        List<ITmfStateInterval> intervals = new ArrayList<>();
        if (!quarks.isEmpty() && end >= ss.getStartTime()) {
            ss.query2D(quarks, ss.getStartTime(), end).forEach(intervals::add);
        }
        intervals.sort(Comparator.comparingInt(ITmfStateInterval::getAttribute).thenComparingLong(ITmfStateInterval::getStartTime));
        for (ITmfStateInterval interval : intervals) {
            timeline.modify(interval.getStartTime(), attributes[interval.getAttribute()], interval.getValue());
        }
        timeline.close(end + 1);
        return timeline;
    }
}
