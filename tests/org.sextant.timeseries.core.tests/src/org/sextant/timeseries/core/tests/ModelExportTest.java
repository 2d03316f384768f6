// SPDX-License-Identifier: EPL-2.0
package org.sextant.timeseries.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.LongStream;

import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.tracecompass.segmentstore.core.ISegment;
import org.eclipse.tracecompass.segmentstore.core.segment.interfaces.INamedSegment;
import org.eclipse.tracecompass.statesystem.core.ITmfStateSystem;
import org.eclipse.tracecompass.tmf.core.segment.ISegmentAspect;
import org.eclipse.tracecompass.tmf.core.statesystem.TmfStateSystemAnalysisModule;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;
import org.eclipse.tracecompass.tmf.core.trace.experiment.TmfExperiment;
import org.junit.jupiter.api.Test;
import org.sextant.common.model.series.DurationStats;
import org.sextant.internal.timeseries.core.ModelExport;
import org.sextant.redis.core.RedisAnalysisModule;
import org.sextant.redis.core.RedisLatencyModule;
import org.sextant.redis.model.RedisTracker;
import org.sextant.spans.core.SpansAnalysisModule;
import org.sextant.spans.model.Service;
import org.sextant.spans.model.Span;
import org.sextant.spans.model.SpanGraph;
import org.sextant.spans.model.SpanKind;
import org.sextant.test.support.Fixture;
import org.sextant.test.support.Traces;
import org.sextant.timeseries.model.InfluxQuery;
import org.sextant.timeseries.model.InfluxTarget;
import org.sextant.timeseries.model.InfluxWriter;

/**
 * Redis requests and HTTP spans of real recordings exported to a real InfluxDB 1.6 ({@code influxd} started here)
 * and asked back by InfluxQL, against oracles outside Sextant: each Redis node's own {@code INFO commandstats}, the
 * load generator's log of the HTTP topology; and against the model's own latencies (sum and nearest-rank p99).
 */
class ModelExportTest extends WithInfluxd {

    private static final Pattern CMDSTAT = Pattern.compile("^cmdstat_([^|:]+)[^:]*:calls=(\\d+),.*rejected_calls=(\\d+)", Pattern.MULTILINE); //$NON-NLS-1$
    private static final Pattern LOGGED = Pattern.compile("\"id\":(?:\"(\\w+)\"|null).*\"route\":\"([^\"]+)\""); //$NON-NLS-1$

    private static final long MAX_SERIES = 1_000;


    @Test
    void requestsPerCommandEqualInfoCommandstatsOfTheHttpTopology() throws Exception {
        TmfExperiment recording = Traces.openRecording(Fixture.HTTP_TOPOLOGY);
        try {
            InfluxQuery query = exportRedis(recording, "topology_redis"); //$NON-NLS-1$
            // the INFO that read the counters comes last but for the services' QUITs; it counts what ran before it
            List<InfluxQuery.Row> infos = query.rows("SELECT \"latency_ns\" FROM \"redis_request\" WHERE \"command\" = 'info'"); //$NON-NLS-1$
            long reading = infos.get(infos.size() - 1).time();
            Map<String, Long> counted = perCommand(query, "time < " + reading); //$NON-NLS-1$
            assertEquals(commandstats(Fixture.HTTP_TOPOLOGY.path().resolve("redis-commandstats.txt"), null), counted); //$NON-NLS-1$
        } finally {
            Traces.close(recording);
        }
    }

