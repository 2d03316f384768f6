// SPDX-License-Identifier: EPL-2.0
package org.sextant.timeseries.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** The writer against a real InfluxDB 1.6 ({@code influxd}, started here), and behind a proxy that misbehaves. */
class InfluxWriterTest extends WithInfluxd {

    private static int sDatabases;

    private static InfluxTarget database() {
        return sServer.createDatabase("test" + ++sDatabases).withRetries(Duration.ofSeconds(5), 3, Duration.ofMillis(50));
    }

    private static long count(InfluxTarget target, String measurement) {
        List<InfluxQuery.Row> rows = new InfluxQuery(target).rows("SELECT COUNT(\"f\") FROM \"" + measurement + "\"");
        return rows.isEmpty() ? 0 : rows.get(0).count();
    }

    private static void points(LineSink sink, String measurement, int count) {
        LineProtocol line = new LineProtocol();
        for (int i = 0; i < count; i++) {
            sink.line(line.measurement(measurement).tag("s", Integer.toString(i % 7)).field("f", i).time(1_000L * i));
        }
    }

    @Test
    void batchesLandEveryPointAndReportProgress() {
        InfluxTarget target = database();
        List<Long> progress = new ArrayList<>();
        InfluxWriter writer = new InfluxWriter(target, (landed, elapsed) -> progress.add(landed));
        points(writer, "m", 25_001);
        assertEquals(25_001, writer.finish());
        assertEquals(3, writer.requests());
        assertEquals(List.of(10_000L, 20_000L, 25_001L), progress);
        assertEquals(25_001, count(target, "m"));
    }

    @Test
    void namesAndValuesComeBackAsWritten() {
        InfluxTarget target = database();
        InfluxWriter writer = new InfluxWriter(target, (landed, elapsed) -> { });
        LineProtocol line = new LineProtocol();
        List<String> names = List.of("a,b=c d", "q\"uote", "C:\\path", "end\\", "two\nlines", "ünï ✓");
        for (int i = 0; i < names.size(); i++) {
            writer.line(line.measurement("odd m,x").tag("name", names.get(i)).field("f", i).time(i));
        }
        writer.finish();
        List<String> back = new ArrayList<>();
        for (InfluxQuery.Row row : new InfluxQuery(target).rows("SELECT COUNT(\"f\") FROM \"odd m,x\" GROUP BY \"name\"")) {
            back.add(row.tags().get("name"));
        }
        back.sort(null);
        List<String> expected = new ArrayList<>(List.of("a,b=c d", "q\"uote", "C:\\path", "end\u29f5", "two\\nlines", "ünï ✓"));
        expected.sort(null);
        assertEquals(expected, back);
    }

    @Test
    void aRefusedPointIsNamedAndTheLandedCountIsExact() {
        InfluxTarget target = database().withBatchSize(100);
        InfluxWriter writer = new InfluxWriter(target, (landed, elapsed) -> { });
        points(writer, "m", 250);
        LineProtocol line = new LineProtocol();
        // a float where InfluxDB already stores integers: the whole field's type conflicts
        writer.line(line.measurement("m").tag("s", "x").field("f", 0.5).time(999_999_999L));
        points(writer, "other", 10);
        InfluxException e = assertThrows(InfluxException.class, writer::finish);
        assertTrue(e.getMessage().contains("refused point 251 (m,s=x f=0.5 999999999)"), e.getMessage());
        assertTrue(e.getMessage().contains("field type conflict"), e.getMessage());
        assertEquals(260, e.landed(), e.getMessage());
        assertEquals(250, count(target, "m"));
        assertEquals(10, count(target, "other"));
    }

    @Test
    void anUnparsableLineIsNamed() {
        InfluxTarget target = database();
        InfluxWriter writer = new InfluxWriter(target, (landed, elapsed) -> { });
        points(writer, "m", 5);
        writer.line("m,s=1 f=1i 12 13");
        InfluxException e = assertThrows(InfluxException.class, writer::finish);
        assertTrue(e.getMessage().contains("refused point 6 (m,s=1 f=1i 12 13)"), e.getMessage());
        assertEquals(5, e.landed());
        assertEquals(5, count(target, "m"));
    }

    @Test
    void aServerThatIsDownIsReportedWithNothingLanded() throws IOException {
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        InfluxTarget target = InfluxTarget.of("http://127.0.0.1:" + port, "db", null)
                .withRetries(Duration.ofSeconds(1), 3, Duration.ofMillis(20));
        InfluxWriter writer = new InfluxWriter(target, (landed, elapsed) -> { });
        points(writer, "m", 10);
        InfluxException e = assertThrows(InfluxException.class, writer::finish);
        assertTrue(e.getMessage().contains("refused the connection (is InfluxDB running there?); tried 3 times"),
                e.getMessage());
        assertTrue(e.getMessage().contains("0 points landed; the batch of points 1 to 10 may or may not have"),
                e.getMessage());
        assertEquals(0, e.landed());
    }

