// SPDX-License-Identifier: EPL-2.0
package org.sextant.count.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

import org.eclipse.tracecompass.statesystem.core.ITmfStateSystem;
import org.eclipse.tracecompass.tmf.core.event.ITmfEvent;
import org.eclipse.tracecompass.tmf.core.event.ITmfLostEvent;
import org.eclipse.tracecompass.tmf.core.request.ITmfEventRequest;
import org.eclipse.tracecompass.tmf.core.request.TmfEventRequest;
import org.eclipse.tracecompass.tmf.core.timestamp.TmfTimeRange;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceManager;
import org.eclipse.tracecompass.tmf.ctf.core.trace.CtfTmfTrace;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.sextant.count.core.EventCountAnalysisModule;
import org.sextant.internal.count.core.EventCountParallelModule;
import org.sextant.parallel.core.HostTimes;
import org.sextant.parallel.core.ParallelHistoryModule;
import org.sextant.parallel.engine.Histories;
import org.sextant.parallel.engine.Provenance;
import org.sextant.parallel.engine.Report;
import org.sextant.parallel.model.BuildMode;
import org.sextant.parallel.model.ParallelDecoder;
import org.sextant.test.support.Fixture;
import org.sextant.test.support.QueryAgreement;
import org.sextant.test.support.Traces;

/**
 * The parallel build of the event count against the serial one that Trace Compass's own event request drives:
 * the same State History Tree, interval for interval, with chunks forced small (4 KiB) so that there are as many
 * as the traces have packets.
 */
class EventCountParallelTest {

    private static final int THREADS = 4;
    private static final long CHUNK_BYTES = 4096;

    @Test
    void perfKernelTrace() throws Exception {
        ITmfTrace trace = Traces.openKernelTrace(Fixture.PERF_SCHED_SYSCALLS);
        try {
            Report stats = assertSameHistory(trace);
            assertEquals(Fixture.PERF_SCHED_SYSCALLS.fact("events"), stats.events());
            assertEquals(2, stats.chunks(), "perf writes one packet per stream for fewer than 100,000 events");
        } finally {
            Traces.close(trace);
        }
    }

    @Test
    void ustTraceInManyChunks() throws Exception {
        ITmfTrace trace = Traces.openUstTrace(Fixture.LTTNG_UST_SMALL_PACKETS);
        try {
            Report stats = assertSameHistory(trace);
            assertEquals(Fixture.LTTNG_UST_SMALL_PACKETS.fact("events"), stats.events());
            assertEquals(65, stats.chunks(), "one chunk per 4 KiB packet");
            assertTrue(stats.maxChunksInFlight() <= THREADS * 3, "the merge holds a bounded window of chunks");
        } finally {
            Traces.close(trace);
        }
    }

    @Test
    void completeHistoryIsReusedAndNoPartialFileIsLeft() throws Exception {
        ITmfTrace trace = Traces.openUstTrace(Fixture.LTTNG_UST_SMALL_PACKETS);
        try {
            EventCountParallelModule first = parallel(trace);
            EventCountParallelModule again = parallel(trace);
            assertNull(again.getReport(), "reopened, not rebuilt");
            assertNull(Histories.firstDifference(first.getStateSystem(), again.getStateSystem()));
            first.dispose();
            again.dispose();
            String directory = TmfTraceManager.getSupplementaryFileDir(trace);
            assertTrue(Files.exists(Path.of(directory, EventCountParallelModule.ID + ".direct")));
            // its own record, which keeps it when a changed trace's folder is cleared of files without one
            assertTrue(Files.exists(Provenance.recordOf(Path.of(directory, EventCountParallelModule.ID + ".direct"))));
            assertTrue(Files.notExists(Path.of(directory, EventCountParallelModule.ID + ".direct.partial")));
        } finally {
            Traces.close(trace);
        }
    }