    @Test
    void requestsPerCommandEqualEachTlsNodesCommandstatsAndLatenciesTheModels() throws Exception {
        TmfExperiment recording = Traces.openRecording(Fixture.REDIS_TLS);
        try {
            InfluxQuery query = exportRedis(recording, "tls"); //$NON-NLS-1$
            Map<String, Long> nodes = byTag(query.rows("SELECT COUNT(\"latency_ns\") FROM \"redis_request\" GROUP BY \"node\""), "node"); //$NON-NLS-1$ //$NON-NLS-2$
            assertEquals(Set.of("7151", "7152", "7153"), nodes.keySet().stream().map(n -> n.substring(n.lastIndexOf(':') + 1)).collect(Collectors.toSet())); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
            for (String node : nodes.keySet()) {
                // each node's window: from its INFO commandstats before the load to the one after
                List<InfluxQuery.Row> infos = query.rows("SELECT \"latency_ns\" FROM \"redis_request\" WHERE \"command\" = 'info' AND \"node\" = '" + node + '\''); //$NON-NLS-1$
                assertTrue(infos.size() >= 2, node);
                String window = "\"node\" = '" + node + "' AND time >= " + infos.get(infos.size() - 2).time() + " AND time < " //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                        + infos.get(infos.size() - 1).time();
                Path stats = Fixture.REDIS_TLS.path().resolve("commandstats"); //$NON-NLS-1$
                String port = node.substring(node.lastIndexOf(':') + 1);
                assertEquals(commandstats(stats.resolve(port + "-after.txt"), stats.resolve(port + "-before.txt")), perCommand(query, window), node); //$NON-NLS-1$ //$NON-NLS-2$
            }
            Map<String, List<Long>> latencies = modelLatencies(recording);
            Map<String, String> addresses = addresses(recording);
            assertEquals(latencies.values().stream().mapToLong(List::size).sum(), nodes.values().stream().mapToLong(Long::longValue).sum());
            for (Map.Entry<String, List<Long>> entry : latencies.entrySet()) {
                String[] nodeCommand = entry.getKey().split(" "); //$NON-NLS-1$
                String where = " FROM \"redis_request\" WHERE \"node\" = '" + addresses.get(nodeCommand[0]) + "' AND \"command\" = '" //$NON-NLS-1$ //$NON-NLS-2$
                        + nodeCommand[1] + '\'';
                long[] model = entry.getValue().stream().mapToLong(Long::longValue).sorted().toArray();
                assertEquals(model.length, query.rows("SELECT COUNT(\"latency_ns\")" + where).get(0).count(), entry.getKey()); //$NON-NLS-1$
                assertEquals(LongStream.of(model).sum(),
                        query.rows("SELECT SUM(\"latency_ns\")" + where).get(0).count(), entry.getKey()); //$NON-NLS-1$
                // nearest rank, as the latency views: the smallest latency at least 99 % of the requests do not exceed
                int above = model.length - (int) Math.ceil(0.99 * model.length) + 1;
                assertEquals(DurationStats.of(model).p99(), query.rows("SELECT MIN(\"top\") FROM (SELECT TOP(\"latency_ns\", " + above //$NON-NLS-1$
                        + ") AS \"top\"" + where + ')').get(0).count(), entry.getKey());
                // InfluxQL's PERCENTILE rounds the rank instead: floor(n p / 100 + 0.5)
                int rank = (int) Math.floor(model.length * 99 / 100.0 + 0.5);
                if (rank >= 1) {
                    assertEquals(model[rank - 1], query.rows("SELECT PERCENTILE(\"latency_ns\", 99)" + where).get(0).count(), entry.getKey()); //$NON-NLS-1$
                }
            }
        } finally {
            Traces.close(recording);
        }
    }

