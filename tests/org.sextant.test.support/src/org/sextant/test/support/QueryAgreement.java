// SPDX-License-Identifier: EPL-2.0
package org.sextant.test.support;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;

import org.eclipse.tracecompass.statesystem.core.ITmfStateSystem;
import org.eclipse.tracecompass.statesystem.core.interval.ITmfStateInterval;

/**
 * Asserts that two state systems answer every kind of query alike: full queries, singular queries of every
 * attribute, and 2D queries of every attribute over a time range, at timestamps spread over the whole history
 * (and its first and last instants). Attributes are matched by path, since two builds may create them in another
 * order; intervals are compared by start, end and value.
 */
public final class QueryAgreement {

    private QueryAgreement() {
    }

    /**
     * @param expected
     *            the reference history (a serial build)
     * @param actual
     *            the history that must answer like it
     * @param times
     *            how many timestamps to query, at least 2
     * @return the number of intervals compared, to show the queries found some
     * @throws Exception
     *             when a query fails
     */
    public static long assertSameAnswers(ITmfStateSystem expected, ITmfStateSystem actual, int times) throws Exception {
        assertEquals(expected.getStartTime(), actual.getStartTime(), "start");
        assertEquals(expected.getCurrentEndTime(), actual.getCurrentEndTime(), "end");
        int count = expected.getNbAttributes();
        assertEquals(count, actual.getNbAttributes(), "attributes");
        int[] counterpart = new int[count];
        for (int quark = 0; quark < count; quark++) {
            counterpart[quark] = actual.getQuarkAbsolute(expected.getFullAttributePathArray(quark));
        }
        List<Integer> all = IntStream.range(0, count).boxed().toList();
        List<Integer> allActual = IntStream.of(counterpart).boxed().toList();
        long start = expected.getStartTime();
        long span = expected.getCurrentEndTime() - start;
        long compared = 0;
        long previous = start;
        for (int i = 0; i < times; i++) {
            long t = start + span * i / (times - 1);
            List<ITmfStateInterval> full = expected.queryFullState(t);
            List<ITmfStateInterval> fullActual = actual.queryFullState(t);
            for (int quark = 0; quark < count; quark++) {
                String where = expected.getFullAttributePath(quark) + " at " + t;
                String interval = text(full.get(quark));
                assertEquals(interval, text(fullActual.get(counterpart[quark])), "full query of " + where);
                assertEquals(interval, text(expected.querySingleState(t, quark)), "singular query of " + where + " (reference)");
                assertEquals(interval, text(actual.querySingleState(t, counterpart[quark])), "singular query of " + where);
                compared++;
            }
            List<String> range = texts(expected, expected.query2D(all, previous, t));
            assertEquals(range, texts(actual, actual.query2D(allActual, previous, t)), "2D query of " + previous + ".." + t);
            compared += range.size();
            previous = t;
        }
        return compared;
    }

    private static String text(ITmfStateInterval interval) {
        return interval.getStartTime() + ".." + interval.getEndTime() + '=' + interval.getValue();
    }

    /** The intervals as "path start..end=value", sorted. */
    private static List<String> texts(ITmfStateSystem ss, Iterable<ITmfStateInterval> intervals) {
        List<String> texts = new ArrayList<>();
        for (ITmfStateInterval interval : intervals) {
            texts.add(ss.getFullAttributePath(interval.getAttribute()) + ' ' + text(interval));
        }
        texts.sort(null);
        return texts;
    }
}