    /**
     * The count written by two history writers: one state system over two history trees answers every query as
     * the serial build does, is reopened from its shards, and is rebuilt, saying why, when a shard is truncated or
     * missing.
     */
    @Test
    void shardedHistoryAnswersLikeTheSerialOneAndReopensFromItsShards() throws Exception {
        ITmfTrace trace = Traces.openKernelTrace(Fixture.PERF_SCHED_SYSCALLS);
        try {
            EventCountParallelModule serial = serial(trace);
            ITmfStateSystem expected = stateOf(serial);

            EventCountParallelModule sharded = parallel(trace, 2);
            assertEquals("parallel, 4 threads, 2 writers", sharded.describeBuild());
            assertTrue(QueryAgreement.assertSameAnswers(expected, stateOf(sharded), 300) > 10000);
            EventCountParallelModule reopened = parallel(trace, 2);
            assertNull(reopened.getReport(), "reopened from its shards, not rebuilt");
            QueryAgreement.assertSameAnswers(expected, stateOf(reopened), 50);
            sharded.dispose();
            reopened.dispose();

            Path directory = Path.of(TmfTraceManager.getSupplementaryFileDir(trace));
            Path shard = directory.resolve(EventCountParallelModule.ID + ".1.ht");
            long size = Files.size(shard);
            try (FileChannel channel = FileChannel.open(shard, StandardOpenOption.WRITE)) {
                channel.truncate(size / 2);
            }
            EventCountParallelModule rebuilt = parallel(trace, 2);
            assertEquals("parallel, 4 threads, 2 writers; rebuilt: the history cannot be opened (shard " + shard + " has " + size / 2
                    + " bytes where its build wrote " + size + ")", rebuilt.describeBuild());
            QueryAgreement.assertSameAnswers(expected, stateOf(rebuilt), 50);
            rebuilt.dispose();

            Files.delete(shard);
            EventCountParallelModule single = parallel(trace, 1);
            assertEquals("parallel, 4 threads; rebuilt: the history cannot be opened (shard " + shard + " is missing)", single.describeBuild());
            QueryAgreement.assertSameAnswers(expected, stateOf(single), 50);
            single.dispose();
            assertTrue(Files.notExists(directory.resolve(EventCountParallelModule.ID + ".ht.shards")));
            assertTrue(Files.notExists(directory.resolve(EventCountParallelModule.ID + ".0.ht")));
            serial.dispose();
        } finally {
            Traces.close(trace);
        }
    }

