// SPDX-License-Identifier: EPL-2.0
package org.sextant.count.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Path;
import java.util.stream.Stream;

import org.eclipse.tracecompass.tmf.core.event.ITmfEvent;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceManager;
import org.eclipse.tracecompass.tmf.ctf.core.trace.CtfTmfTrace;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.sextant.common.core.open.TraceOpener;
import org.sextant.ctf.core.IndexedCtfTrace;
import org.sextant.internal.ctf.core.PacketIndexer;
import org.sextant.test.support.Fixture;

/**
 * Sextant's trace types index a CTF trace from its packets with the codec; the index must be the one Trace
 * Compass's reader makes by reading every event: the same count of events, the same time range and, at every
 * checkpoint, the same location, so that an event of a rank or a time is found where Trace Compass finds it.
 * Checkpoints every few hundred or thousand events (Trace Compass takes one every 50,000) put dozens in each
 * fixture.
 */
class PacketIndexTest {

    /**
     * Trace Compass's CTF type, with checkpoints every so many events. The kernel and UST types read and index
     * as it does; only detection tells them apart.
     */
    private static final class TraceCompassCtf extends CtfTmfTrace {
        private final int fInterval;

        TraceCompassCtf(int interval) {
            fInterval = interval;
        }

        @Override
        protected void setCacheSize() {
            setCacheSize(fInterval);
        }
    }

    /** Sextant's CTF type, with checkpoints every so many events, which shows its indexer. */
    private static final class SextantCtf extends IndexedCtfTrace {
        private final int fInterval;

        SextantCtf(int interval) {
            fInterval = interval;
        }

        @Override
        protected void setCacheSize() {
            setCacheSize(fInterval);
        }

        PacketIndexer indexer() {
            return (PacketIndexer) getIndexer();
        }
    }

    /** Each trace with an interval that makes about 40 checkpoints (a seek in Trace Compass's reader costs). */
    static Stream<Arguments> traces() {
        return Stream.of(
                Arguments.of(Fixture.PERF_MULTI_PACKET.path(), 5_987),
                Arguments.of(Fixture.LTTNG_KERNEL_BUG446190.path(), 797),
                Arguments.of(Fixture.LTTNG_KERNEL_MANY_THREADS.path(), 6_007),
                Arguments.of(Fixture.LTTNG_UST_SMALL_PACKETS.path(), 131),
                Arguments.of(Fixture.LTTNG_UST_LOST.path(), 97));
    }

    @ParameterizedTest
    @MethodSource("traces")
    void theCodecsIndexIsTraceCompasssReaders(Path trace, int interval) throws Exception {
        IndexAnswers expected = index(new TraceCompassCtf(interval), trace, interval);
        IndexAnswers actual = index(new SextantCtf(interval), trace, interval);
        assertEquals(expected, actual);
    }

    /** Detection, as Trace Compass's import and every door of Sextant's do it, picks Sextant's types. */
    @Test
    void detectionPicksTheIndexedTypes() throws Exception {
        assertEquals("org.sextant.ctf.core.kernel", TraceOpener.traceType(Fixture.PERF_MULTI_PACKET.path().toString()).getTraceTypeId()); //$NON-NLS-1$
        assertEquals("org.sextant.ctf.core.kernel", TraceOpener.traceType(Fixture.LTTNG_KERNEL_BUG446190.path().toString()).getTraceTypeId()); //$NON-NLS-1$
        assertEquals("org.sextant.ctf.core.ust", TraceOpener.traceType(Fixture.LTTNG_UST_LOST.path().toString()).getTraceTypeId()); //$NON-NLS-1$
        Path barectf = Fixture.directory().resolve("wild").resolve("barectf-event-before-packet"); //$NON-NLS-1$ //$NON-NLS-2$
        assertEquals("org.sextant.ctf.core.ctf", TraceOpener.traceType(barectf.toString()).getTraceTypeId()); //$NON-NLS-1$
    }

    /** Trace Compass's reader gives a lost-event record after each packet that counts discarded events; so does the index. */
    @Test
    void lostEventRecordsAreCounted() throws Exception {
        IndexAnswers answers = index(new SextantCtf(97), Fixture.LTTNG_UST_LOST.path(), 97);
        assertEquals(fact("events") + fact("discards"), answers.events());
    }

    private static long fact(String key) {
        return Long.parseLong(Fixture.catalogue().getProperty("lttng-ust-lost." + key).trim()); //$NON-NLS-1$
    }

    private static IndexAnswers index(CtfTmfTrace trace, Path path, int interval) throws Exception {
        trace.initTrace(null, path.toString(), ITmfEvent.class);
        try {
            IndexAnswers answers = IndexAnswers.of(trace, interval);
            if (trace instanceof SextantCtf sextant) {
                assertNull(sextant.indexer().declined(), "the codec made the index"); //$NON-NLS-1$
            }
            return answers;
        } finally {
            trace.dispose();
            TmfTraceManager.deleteSupplementaryFiles(trace);
        }
    }
}
