// SPDX-License-Identifier: EPL-2.0
package org.sextant.spans.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

/**
 * The OTLP/JSON export of one request through a gateway and a backend to Redis (the install tier loads a
 * recording's export with OpenTelemetry's own protobuf parser).
 */
class OtlpJsonTest {

    private static final String TRACE = "0af7651916cd43dd8448eb211c80319c";

    @Test
    void oneTraceIdAndEachParentIsASpanOfTheExport() throws IOException {
        HttpTracker tracker = new HttpTracker();
        tracker.processName("200", "gateway");
        tracker.processName("300", "users");
        tracker.connection(1, "200", 1, 20, true, "127.0.0.1:8080", "127.0.0.1:40001");
        tracker.messageBegin(2, "200", 1, 20, false, 0);
        tracker.requestHead(2, "200", 1, 20, false, 0, "GET", "/users/\"42\"", "gw", "00-" + TRACE + "-b7ad6b7169203331-01");
        tracker.messageEnd(2, "200", 1, 20, false, 0);
        tracker.connection(3, "200", 1, 21, false, "127.0.0.1:50001", "127.0.0.1:8081");
        tracker.connection(4, "300", 1, 30, true, "127.0.0.1:8081", "127.0.0.1:50001");
        tracker.messageBegin(5, "200", 1, 21, true, 0);
        tracker.requestHead(5, "200", 1, 21, true, 0, "GET", "/users/42", "users", "");
        tracker.messageBegin(6, "300", 1, 30, false, 0);
        tracker.requestHead(6, "300", 1, 30, false, 0, "GET", "/users/42", "users", "");
        tracker.connection(7, "300", 1, 31, false, "127.0.0.1:50100", "127.0.0.1:6379");
        tracker.otherIo(7, "300", 1, 31, true);
        tracker.messageBegin(10, "300", 1, 30, true, 0);
        tracker.responseHead(10, "300", 1, 30, true, 0, 500);
        tracker.messageEnd(10, "300", 1, 30, true, 0);
        tracker.messageBegin(11, "200", 1, 21, false, 0);
        tracker.responseHead(11, "200", 1, 21, false, 0, 500);
        tracker.messageEnd(11, "200", 1, 21, false, 0);
        tracker.messageBegin(12, "200", 1, 20, true, 0);
        tracker.responseHead(12, "200", 1, 20, true, 0, 502);
        tracker.messageEnd(12, "200", 1, 20, true, 0);
        StringBuilder out = new StringBuilder();
        OtlpJson.write(tracker.finish(List.of(new RedisCommand(8, 9, "400", 9, "127.0.0.1:50100", "get"))), out);
        String json = out.toString();

        assertEquals(List.of(TRACE, TRACE, TRACE, TRACE), all(json, "\"traceId\":\"([0-9a-f]+)\""));
        List<String> spans = all(json, "\"spanId\":\"([0-9a-f]{16})\"");
        List<String> parents = all(json, "\"parentSpanId\":\"([0-9a-f]{16})\"");
        assertEquals(4, spans.size());
        assertEquals("b7ad6b7169203331", parents.get(0), "the gateway's caller, from its traceparent");
        assertTrue(spans.containsAll(parents.subList(1, parents.size())));
        assertEquals(List.of("gateway", "users", "redis"), all(json, "\"service.name\",\"value\":\\{\"stringValue\":\"(\\w+)\""));
        assertTrue(json.contains("\"url.path\",\"value\":{\"stringValue\":\"/users/\\\"42\\\"\"}"), json);
        assertTrue(json.contains("\"startTimeUnixNano\":\"2\",\"endTimeUnixNano\":\"12\""), json);
        assertEquals(3, all(json, "\"status\":\\{\"code\":(2)\\}").size());
    }

    private static List<String> all(String text, String regex) {
        Matcher matcher = Pattern.compile(regex).matcher(text);
        return matcher.results().map(r -> r.group(1)).toList();
    }
}