    /**
     * The count history the workers write: full, singular and 2D queries answer as the serial build's history tree
     * does, and a damaged history is rebuilt, saying why.
     */
    @Test
    void countHistoryAnswersLikeTheSerialOneAndIsRebuiltWhenDamaged() throws Exception {
        ITmfTrace trace = Traces.openKernelTrace(Fixture.PERF_SCHED_SYSCALLS);
        try {
            EventCountParallelModule serial = serial(trace);
            ITmfStateSystem expected = stateOf(serial);

            EventCountParallelModule direct = parallel(trace);
            assertEquals(0, direct.getWriters());
            assertTrue(QueryAgreement.assertSameAnswers(expected, stateOf(direct), 300) > 10000);
            assertNull(Histories.firstDifference(expected, stateOf(direct)));
            direct.dispose();

            Path file = Path.of(TmfTraceManager.getSupplementaryFileDir(trace), EventCountParallelModule.ID + ".direct");
            long size = Files.size(file);
            try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
                channel.truncate(size / 2);
            }
            EventCountParallelModule rebuilt = parallel(trace);
            assertTrue(rebuilt.describeBuild().startsWith("parallel, 4 threads, written by its workers; rebuilt: the history cannot be opened (" + file
                    + ": not a complete count history"), rebuilt.describeBuild());
            QueryAgreement.assertSameAnswers(expected, stateOf(rebuilt), 50);
            rebuilt.dispose();
            serial.dispose();
        } finally {
            Traces.close(trace);
        }
    }

    /**
     * Traces whose clock has an {@code offset_s}, which Trace Compass 6.2's reader leaves out of its times and the
     * codec applies: the engine's count, serial, parallel into a history tree and written by its workers, starts
     * and ends where Trace Compass's trace does and equals the count Trace Compass's own event request drives,
     * interval for interval.
     */
    @ParameterizedTest
    @ValueSource(strings = { "wild/barectf-event-before-packet", "redis-tls-no-reads/ust/pid/redis-server-10177-20261207-010859" })
    void historyLiesOnTraceCompassTimeAxisWhereTheClockHasOffsetS(String fixture) throws Exception {
        ITmfTrace trace = Traces.open(new CtfTmfTrace(), Fixture.directory().resolve(fixture));
        try {
            EventCountAnalysisModule traceCompass = traceCompassCount(trace);
            ITmfStateSystem expected = traceCompass.getStateSystem();
            assertNotNull(expected);
            for (EventCountParallelModule module : assertOnTraceCompassRange(trace)) {
                assertNull(Histories.firstDifference(expected, stateOf(module)), module.describeBuild());
                module.dispose();
            }
            traceCompass.dispose();
        } finally {
            Traces.close(trace);
        }
    }

    /**
     * The clock of babeltrace's CTF writer has an {@code offset_s} of 1.35 * 10^18 s, past 2^63 ns, so the codec's
     * times wrap: shifted by {@link HostTimes}, the decoder's events are at Trace Compass's times, one for one, and
     * the count starts and ends where the trace does. (The counts are not compared: Trace Compass adds a "Lost
     * event" for the packet's {@code events_discarded}, which the engine's count has no event for.)
     */
    @Test
    void eventsLieOnTraceCompassTimeAxisWhereOffsetSWraps() throws Exception {
        Path directory = Fixture.directory().resolve("wild/ctf-writer"); //$NON-NLS-1$
        ITmfTrace trace = Traces.open(new CtfTmfTrace(), directory);
        try {
            List<String> traceCompass = new ArrayList<>();
            TmfEventRequest request = new TmfEventRequest(ITmfEvent.class, TmfTimeRange.ETERNITY, 0, ITmfEventRequest.ALL_DATA,
                    ITmfEventRequest.ExecutionType.FOREGROUND) {
                @Override
                public void handleData(ITmfEvent event) {
                    super.handleData(event);
                    if (!(event instanceof ITmfLostEvent)) {
                        traceCompass.add(event.getTimestamp().toNanos() + " " + event.getName()); //$NON-NLS-1$
                    }
                }
            };
            trace.sendRequest(request);
            request.waitForCompletion();
            List<String> engine = new ArrayList<>();
            new ParallelDecoder(BuildMode.SERIAL, HostTimes.shift(trace)).decode(directory, (nanos, cpu, name) -> engine.add(nanos + " " + name), //$NON-NLS-1$
                    (done, total) -> { }, new AtomicBoolean());
            Collections.sort(traceCompass);
            Collections.sort(engine);
            assertEquals(2, engine.size());
            assertEquals(traceCompass, engine);
            for (EventCountParallelModule module : assertOnTraceCompassRange(trace)) {
                module.dispose();
            }
        } finally {
            Traces.close(trace);
        }
    }

    /**
     * @return the serial build, the parallel one into a history tree and the one its workers write, each checked
     *         to start and end where the trace does in Trace Compass; dispose them
     */
    private static List<EventCountParallelModule> assertOnTraceCompassRange(ITmfTrace trace) throws Exception {
        trace.indexTrace(true);
        TmfTraceManager.deleteSupplementaryFiles(trace);
        List<EventCountParallelModule> modules = new ArrayList<>();
        modules.add(serial(trace));
        modules.add(parallel(trace, 1));
        // each build's files deleted, so that the next builds rather than reuses
        TmfTraceManager.deleteSupplementaryFiles(trace);
        modules.add(parallel(trace));
        for (EventCountParallelModule module : modules) {
            ITmfStateSystem built = stateOf(module);
            assertEquals(trace.getStartTime().toNanos(), built.getStartTime(), module.describeBuild());
            assertEquals(trace.getEndTime().toNanos(), built.getCurrentEndTime(), module.describeBuild());
        }
        return modules;
    }

    /** @return the serial build, its history tree the reference; its files are deleted, the module keeps it open */
    private static EventCountParallelModule serial(ITmfTrace trace) throws Exception {
        EventCountParallelModule serial = new EventCountParallelModule();
        serial.setId(EventCountParallelModule.ID);
        serial.setSerial();
        assertTrue(serial.setTrace(trace));
        serial.schedule();
        assertTrue(serial.waitForCompletion());
        TmfTraceManager.deleteSupplementaryFiles(trace);
        return serial;
    }

    private static ITmfStateSystem stateOf(EventCountParallelModule module) {
        ITmfStateSystem ss = module.getStateSystem();
        assertNotNull(ss);
        return ss;
    }

    /** @return the count Trace Compass's own event request drives, built */
    private static EventCountAnalysisModule traceCompassCount(ITmfTrace trace) throws Exception {
        EventCountAnalysisModule module = new EventCountAnalysisModule();
        module.setId(EventCountAnalysisModule.ID);
        assertTrue(module.setTrace(trace));
        module.schedule();
        assertTrue(module.waitForCompletion());
        return module;
    }

    private static Report assertSameHistory(ITmfTrace trace) throws Exception {
        EventCountAnalysisModule serialModule = traceCompassCount(trace);
        ITmfStateSystem serial = serialModule.getStateSystem();
        assertNotNull(serial);

        EventCountParallelModule parallelModule = parallel(trace);
        ITmfStateSystem parallel = parallelModule.getStateSystem();
        assertNotNull(parallel);
        assertNull(Histories.firstDifference(serial, parallel));
        Report stats = parallelModule.getReport();
        assertNotNull(stats);
        assertEquals("parallel, " + THREADS + " threads, written by its workers", parallelModule.describeBuild());
        serialModule.dispose();
        parallelModule.dispose();
        return stats;
    }

    /** A parallel build as the command line makes it by default: the workers write the count history. */
    private static EventCountParallelModule parallel(ITmfTrace trace) throws Exception {
        return parallel(trace, 0);
    }

    private static EventCountParallelModule parallel(ITmfTrace trace, int writers) throws Exception {
        EventCountParallelModule module = new EventCountParallelModule();
        module.setId(EventCountParallelModule.ID);
        module.setThreads(THREADS);
        module.setWriters(writers);
        module.setChunkBytes(CHUNK_BYTES);
        assertTrue(module.setTrace(trace));
        module.schedule();
        assertTrue(module.waitForCompletion());
        return module;
    }

}
