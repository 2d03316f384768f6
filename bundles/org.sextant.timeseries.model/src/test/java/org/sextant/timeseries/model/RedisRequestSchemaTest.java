// SPDX-License-Identifier: EPL-2.0
package org.sextant.timeseries.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.sextant.redis.model.ConnectionKind;
import org.sextant.redis.model.Request;

/**
 * Requests as points in a real InfluxDB 1.6: a pipelined burst (requests that start at the read that brought
 * them all) lands whole thanks to the tie tags, and the connection stays out of the series.
 */
class RedisRequestSchemaTest extends WithInfluxd {

    private static final long T = 1_764_000_000_000_000_000L;

    @Test
    void aPipelinedBurstLandsWholeInOneSeriesPlusTies() throws Exception {
        InfluxTarget target = sServer.createDatabase("requests");
        List<String> lines = new ArrayList<>();
        RedisRequestSchema schema;
        try (InfluxWriter writer = new InfluxWriter(target, (l, e) -> { })) {
            schema = new RedisRequestSchema(line -> {
                lines.add(line.toString());
                writer.line(line);
            }, 10);
            for (int i = 0; i < 3; i++) {
                // three PUBLISHes in one read, replied to in turn
                schema.accept(new Request(T, T + 1_000 * (i + 1), "4242", 9, "publish", "127.0.0.1:50000"), "127.0.0.1:7001", ConnectionKind.CLIENT);
            }
            // the same command from another client at the same time: the same series, so a tie too
            schema.accept(new Request(T, T + 5_000, "4242", 10, "publish", ""), "127.0.0.1:7001", ConnectionKind.CLIENT);
            schema.accept(new Request(T + 1, T + 900, "4242", 9, "get", "127.0.0.1:50000"), "127.0.0.1:7001", ConnectionKind.CLIENT);
            writer.finish();
        }
        assertEquals(List.of(
                "redis_request,command=publish,kind=client,node=127.0.0.1:7001,type=other latency_ns=1000i,fd=9i,peer=\"127.0.0.1:50000\" " + T,
                "redis_request,command=publish,kind=client,node=127.0.0.1:7001,type=other,tie=1 latency_ns=2000i,fd=9i,peer=\"127.0.0.1:50000\" " + T,
                "redis_request,command=publish,kind=client,node=127.0.0.1:7001,type=other,tie=2 latency_ns=3000i,fd=9i,peer=\"127.0.0.1:50000\" " + T,
                "redis_request,command=publish,kind=client,node=127.0.0.1:7001,type=other,tie=3 latency_ns=5000i,fd=10i " + T,
                "redis_request,command=get,kind=client,node=127.0.0.1:7001,type=read latency_ns=899i,fd=9i,peer=\"127.0.0.1:50000\" " + (T + 1)),
                lines);
        assertEquals(5, schema.points());
        assertEquals(2, schema.series());
        assertEquals(3, schema.ties());
        InfluxQuery query = new InfluxQuery(target);
        assertEquals(4, query.rows("SELECT COUNT(\"latency_ns\") FROM \"redis_request\" WHERE \"command\" = 'publish'").get(0).count());
        assertEquals(11_000, query.rows("SELECT SUM(\"latency_ns\") FROM \"redis_request\" WHERE \"command\" = 'publish'").get(0).count());
        assertEquals(2, query.rows("SELECT COUNT(DISTINCT(\"fd\")) FROM \"redis_request\"").get(0).count());
    }

    @Test
    void requestsOutOfTimeOrderAreRefusedBeforeTheyCouldOverwrite() {
        RedisRequestSchema schema = new RedisRequestSchema(line -> { }, 10);
        schema.accept(new Request(T + 5, T + 10, "1", 9, "get", ""), "n", ConnectionKind.CLIENT);
        assertThrows(IllegalArgumentException.class,
                () -> schema.accept(new Request(T, T + 10, "1", 9, "get", ""), "n", ConnectionKind.CLIENT));
    }
}
