// SPDX-License-Identifier: EPL-2.0
package org.sextant.spans.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.StreamSupport;

import org.eclipse.tracecompass.segmentstore.core.ISegment;
import org.eclipse.tracecompass.segmentstore.core.ISegmentStore;
import org.eclipse.tracecompass.segmentstore.core.segment.interfaces.INamedSegment;
import org.eclipse.tracecompass.tmf.core.segment.ISegmentAspect;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;
import org.junit.jupiter.api.Test;
import org.sextant.spans.core.SpanLatencyModule;
import org.sextant.spans.model.Span;
import org.sextant.spans.model.SpanKind;
import org.sextant.test.support.Fixture;

/**
 * The latency segment store that Trace Compass's table, scatter chart and statistics views draw per route, on
 * the HTTP topology recording: the gateway's segments per route are the load generator's requests per route
 * (its log is the oracle, tests/fixtures/CATALOGUE.md), every segment is exactly one complete server span (same
 * service, route, start and end, so the same duration), and the columns the table shows resolve to the span's
 * values. The statistics view groups by the segment's name, so the names are checked as the groups.
 */
class SpanLatencyTest {

    @Test
    void segmentsPerRouteAreTheGeneratorsRequestsWithTheSpansDurations() throws Exception {
        try (Topology topology = Topology.open(Fixture.HTTP_TOPOLOGY)) {
            SpanLatencyModule module = TmfTraceUtils.getAnalysisModuleOfClass(topology.experiment(), SpanLatencyModule.class, SpanLatencyModule.ID);
            assertNotNull(module, "the latency analysis applies to the recording");
            assertTrue(module.schedule().isOK());
            assertTrue(module.waitForCompletion(), "the latency analysis completes");
            ISegmentStore<ISegment> store = module.getSegmentStore();
            assertNotNull(store);
            List<ISegment> segments = StreamSupport.stream(store.spliterator(), false).toList();

            Map<String, Long> gatewayPerRoute = segments.stream().map(s -> ((INamedSegment) s).getName()).filter(name -> name.startsWith("gateway ")) //$NON-NLS-1$
                    .collect(Collectors.groupingBy(name -> name.substring("gateway ".length()), TreeMap::new, Collectors.counting())); //$NON-NLS-1$
            Map<String, Long> logged = topology.log().stream().collect(Collectors.groupingBy(Topology.Logged::route, TreeMap::new, Collectors.counting()));
            assertEquals(logged, gatewayPerRoute, "one gateway segment per request the generator logged, per route");

            Map<String, ISegmentAspect> columns = StreamSupport.stream(module.getSegmentAspects().spliterator(), false)
                    .collect(Collectors.toMap(ISegmentAspect::getName, Function.identity()));
            Map<String, Long> expected = new TreeMap<>();
            topology.graph().spans().stream().filter(s -> s.kind() == SpanKind.SERVER && s.complete()).forEach(s -> expected.merge(key(s), 1L, Long::sum));
            Map<String, Long> actual = new TreeMap<>();
            for (ISegment segment : segments) {
                actual.merge(columns.get("Service").resolve(segment) + " " + columns.get("Route").resolve(segment) + ' ' //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                        + segment.getStart() + '+' + segment.getLength(), 1L, Long::sum);
                assertEquals(((INamedSegment) segment).getName(), columns.get("Service").resolve(segment) + " " + columns.get("Route").resolve(segment)); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
            }
            assertEquals(expected, actual, "each segment is one complete server span, with its duration");
            ISegmentAspect trace = columns.get("Trace id"); //$NON-NLS-1$
            assertEquals(topology.log().stream().map(Topology.Logged::traceId).sorted().toList(),
                    segments.stream().filter(s -> ((INamedSegment) s).getName().startsWith("gateway ")).map(s -> String.valueOf(trace.resolve(s))).sorted().toList(), //$NON-NLS-1$
                    "each gateway segment has its request's trace id");
            assertEquals(topology.graph().spans().stream().filter(s -> s.kind() == SpanKind.SERVER).count(), segments.size(),
                    "no server span of the fixture is incomplete, so none is left out");
            System.out.printf("[spans] latency store: %d segments, gateway per route %s%n", segments.size(), gatewayPerRoute); //$NON-NLS-1$
        }
    }

    private static String key(Span span) {
        return span.service().name() + ' ' + span.route() + ' ' + span.start() + '+' + (span.end() - span.start());
    }
}
