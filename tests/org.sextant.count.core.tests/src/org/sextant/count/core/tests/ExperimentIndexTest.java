// SPDX-License-Identifier: EPL-2.0
package org.sextant.count.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.eclipse.tracecompass.tmf.core.event.ITmfEvent;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceManager;
import org.eclipse.tracecompass.tmf.core.trace.experiment.TmfExperiment;
import org.eclipse.tracecompass.tmf.core.trace.indexer.ITmfTraceIndexer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.sextant.common.core.open.TraceOpener;
import org.sextant.ctf.core.IndexedExperiment;
import org.sextant.internal.ctf.core.ExperimentIndexer;
import org.sextant.test.support.Fixture;

/**
 * Sextant's experiment type indexes an experiment of CTF traces from its members' packets; the index must be the
 * one Trace Compass's experiment makes by reading every member's events: the same count, range and, at every
 * checkpoint, the same place in every member, so that an event of a rank or a time is found where Trace Compass
 * finds it. Recordings of Redis nodes, kernel and UST traces together, and traces of different hosts with lost
 * events; checkpoints every few dozen or hundred events put dozens in each.
 */
class ExperimentIndexTest {

    /** Sextant's experiment type, which shows its indexer. */
    private static final class SextantExperiment extends IndexedExperiment {
        ITmfTraceIndexer indexer() {
            return getIndexer();
        }

        String declined() {
            return ((ExperimentIndexer) getIndexer()).declined();
        }
    }

    @TempDir
    static Path experiments;

    /** Each experiment's members, with an interval that makes about 40 checkpoints. */
    static Stream<Arguments> experiments() throws Exception {
        return Stream.of(
                Arguments.of(members(Fixture.REDIS_CLUSTER.path()), 1_499),
                Arguments.of(members(Fixture.REDIS_PATHS.path()), 397),
                Arguments.of(members(Fixture.HTTP_TOPOLOGY.path()), 1_009),
                Arguments.of(List.of(Fixture.LTTNG_UST_LOST.path(), Fixture.PERF_MULTI_PACKET.path(), Fixture.LTTNG_UST_SMALL_PACKETS.path()), 6_101));
    }

    @ParameterizedTest
    @MethodSource("experiments")
    void theCodecsIndexIsTraceCompasssExperiments(List<Path> members, int interval) throws Exception {
        IndexAnswers expected = index(new TmfExperiment(), members, interval);
        SextantExperiment experiment = new SextantExperiment();
        IndexAnswers actual = index(experiment, members, interval);
        assertNull(experiment.declined(), "the codec made the index"); //$NON-NLS-1$
        assertEquals(expected, actual);
    }

    /** A member the codec reads otherwise than Trace Compass's reader might (overlapping packets): Trace Compass's index. */
    @Test
    void anExperimentTheCodecDeclinesIsIndexedByTraceCompasssReader() throws Exception {
        List<Path> members = List.of(Fixture.directory().resolve("wild").resolve("lttng-ust-2.3-overlap"), Fixture.LTTNG_UST_SMALL_PACKETS.path()); //$NON-NLS-1$ //$NON-NLS-2$
        IndexAnswers expected = index(new TmfExperiment(), members, 131);
        SextantExperiment experiment = new SextantExperiment();
        IndexAnswers actual = index(experiment, members, 131);
        assertNotNull(experiment.declined(), "Trace Compass's reader made the index"); //$NON-NLS-1$
        assertEquals(expected, actual);
    }

    /** A member whose locations Trace Compass cannot keep in an index file (CTF 2): its index in memory, as for its own experiment. */
    @Test
    void anExperimentWithACtf2MemberHasTraceCompasssIndexInMemory() throws Exception {
        List<Path> members = List.of(Fixture.directory().resolve("ctf2").resolve("smalltrace"), Fixture.LTTNG_UST_SMALL_PACKETS.path()); //$NON-NLS-1$ //$NON-NLS-2$
        IndexAnswers expected = index(new TmfExperiment(), members, 131);
        SextantExperiment experiment = new SextantExperiment();
        IndexAnswers actual = index(experiment, members, 131);
        assertFalse(experiment.indexer() instanceof ExperimentIndexer);
        assertEquals(expected, actual);
    }

    /** Sextant's doors open a recording as Sextant's experiment type. */
    @Test
    void recordingsOpenAsTheIndexedExperiment() throws Exception {
        assertEquals(IndexedExperiment.ID, TraceOpener.experimentType());
        ITmfTrace recording = TraceOpener.open(Fixture.REDIS_CLUSTER.path().toString());
        try {
            assertEquals(IndexedExperiment.class, recording.getClass());
        } finally {
            TraceOpener.close(recording);
        }
    }

    private static List<Path> members(Path recording) throws Exception {
        return TraceOpener.resolve(recording.toString()).members().stream().map(File::toPath).toList();
    }

    /** The experiment of the members, each opened as Sextant's doors open it, indexed; its answers. */
    private static IndexAnswers index(TmfExperiment experiment, List<Path> paths, int interval) throws Exception {
        List<ITmfTrace> members = new ArrayList<>();
        for (Path path : paths) {
            ITmfTrace member = TraceOpener.traceType(path.toString()).getTraceClass().getDeclaredConstructor().newInstance();
            member.initTrace(null, path.toString(), ITmfEvent.class);
            members.add(member);
        }
        Path path = Files.createTempDirectory(experiments, "experiment"); //$NON-NLS-1$
        experiment.initExperiment(ITmfEvent.class, path.toString(), members.toArray(new ITmfTrace[0]), interval, null);
        try {
            return IndexAnswers.of(experiment, interval);
        } finally {
            experiment.dispose();
            TmfTraceManager.deleteSupplementaryFiles(experiment);
            for (ITmfTrace member : members) {
                member.dispose();
                TmfTraceManager.deleteSupplementaryFiles(member);
            }
        }
    }
}
