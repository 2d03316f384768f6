// SPDX-License-Identifier: EPL-2.0
package org.sextant.spans.core.tests;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.tracecompass.tmf.core.event.ITmfEvent;
import org.eclipse.tracecompass.tmf.core.request.ITmfEventRequest;
import org.eclipse.tracecompass.tmf.core.request.TmfEventRequest;
import org.eclipse.tracecompass.tmf.core.timestamp.TmfTimeRange;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;
import org.eclipse.tracecompass.tmf.core.trace.experiment.TmfExperiment;
import org.sextant.internal.spans.core.SpanEvents;
import org.sextant.spans.core.SpansAnalysisModule;
import org.sextant.spans.model.RedisCommand;
import org.sextant.spans.model.SpanGraph;
import org.sextant.test.support.Fixture;
import org.sextant.test.support.Traces;

/**
 * A recording of the HTTP topology opened as the experiment users open, with its spans built, and the oracle
 * the recording keeps beside its traces: the load generator's log, the Redis node's {@code INFO commandstats},
 * and the pid and port of each service ({@code topology.json}).
 */
final class Topology implements AutoCloseable {

    /** One request of the load generator's log. */
    record Logged(int seq, String traceId, int resource, String route, String path, int status, int localPort, long startNs) {
    }

    /** One Redis connection of the counters backend's log: which command of which request went through which port. */
    record Connected(int resource, String traceId, String command, int localPort, long connectNs) {
    }

    private static final Pattern FIELD = Pattern.compile("\"(\\w+)\":(\"[^\"]*\"|[^,}]+)"); //$NON-NLS-1$

    private final TmfExperiment fExperiment;
    private final SpanGraph fGraph;
    private final Path fDirectory;

    private Topology(Path directory, TmfExperiment experiment, SpanGraph graph) {
        fDirectory = directory;
        fExperiment = experiment;
        fGraph = graph;
    }

    static Topology open(Fixture fixture) throws Exception {
        return open(fixture.path());
    }

    /** @return the recording in that directory (a changed copy of a fixture) opened, with its spans built */
    static Topology open(Path directory) throws Exception {
        TmfExperiment experiment = Traces.openRecording(directory);
        try {
            SpansAnalysisModule module = TmfTraceUtils.getAnalysisModuleOfClass(experiment, SpansAnalysisModule.class, SpansAnalysisModule.ID);
            assertNotNull(module, "the span analysis applies to the recording");
            assertTrue(module.schedule().isOK());
            assertTrue(module.waitForCompletion(), "the span analysis completes");
            SpanGraph graph = module.getGraph();
            assertNotNull(graph);
            return new Topology(directory, experiment, graph);
        } catch (Exception | AssertionError e) {
            Traces.close(experiment);
            throw e;
        }
    }

    TmfExperiment experiment() {
        return fExperiment;
    }

    /** @return the spans as the analysis linked them: by Trace Compass's event matching */
    SpanGraph graph() {
        return fGraph;
    }

    /** @return the spans of a second read of the recording, linked by the span model's own 4-tuple joins */
    SpanGraph joinedByTheModel() throws InterruptedException {
        SpanEvents events = new SpanEvents(fExperiment, new NullProgressMonitor());
        TmfEventRequest request = new TmfEventRequest(ITmfEvent.class, TmfTimeRange.ETERNITY, 0, ITmfEventRequest.ALL_DATA,
                ITmfEventRequest.ExecutionType.FOREGROUND) {
            @Override
            public void handleData(ITmfEvent event) {
                super.handleData(event);
                events.handle(event);
            }
        };
        fExperiment.sendRequest(request);
        request.waitForCompletion();
        return events.finishWithoutMatching(fExperiment);
    }

