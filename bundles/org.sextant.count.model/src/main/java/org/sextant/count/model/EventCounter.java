// SPDX-License-Identifier: EPL-2.0
package org.sextant.count.model;

import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Counts events in total, per CPU and per event type, and reports every new cumulative count to a
 * {@link CountSink}. Events must arrive in non-decreasing time order, as a trace reader delivers them; events
 * whose CPU is unknown count in the total and their type but under no CPU.
 */
public final class EventCounter {

    /** The CPU of an event whose trace does not say on which CPU it happened. */
    public static final int UNKNOWN_CPU = -1;

    private final CountSink fSink;
    private final Map<Integer, long[]> fPerCpu = new HashMap<>();
    private final Map<String, long[]> fPerType = new HashMap<>();
    private long fTotal;
    private long fStart = Long.MAX_VALUE;
    private long fEnd = Long.MIN_VALUE;

    /** Creates a counter that reports to {@code sink}. */
    public EventCounter(CountSink sink) {
        fSink = Objects.requireNonNull(sink);
    }

    /** Counts one event of type {@code type} at {@code timestamp} on {@code cpu} (or {@link #UNKNOWN_CPU}). */
    public void count(long timestamp, int cpu, String type) {
        Objects.requireNonNull(type);
        if (timestamp < fEnd) {
            throw new IllegalArgumentException("event at " + timestamp + " arrived after one at " + fEnd);
        }
        fStart = Math.min(fStart, timestamp);
        fEnd = timestamp;
        fSink.total(timestamp, ++fTotal);
        if (cpu != UNKNOWN_CPU) {
            fSink.cpu(timestamp, cpu, ++fPerCpu.computeIfAbsent(cpu, c -> new long[1])[0]);
        }
        fSink.type(timestamp, type, ++fPerType.computeIfAbsent(type, t -> new long[1])[0]);
    }

    /** The counts so far; an empty summary spanning nothing before the first event. */
    public CountSummary summary() {
        Map<Integer, Long> perCpu = new TreeMap<>();
        fPerCpu.forEach((cpu, count) -> perCpu.put(cpu, count[0]));
        Map<String, Long> perType = new TreeMap<>();
        fPerType.forEach((type, count) -> perType.put(type, count[0]));
        return fTotal == 0 ? CountSummary.EMPTY : new CountSummary(fTotal, fStart, fEnd, perCpu, perType);
    }
}
