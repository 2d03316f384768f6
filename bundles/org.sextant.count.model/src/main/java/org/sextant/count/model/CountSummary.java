// SPDX-License-Identifier: EPL-2.0
package org.sextant.count.model;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * The result of counting a trace: the number of events, the time they span (nanoseconds, the trace's clock)
 * and their split per CPU and per event type.
 *
 * @param events
 *            all events counted
 * @param start
 *            time of the first event, 0 when there was none
 * @param end
 *            time of the last event, 0 when there was none
 * @param perCpu
 *            events per CPU, by CPU number
 * @param perType
 *            events per event type, by name
 */
public record CountSummary(long events, long start, long end, Map<Integer, Long> perCpu, Map<String, Long> perType) {

    /** The summary of a trace without events. */
    public static final CountSummary EMPTY = new CountSummary(0, 0, 0, Map.of(), Map.of());

    /** Checks the counts and keeps sorted, unmodifiable copies of the maps. */
    public CountSummary {
        if (events < 0 || end < start) {
            throw new IllegalArgumentException("invalid summary: " + events + " events from " + start + " to " + end);
        }
        perCpu = Collections.unmodifiableMap(new TreeMap<>(Objects.requireNonNull(perCpu)));
        perType = Collections.unmodifiableMap(new TreeMap<>(Objects.requireNonNull(perType)));
    }

    /**
     * The summary as nested ordered maps of strings, numbers and maps, in the shape of the JSON document the
     * command line prints: {@code events}, {@code start}, {@code end}, {@code duration_s}, {@code per_cpu},
     * {@code per_type}.
     */
    public Map<String, Object> toMap() {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("events", events);
        map.put("start", start);
        map.put("end", end);
        map.put("duration_s", (end - start) / 1e9);
        Map<String, Object> cpus = new LinkedHashMap<>();
        perCpu.forEach((cpu, count) -> cpus.put(Integer.toString(cpu), count));
        map.put("per_cpu", cpus);
        map.put("per_type", new LinkedHashMap<String, Object>(perType));
        return map;
    }
}