    @Test
    void spansPerRouteEqualTheLoadGeneratorsLog() throws Exception {
        TmfExperiment recording = Traces.openRecording(Fixture.HTTP_TOPOLOGY);
        try {
            SpansAnalysisModule module = TmfTraceUtils.getAnalysisModuleOfClass(recording, SpansAnalysisModule.class, SpansAnalysisModule.ID);
            assertNotNull(module);
            InfluxTarget target = sServer.createDatabase("topology_spans"); //$NON-NLS-1$
            ModelExport.Made counts;
            try (InfluxWriter writer = new InfluxWriter(target, (l, e) -> { })) {
                counts = ModelExport.spans(recording, writer, MAX_SERIES, new NullProgressMonitor());
                assertEquals(counts.points(), writer.finish());
            }
            SpanGraph graph = module.getGraph();
            assertNotNull(graph);
            assertEquals(graph.spans().size(), counts.points());
            InfluxQuery query = new InfluxQuery(target);
            assertEquals(graph.spans().size(), query.rows("SELECT COUNT(\"span_id\") FROM \"span\"").get(0).count()); //$NON-NLS-1$

            Map<String, Long> logged = new TreeMap<>();
            Set<String> traceIds = new TreeSet<>();
            for (String line : Files.readAllLines(Fixture.HTTP_TOPOLOGY.path().resolve("loadgen.jsonl"))) { //$NON-NLS-1$
                Matcher matcher = LOGGED.matcher(line);
                assertTrue(matcher.find(), line);
                logged.merge(matcher.group(2), 1L, Long::sum);
                traceIds.add(matcher.group(1));
            }
            Map<String, String> names = serviceNames(graph);
            String gateway = names.get(topologyPid("gateway")); //$NON-NLS-1$
            assertEquals(logged, byTag(query.rows("SELECT COUNT(\"span_id\") FROM \"span\" WHERE \"service\" = '" + gateway //$NON-NLS-1$
                    + "' AND \"kind\" = 'server' GROUP BY \"route\""), "route")); //$NON-NLS-1$ //$NON-NLS-2$
            assertEquals(traceIds, new TreeSet<>(query.rows("SELECT \"trace_id\" FROM \"span\" WHERE \"service\" = '" + gateway //$NON-NLS-1$
                    + "' AND \"kind\" = 'server'").stream().map(InfluxQuery.Row::value).toList())); //$NON-NLS-1$
            // the gateway calls users for a user and for an order, orders for an order and a new one
            long users = logged.get("GET /users/:id") + logged.get("GET /orders/:id"); //$NON-NLS-1$ //$NON-NLS-2$
            long orders = logged.get("GET /orders/:id") + logged.get("POST /orders"); //$NON-NLS-1$ //$NON-NLS-2$
            for (Map.Entry<String, Long> backend : Map.of("users", users, "orders", orders).entrySet()) { //$NON-NLS-1$ //$NON-NLS-2$
                assertEquals(backend.getValue(), query.rows("SELECT COUNT(\"span_id\") FROM \"span\" WHERE \"service\" = '" //$NON-NLS-1$
                        + names.get(topologyPid(backend.getKey())) + "' AND \"kind\" = 'server'").get(0).count(), backend.getKey()); //$NON-NLS-1$
            }
            Map<String, Long> durations = new TreeMap<>();
            long redis = 0;
            for (Span span : graph.spans()) {
                if (span.kind() == SpanKind.SERVER && span.complete() && span.service().name().equals(gateway)) {
                    durations.merge(span.route(), span.duration(), Long::sum);
                }
                redis += span.redisCommands().size();
            }
            assertEquals(durations, byTag(query.rows("SELECT SUM(\"duration_ns\") FROM \"span\" WHERE \"service\" = '" + gateway //$NON-NLS-1$
                    + "' AND \"kind\" = 'server' GROUP BY \"route\""), "route")); //$NON-NLS-1$ //$NON-NLS-2$
            assertTrue(redis > 0);
            assertEquals(redis, query.rows("SELECT SUM(\"redis_commands\") FROM \"span\"").get(0).count()); //$NON-NLS-1$
        } finally {
            Traces.close(recording);
        }
    }

    private static InfluxQuery exportRedis(TmfExperiment recording, String database) throws Exception {
        InfluxTarget target = sServer.createDatabase(database);
        try (InfluxWriter writer = new InfluxWriter(target, (l, e) -> { })) {
            ModelExport.Made counts = ModelExport.redis(recording, writer, MAX_SERIES, new NullProgressMonitor());
            assertEquals(counts.points(), writer.finish());
            assertTrue(counts.points() > 0);
        }
        return new InfluxQuery(target);
    }

