// SPDX-License-Identifier: EPL-2.0
package org.sextant.count.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

class CountSummaryTest {

    @Test
    void mapHasTheDocumentedShapeAndOrder() {
        CountSummary summary = new CountSummary(3, 1_000_000_000L, 3_500_000_000L, Map.of(1, 2L, 0, 1L),
                Map.of("sys_exit", 1L, "sched_switch", 2L));
        Map<String, Object> map = summary.toMap();
        assertEquals(List.of("events", "start", "end", "duration_s", "per_cpu", "per_type"), List.copyOf(map.keySet()));
        assertEquals(2.5, map.get("duration_s"));
        assertEquals(Map.of("0", 1L, "1", 2L), map.get("per_cpu"));
        assertEquals(List.of("sched_switch", "sys_exit"), List.copyOf(((Map<?, ?>) map.get("per_type")).keySet()));
    }

    @Test
    void refusesAnEndBeforeTheStart() {
        assertThrows(IllegalArgumentException.class, () -> new CountSummary(1, 10, 5, Map.of(), Map.of()));
    }
}