    /** @return the generator's log, in its order */
    List<Logged> log() throws IOException {
        List<Logged> log = new ArrayList<>();
        for (String line : Files.readAllLines(fDirectory.resolve("loadgen.jsonl"))) { //$NON-NLS-1$
            Map<String, String> fields = fields(line);
            log.add(new Logged(Integer.parseInt(fields.get("seq")), fields.get("id"), Integer.parseInt(fields.get("resource")), fields.get("route"), //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
                    fields.get("path"), Integer.parseInt(fields.get("status")), Integer.parseInt(fields.get("local_port")), //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                    Long.parseLong(fields.get("start_ns")))); //$NON-NLS-1$
        }
        return log;
    }

    /** @return the counters backend's log ({@code counters.jsonl}), in the order its connections were made */
    List<Connected> counters() throws IOException {
        List<Connected> log = new ArrayList<>();
        for (String line : Files.readAllLines(fDirectory.resolve("counters.jsonl"))) { //$NON-NLS-1$
            Map<String, String> fields = fields(line);
            log.add(new Connected(Integer.parseInt(fields.get("resource")), fields.get("trace_id"), fields.get("command"), //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                    Integer.parseInt(fields.get("local_port")), Long.parseLong(fields.get("connect_ns")))); //$NON-NLS-1$ //$NON-NLS-2$
        }
        return log;
    }

    /** @return the pid of each service ("gateway", "users", "orders" or "counters", "redis") */
    Map<String, String> pids() throws IOException {
        return pids(fDirectory);
    }

    /** @return the pid of each service of the recording in that directory */
    static Map<String, String> pids(Path directory) throws IOException {
        String text = Files.readString(directory.resolve("topology.json")); //$NON-NLS-1$
        Map<String, String> pids = new HashMap<>();
        Matcher matcher = Pattern.compile("\"(\\w+)\": \\{\"port\": \\d+, \"pid\": (\\d+)\\}").matcher(text); //$NON-NLS-1$
        while (matcher.find()) {
            pids.put(matcher.group(1), matcher.group(2));
        }
        return pids;
    }

    /**
     * @param bySpan
     *            true: the commands a span sent; false: those a traced client sent for no span
     * @return their count per command
     */
    Map<String, Long> commandsSent(boolean bySpan) {
        Map<String, Long> sent = new TreeMap<>();
        for (RedisCommand command : fGraph.redisCommands()) {
            if (fGraph.spanOf(command).isPresent() ? bySpan : !bySpan && fGraph.clientOf(command).isPresent()) {
                sent.merge(command.command(), 1L, Long::sum);
            }
        }
        return sent;
    }

    /** @return the calls per command of {@code INFO commandstats} */
    Map<String, Long> commandstats() throws IOException {
        Map<String, Long> calls = new HashMap<>();
        Matcher matcher = Pattern.compile("cmdstat_(\\w+):calls=(\\d+)").matcher(Files.readString(fDirectory.resolve("redis-commandstats.txt"))); //$NON-NLS-1$ //$NON-NLS-2$
        while (matcher.find()) {
            calls.put(matcher.group(1), Long.parseLong(matcher.group(2)));
        }
        return calls;
    }

    /** @return the trace directory of the process with that pid in the recording */
    static Path traceOf(Path recording, String pid) throws IOException {
        try (Stream<Path> traces = Files.list(recording.resolve("ust/pid"))) { //$NON-NLS-1$
            return traces.filter(t -> t.getFileName().toString().contains('-' + pid + '-')).findFirst().orElseThrow();
        }
    }

    /** Copies a recording (a fixture) so that a test may change it. */
    static void copy(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path file : (Iterable<Path>) files::iterator) {
                Path target = to.resolve(from.relativize(file).toString());
                if (Files.isDirectory(file)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(file, target);
                }
            }
        }
    }

    private static Map<String, String> fields(String line) {
        Map<String, String> fields = new HashMap<>();
        Matcher matcher = FIELD.matcher(line);
        while (matcher.find()) {
            String value = matcher.group(2).strip();
            fields.put(matcher.group(1), value.startsWith("\"") ? value.substring(1, value.length() - 1) : value); //$NON-NLS-1$
        }
        return fields;
    }

    @Override
    public void close() {
        Traces.close(fExperiment);
    }
}