    /** @return requests per command in the time window */
    private static Map<String, Long> perCommand(InfluxQuery query, String where) {
        return byTag(query.rows("SELECT COUNT(\"latency_ns\") FROM \"redis_request\" WHERE " + where + " GROUP BY \"command\""), "command"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
    }

    private static Map<String, Long> byTag(List<InfluxQuery.Row> rows, String tag) {
        Map<String, Long> counts = new TreeMap<>();
        rows.forEach(row -> counts.put(row.tags().get(tag), row.count()));
        return counts;
    }

    /**
     * @return per command (subcommands under their command, as the tracer names them), calls and rejected calls of
     *         the reading, less those of an earlier one; commands that did not move left out
     */
    private static Map<String, Long> commandstats(Path after, Path before) throws IOException {
        Map<String, Long> moves = new TreeMap<>();
        for (Path file : before == null ? List.of(after) : List.of(after, before)) {
            Matcher matcher = CMDSTAT.matcher(Files.readString(file));
            long sign = file.equals(after) ? 1 : -1;
            while (matcher.find()) {
                moves.merge(matcher.group(1), sign * (Long.parseLong(matcher.group(2)) + Long.parseLong(matcher.group(3))), Long::sum);
            }
        }
        moves.values().removeIf(moved -> moved == 0);
        return moves;
    }

    /** @return the model's latencies, by "NODE COMMAND", from the latency store through its aspects */
    private static Map<String, List<Long>> modelLatencies(TmfExperiment recording) {
        RedisLatencyModule module = TmfTraceUtils.getAnalysisModuleOfClass(recording, RedisLatencyModule.class, RedisLatencyModule.ID);
        assertNotNull(module);
        assertTrue(module.waitForCompletion(new NullProgressMonitor()));
        ISegmentAspect node = null;
        for (ISegmentAspect aspect : module.getSegmentAspects()) {
            if (aspect.getName().equals("Node")) { //$NON-NLS-1$
                node = aspect;
            }
        }
        assertNotNull(node);
        Map<String, List<Long>> latencies = new TreeMap<>();
        for (ISegment segment : module.getSegmentStore()) {
            latencies.computeIfAbsent(node.resolve(segment) + " " + ((INamedSegment) segment).getName(), //$NON-NLS-1$
                    k -> new ArrayList<>()).add(segment.getLength());
        }
        return latencies;
    }

    /** @return each node's address (its tag) by its pid, from the Redis state system */
    private static Map<String, String> addresses(TmfExperiment recording) throws Exception {
        ITmfStateSystem state = TmfStateSystemAnalysisModule.getStateSystem(recording, RedisAnalysisModule.ID);
        assertNotNull(state);
        state.waitUntilBuilt();
        Map<String, String> addresses = new HashMap<>();
        for (int node : state.getQuarks(RedisTracker.NODES, "*")) { //$NON-NLS-1$
            addresses.put(state.getAttributeName(node), String.valueOf(state.querySingleState(state.getCurrentEndTime(), node).getValue()));
        }
        return addresses;
    }

    /** @return the services' names by pid, as the model names them */
    private static Map<String, String> serviceNames(SpanGraph graph) {
        Map<String, String> names = new HashMap<>();
        for (Service service : graph.services()) {
            names.put(service.key(), service.name());
        }
        return names;
    }

    /** @return the pid {@code topology.json} gives the service */
    private static String topologyPid(String service) throws IOException {
        Matcher matcher = Pattern.compile('"' + service + "\": \\{\"port\": \\d+, \"pid\": (\\d+)\\}") //$NON-NLS-1$
                .matcher(Files.readString(Fixture.HTTP_TOPOLOGY.path().resolve("topology.json"))); //$NON-NLS-1$
        assertTrue(matcher.find(), service);
        return matcher.group(1);
    }
}
