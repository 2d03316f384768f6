// SPDX-License-Identifier: EPL-2.0
package org.sextant.count.core.tests;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.tracecompass.tmf.core.timestamp.ITmfTimestamp;
import org.eclipse.tracecompass.tmf.core.timestamp.TmfTimestamp;
import org.eclipse.tracecompass.tmf.core.trace.ITmfContext;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;

/**
 * What a trace's checkpoint index answers, once built: the count of events, the time range, the rank and location
 * a seek to every checkpoint's rank finds, and the rank a seek to each tenth of the range finds. Two indexes that
 * answer alike find every event of a rank or a time in the same place.
 *
 * @param events
 *            the count of events
 * @param start
 *            the range's start
 * @param end
 *            its end
 * @param checkpoints
 *            at each checkpoint's rank, the rank and location a seek finds
 * @param ranksAtTimes
 *            at each tenth of the range, the rank a seek finds
 */
record IndexAnswers(long events, ITmfTimestamp start, ITmfTimestamp end, List<String> checkpoints, List<Long> ranksAtTimes) {

    /**
     * Builds the index of an initialised trace, waiting for it, and asks it.
     *
     * @param trace
     *            the trace or experiment
     * @param interval
     *            its events between checkpoints
     * @return its answers
     */
    static IndexAnswers of(ITmfTrace trace, int interval) {
        trace.indexTrace(true);
        List<String> checkpoints = new ArrayList<>();
        for (long rank = 0; rank < trace.getNbEvents(); rank += interval) {
            ITmfContext context = trace.seekEvent(rank);
            checkpoints.add(context.getRank() + "@" + context.getLocation()); //$NON-NLS-1$
            context.dispose();
        }
        List<Long> ranksAtTimes = new ArrayList<>();
        long start = trace.getStartTime().toNanos();
        long span = trace.getEndTime().toNanos() - start;
        for (int tenth = 0; tenth <= 10; tenth++) {
            ITmfContext context = trace.seekEvent(TmfTimestamp.fromNanos(start + span * tenth / 10));
            ranksAtTimes.add(context.getRank());
            context.dispose();
        }
        return new IndexAnswers(trace.getNbEvents(), trace.getStartTime(), trace.getEndTime(), checkpoints, ranksAtTimes);
    }
}