    @Test
    void slowAnswersAndErrorsOfTheServerAreRetriedAndEveryPointLandsOnce() throws IOException {
        InfluxTarget direct = database();
        // request 2 answers too late (it still reaches InfluxDB afterwards), requests 4 and 5 fail with 503
        Map<Integer, FaultyProxy.Fault> faults = Map.of(2, FaultyProxy.Fault.delay(3_000),
                4, FaultyProxy.Fault.answer(503), 5, FaultyProxy.Fault.answer(503));
        try (FaultyProxy proxy = new FaultyProxy(sServer.url(), n -> faults.getOrDefault(n, FaultyProxy.Fault.NONE))) {
            // one request at a time, so that the faults fall on the requests meant
            InfluxTarget target = InfluxTarget.of(proxy.url().toString(), direct.database(), null).withBatchSize(1_000)
                    .withInFlight(1).withRetries(Duration.ofMillis(1_500), 4, Duration.ofMillis(50));
            InfluxWriter writer = new InfluxWriter(target, (landed, elapsed) -> { });
            points(writer, "m", 3_000);
            assertEquals(3_000, writer.finish());
            assertEquals(3, writer.retries());
            assertEquals(6, proxy.requests());
        }
        assertEquals(3_000, count(direct, "m"));
    }

    @Test
    void aServerThatStaysSlowFailsTheExportAfterItsAttempts() throws IOException {
        InfluxTarget direct = database();
        try (FaultyProxy proxy = new FaultyProxy(sServer.url(), n -> n == 1 ? FaultyProxy.Fault.NONE : FaultyProxy.Fault.delay(3_000))) {
            // one request at a time, so that the first batch is the one the proxy lets through
            InfluxTarget target = InfluxTarget.of(proxy.url().toString(), direct.database(), null).withBatchSize(100).withInFlight(1)
                    .withRetries(Duration.ofMillis(1_200), 2, Duration.ofMillis(10));
            InfluxWriter writer = new InfluxWriter(target, (landed, elapsed) -> { });
            points(writer, "m", 150);
            InfluxException e = assertThrows(InfluxException.class, writer::finish);
            assertTrue(e.getMessage().contains("did not answer within 1200 ms; tried 2 times"), e.getMessage());
            assertTrue(e.getMessage().contains("100 points landed; the batch of points 101 to 150 may or may not have"),
                    e.getMessage());
            assertEquals(100, e.landed());
        }
    }

    @Test
    void withATokenPointsGoToTheV2WriteEndpointWithTheToken() throws IOException {
        // InfluxDB 1.6 has no /api/v2/write: the proxy answers as 2.x and 3.x do and shows how the writer asked
        try (FaultyProxy proxy = new FaultyProxy(sServer.url(), n -> FaultyProxy.Fault.answer(204))) {
            InfluxTarget target = InfluxTarget.of(proxy.url().toString(), "my bucket", "s3cret").withOrg("team");
            InfluxWriter writer = new InfluxWriter(target, (landed, elapsed) -> { });
            points(writer, "m", 3);
            assertEquals(3, writer.finish());
            assertEquals(List.of("POST /api/v2/write?bucket=my+bucket&org=team&precision=ns Authorization: Token s3cret"),
                    proxy.seen());
        }
    }

    @Test
    void aRefusalInInfluxDb2sJsonNamesThePoint() throws IOException {
        // InfluxDB 2.x and 3.x answer a refused write with {"code":...,"message":...}, not 1.x's {"error":...}
        String answer = "{\"code\":\"invalid\",\"message\":\"unable to parse 'm,s=1 f=1i 1000': "
                + "invalid field format \\\"f=1i\\\" \\u2713\"}";
        try (FaultyProxy proxy = new FaultyProxy(sServer.url(), n -> FaultyProxy.Fault.answer(400, answer))) {
            InfluxTarget target = InfluxTarget.of(proxy.url().toString(), "bucket", "s3cret");
            InfluxWriter writer = new InfluxWriter(target, (landed, elapsed) -> { });
            points(writer, "m", 3);
            InfluxException e = assertThrows(InfluxException.class, writer::finish);
            assertTrue(e.getMessage().contains("refused point 2 (m,s=1 f=1i 1000): HTTP 400 unable to parse 'm,s=1 f=1i "
                    + "1000': invalid field format \"f=1i\" \u2713. 0 points landed"), e.getMessage());
            assertEquals(0, e.landed());
        }
    }

    @Test
    void aRefusalWithABrokenEscapeIsGivenAsItCame() throws IOException {
        // a backslash, u and two hex digits where four must be
        String answer = "{\"error\":\"unable to parse 'm,s=1 f=1i 1000': bad " + '\\' + "u12\"}";
        try (FaultyProxy proxy = new FaultyProxy(sServer.url(), n -> FaultyProxy.Fault.answer(400, answer))) {
            InfluxWriter writer = new InfluxWriter(InfluxTarget.of(proxy.url().toString(), "db", null), (landed, elapsed) -> { });
            points(writer, "m", 3);
            InfluxException e = assertThrows(InfluxException.class, writer::finish);
            assertTrue(e.getMessage().contains("HTTP 400 " + answer), e.getMessage());
        }
    }
}
