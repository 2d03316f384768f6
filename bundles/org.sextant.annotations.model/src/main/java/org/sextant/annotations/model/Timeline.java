// SPDX-License-Identifier: EPL-2.0
package org.sextant.annotations.model;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.sextant.common.model.state.StateWriter;

/**
 * A state history held in memory as each attribute's intervals: what {@link AnnotationReport} reads. The Trace
 * Compass glue fills one from a state system; tests fill one straight from an {@link AnnotationTracker}. Paths
 * are kept as lists of names, since annotation names may hold any character.
 */
public final class Timeline implements StateWriter {

    private final Map<List<String>, Integer> fIndex = new HashMap<>();
    private final List<List<String>> fPaths = new ArrayList<>();
    private final List<Changes> fChanges = new ArrayList<>();
    private long fEnd = Long.MIN_VALUE;

    /** The changes of one attribute, in time order. */
    private static final class Changes {
        private long[] fTimes = new long[4];
        private final List<Object> fValues = new ArrayList<>();

        void add(long time, Object value) {
            int size = fValues.size();
            if (size > 0 && fTimes[size - 1] == time) {
                fValues.set(size - 1, value);
                return;
            }
            if (size == fTimes.length) {
                fTimes = Arrays.copyOf(fTimes, size * 2);
            }
            fTimes[size] = time;
            fValues.add(value);
        }
    }

    @Override
    public int attribute(String... path) {
        return fIndex.computeIfAbsent(List.of(path), key -> {
            fPaths.add(key);
            fChanges.add(new Changes());
            return fPaths.size() - 1;
        });
    }

    @Override
    public void modify(long time, int attribute, Object value) {
        fChanges.get(attribute).add(time, value);
        fEnd = Math.max(fEnd, time);
    }

    /**
     * Ends every attribute's last value at the end of the history.
     *
     * @param end
     *            nanoseconds, no earlier than any change
     */
    public void close(long end) {
        fEnd = Math.max(fEnd, end);
    }

    /** @return the end of the history: where {@link #close} put it, or the last change */
    public long end() {
        return fEnd;
    }

    /**
     * @param path
     *            an attribute
     * @return its intervals with a value (never null), in time order; empty for an unknown attribute
     */
    public List<Interval> intervals(String... path) {
        Integer index = fIndex.get(List.of(path));
        if (index == null) {
            return List.of();
        }
        Changes changes = fChanges.get(index);
        List<Interval> intervals = new ArrayList<>();
        int size = changes.fValues.size();
        for (int i = 0; i < size; i++) {
            Object value = changes.fValues.get(i);
            long end = i + 1 < size ? changes.fTimes[i + 1] : fEnd;
            if (value != null && end > changes.fTimes[i]) {
                intervals.add(new Interval(changes.fTimes[i], end, value));
            }
        }
        return intervals;
    }

    /**
     * @param path
     *            an attribute, or none for the root
     * @return the names of its children (attributes or parents of attributes), in the order they were created
     */
    public Set<String> children(String... path) {
        List<String> parent = List.of(path);
        Set<String> children = new LinkedHashSet<>();
        for (List<String> candidate : fPaths) {
            if (candidate.size() > parent.size() && candidate.subList(0, parent.size()).equals(parent)) {
                children.add(candidate.get(parent.size()));
            }
        }
        return children;
    }
}
