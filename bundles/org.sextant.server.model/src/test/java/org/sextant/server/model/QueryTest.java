// SPDX-License-Identifier: EPL-2.0
package org.sextant.server.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigDecimal;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** Each parameter is checked for type and range, and a refusal names it and what was sent. */
class QueryTest {

    private static Query query(Object... keysAndValues) throws BadRequestException {
        Map<String, Object> parameters = new HashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            parameters.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return Query.of(Map.of("parameters", parameters));
    }

    private static Map<String, Object> range(Object start, Object end, Object nbTimes) {
        Map<String, Object> range = new HashMap<>();
        range.put("start", start);
        range.put("end", end);
        range.put("nbTimes", nbTimes);
        return range;
    }

    private static String refusal(org.junit.jupiter.api.function.Executable call) {
        BadRequestException e = assertThrows(BadRequestException.class, call);
        assertEquals(BadRequestException.BAD_REQUEST, e.status());
        return e.getMessage();
    }

    @Test
    void aTimeRangeKeepsNanosecondsPastTwoToTheFiftyThird() throws BadRequestException {
        BigDecimal start = new BigDecimal("1732537200123456789");
        TimeRange range = query("requested_timerange", range(start, new BigDecimal("1732537200123456799"), new BigDecimal(3)))
                .timeRange("requested_timerange", 2);
        assertEquals(new TimeRange(1732537200123456789L, 1732537200123456799L, 3), range);
        assertEquals(List.of(1732537200123456789L, 1732537200123456794L, 1732537200123456799L), range.sample());
    }

    @Test
    void badTimeRangesAreNamed() {
        assertEquals("parameters.requested_timerange must be an object {\"start\": ..., \"end\": ...}",
                refusal(() -> query().timeRange("requested_timerange", 2)));
        assertEquals("parameters.requested_timerange must be an object {\"start\": ..., \"end\": ...}, not \"soon\"",
                refusal(() -> query("requested_timerange", "soon").timeRange("requested_timerange", 2)));
        assertEquals("parameters.requested_timerange.start must lie between 0 and 9223372036854775807, not -5",
                refusal(() -> query("requested_timerange", range(new BigDecimal(-5), BigDecimal.TEN, null)).timeRange("requested_timerange", 2)));
        assertEquals("parameters.requested_timerange.end (5) is before its start (10)",
                refusal(() -> query("requested_timerange", range(BigDecimal.TEN, new BigDecimal(5), null)).timeRange("requested_timerange", 2)));
        assertEquals("parameters.requested_timerange.end must be a whole number, not 1.5",
                refusal(() -> query("requested_timerange", range(BigDecimal.ONE, new BigDecimal("1.5"), null)).timeRange("requested_timerange", 2)));
        assertEquals("parameters.requested_timerange.end must lie between 0 and 9223372036854775807, not 100000000000000000000",
                refusal(() -> query("requested_timerange", range(BigDecimal.ONE, new BigDecimal("1e20"), null)).timeRange("requested_timerange", 2)));
        assertEquals("parameters.requested_timerange.nbTimes must lie between 1 and 65536, not 1000000",
                refusal(() -> query("requested_timerange", range(BigDecimal.ONE, BigDecimal.TEN, new BigDecimal(1_000_000))).timeRange("requested_timerange", 2)));
        assertEquals("parameters.requested_timerange.start is missing",
                refusal(() -> query("requested_timerange", range(null, BigDecimal.TEN, null)).timeRange("requested_timerange", 2)));
    }

    @Test
    void idsAndTimesAreArraysOfWholeNumbersWithinTheLimit() throws BadRequestException {
        assertEquals(List.of(1L, 2L), query("requested_items", List.of(BigDecimal.ONE, new BigDecimal(2))).ids("requested_items", 10));
        assertEquals(List.of(), query().ids("requested_items", 10));
        assertEquals("parameters.requested_items must be an array of whole numbers, not 7",
                refusal(() -> query("requested_items", new BigDecimal(7)).ids("requested_items", 10)));
        assertEquals("parameters.requested_items[1] must be a whole number, not \"b\"",
                refusal(() -> query("requested_items", List.of(BigDecimal.ONE, "b")).ids("requested_items", 10)));
        assertEquals("parameters.requested_items holds 3 values; this server answers at most 2",
                refusal(() -> query("requested_items", List.of(BigDecimal.ONE, BigDecimal.ONE, BigDecimal.ONE)).ids("requested_items", 2)));
        assertEquals("parameters.requested_times[0] must lie between 0 and 9223372036854775807, not -1",
                refusal(() -> query("requested_times", List.of(new BigDecimal(-1))).times("requested_times", 2)));
    }

    @Test
    void stringArrays() throws BadRequestException {
        assertEquals(List.of("a", "b"), query("traces", List.of("a", "b")).strings("traces", 10));
        assertEquals("parameters.traces[1] must be a string, not 2",
                refusal(() -> query("traces", List.of("a", new BigDecimal(2))).strings("traces", 10)));
        assertEquals("parameters.traces must be an array of strings, not \"a\"", refusal(() -> query("traces", "a").strings("traces", 10)));
    }

    @Test
    void wholeNumbersStringsAndObjects() throws BadRequestException {
        assertEquals(100, query("requested_table_count", new BigDecimal(100)).required("requested_table_count", 0, 1000));
        assertEquals("parameters.requested_table_count is missing", refusal(() -> query().required("requested_table_count", 0, 1000)));
        assertEquals("parameters.requested_table_count must lie between 0 and 1000, not 5000",
                refusal(() -> query("requested_table_count", new BigDecimal(5000)).required("requested_table_count", 0, 1000)));
        assertEquals(7, query().whole("requested_table_index", 0, 10, 7));
        assertEquals("NEXT", query("table_search_direction", "NEXT").string("table_search_direction", "NEXT", "PREVIOUS"));
        assertEquals("parameters.table_search_direction must be one of NEXT, PREVIOUS, not \"UP\"",
                refusal(() -> query("table_search_direction", "UP").string("table_search_direction", "NEXT", "PREVIOUS")));
        assertEquals("parameters.requested_element must be an object, not [1]",
                refusal(() -> query("requested_element", List.of(1)).object("requested_element")));
    }

    @Test
    void theBodyMustHoldAParametersObject() {
        for (Object body : new Object[] { "text", List.of(), Map.of(), Map.of("parameters", List.of()) }) {
            assertEquals("the body must be a JSON object with a \"parameters\" object", refusal(() -> Query.of(body)));
        }
    }

    @Test
    void aSampleSpreadsEvenlyWithoutRepeats() {
        assertEquals(List.of(0L, 50L, 100L), new TimeRange(0, 100, 3).sample());
        assertEquals(List.of(7L), new TimeRange(7, 100, 1).sample());
        assertEquals(List.of(10L, 11L, 12L), new TimeRange(10, 12, 1000).sample());
        List<Long> wide = new TimeRange(0, Long.MAX_VALUE, 65536).sample();
        assertEquals(65536, wide.size());
        assertEquals(Long.MAX_VALUE, wide.get(wide.size() - 1));
    }
}
