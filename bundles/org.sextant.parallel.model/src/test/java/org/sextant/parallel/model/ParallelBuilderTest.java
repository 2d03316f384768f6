// SPDX-License-Identifier: EPL-2.0
package org.sextant.parallel.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;
import org.sextant.common.model.state.StateWriter;

/** The workers' handler tables, on a fixture of many small packets cut into a chunk per packet on two threads. */
class ParallelBuilderTest {

    private static final String FIXTURE = "lttng-ust-small-packets";
    private static final Path TRACE = Fixtures.PERF.resolveSibling(FIXTURE);
    private static final String MALLOC = "lttng_ust_libc:malloc";

    /** Takes no change: the analyses here write none. */
    private static final StateWriter NOWHERE = new StateWriter() {
        @Override
        public int attribute(String... path) {
            throw new AssertionError("no attribute expected");
        }

        @Override
        public void modify(long time, int attribute, Object value) {
            throw new AssertionError("no change expected");
        }
    };

    private static ParallelBuilder.Stats build(ChunkAnalysis analysis) throws Exception {
        return new ParallelBuilder(2, 4096).build(TRACE, analysis, NOWHERE, (done, total) -> { }, new AtomicBoolean());
    }

    /**
     * Each chunk's worker is asked for the handler of each class it meets once, and the handler it gave gets
     * every event of the class: its events add up to babeltrace2's count.
     */
    @Test
    void eachWorkerIsAskedOncePerEventClass() throws Exception {
        Queue<List<String>> asked = new ConcurrentLinkedQueue<>();
        AtomicLong mallocs = new AtomicLong();
        ChunkAnalysis analysis = new ChunkAnalysis() {
            @Override
            public Set<String> fields() {
                return Set.of();
            }

            @Override
            public Worker worker() {
                List<String> names = new ArrayList<>();
                asked.add(names);
                return eventName -> {
                    names.add(eventName);
                    return eventName.equals(MALLOC) ? (nanos, cpu, fields, changes) -> mallocs.incrementAndGet() : null;
                };
            }
        };
        ParallelBuilder.Stats stats = build(analysis);
        assertTrue(stats.chunks() > 10, "a chunk per 4 KiB packet: " + stats.chunks());
        assertEquals(stats.chunks(), asked.size(), "a worker per chunk");
        Set<String> classes = new HashSet<>();
        for (List<String> names : asked) {
            assertEquals(new HashSet<>(names).size(), names.size(), "asked twice for a class: " + names);
            classes.addAll(names);
        }
        assertEquals(Fixtures.facts(FIXTURE, "type.").keySet(), classes);
        assertEquals(Fixtures.fact(FIXTURE, "type." + MALLOC), mallocs.get());
    }

    /**
     * Events of classes no handler takes still count, and still make each chunk's span, hence the trace's: the
     * first and last event times are the decoder's.
     */
    @Test
    void ignoredEventsStillCountAndMakeTheSpan() throws Exception {
        ParallelBuilder.Stats stats = build(new ChunkAnalysis() {
            @Override
            public Set<String> fields() {
                return Set.of();
            }

            @Override
            public Worker worker() {
                return eventName -> null;
            }
        });
        long[] span = { Long.MAX_VALUE, Long.MIN_VALUE };
        new ParallelDecoder(BuildMode.SERIAL).decode(TRACE, (nanos, cpu, name) -> {
            span[0] = Math.min(span[0], nanos);
            span[1] = Math.max(span[1], nanos);
        }, (done, total) -> { }, new AtomicBoolean());
        assertEquals(Fixtures.fact(FIXTURE, "events"), stats.events());
        assertEquals(span[0], stats.firstEvent());
        assertEquals(span[1], stats.lastEvent());
        assertEquals(0, stats.changes());
    }
}
