// SPDX-License-Identifier: EPL-2.0
package org.sextant.parallel.model;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.sextant.common.model.state.StateWriter;

/**
 * The state of the whole trace as the merge has built it so far: the current value of every attribute, written
 * through to a {@link StateWriter}, plus values the analysis keeps for itself between chunks (the merge's
 * memory: say, the time of the last context switch on each CPU) that are no attribute. Used on the merging
 * thread only.
 */
public final class MergedState {

    /** An attribute: its number in the writer and its current value. */
    private static final class Attribute {
        final int fNumber;
        Object fValue;

        Attribute(int number) {
            fNumber = number;
        }
    }

    private final StateWriter fWriter;
    private final Map<List<String>, Attribute> fAttributes = new HashMap<>();
    private final Map<Object, Object> fMemory = new HashMap<>();
    private long fTraceStart = Long.MAX_VALUE;

    /**
     * @param writer
     *            where attribute changes go
     */
    public MergedState(StateWriter writer) {
        fWriter = writer;
    }

    /**
     * @param path
     *            an attribute path
     * @return its current value, null when never set
     */
    public Object get(String... path) {
        Attribute attribute = fAttributes.get(Arrays.asList(path));
        return attribute == null ? null : attribute.fValue;
    }

    /**
     * Sets an attribute.
     *
     * @param time
     *            when, in nanoseconds
     * @param value
     *            a Long, Integer or String, or null
     * @param path
     *            the attribute path
     */
    public void set(long time, Object value, String... path) {
        Attribute attribute = attribute(path);
        attribute.fValue = value;
        fWriter.modify(time, attribute.fNumber, value);
    }

    /**
     * Adds to a long attribute, taken as 0 when never set.
     *
     * @param time
     *            when, in nanoseconds
     * @param delta
     *            what to add
     * @param path
     *            the attribute path
     */
    public void add(long time, long delta, String... path) {
        Attribute attribute = attribute(path);
        long value = (attribute.fValue instanceof Long current ? current : 0L) + delta;
        attribute.fValue = value;
        fWriter.modify(time, attribute.fNumber, value);
    }

    private Attribute attribute(String... path) {
        Attribute attribute = fAttributes.get(Arrays.asList(path));
        if (attribute == null) {
            attribute = new Attribute(fWriter.attribute(path));
            fAttributes.put(List.of(path), attribute);
        }
        return attribute;
    }

    /**
     * @param key
     *            a key of the analysis's own
     * @return what was remembered under it, or null
     */
    public Object recall(Object key) {
        return fMemory.get(key);
    }

    /**
     * @param key
     *            a key of the analysis's own
     * @param value
     *            what to remember under it; null forgets
     */
    public void remember(Object key, Object value) {
        if (value == null) {
            fMemory.remove(key);
        } else {
            fMemory.put(key, value);
        }
    }

    /** @return the time of the trace's first event, as far as the merge knows it (exact for any change merged) */
    public long traceStart() {
        return fTraceStart;
    }

    void chunkStartsAt(long firstEvent) {
        fTraceStart = Math.min(fTraceStart, firstEvent);
    }
}
