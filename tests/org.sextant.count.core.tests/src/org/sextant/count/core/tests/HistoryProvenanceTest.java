// SPDX-License-Identifier: EPL-2.0
package org.sextant.count.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import java.util.stream.Stream;

import org.eclipse.tracecompass.statesystem.core.ITmfStateSystem;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceManager;
import org.eclipse.tracecompass.tmf.ctf.core.event.CtfTmfEvent;
import org.eclipse.tracecompass.tmf.ctf.core.trace.CtfTmfTrace;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.headless.core.Provenance;
import org.sextant.internal.count.core.CountAttributes;
import org.sextant.internal.count.core.EventCountParallelModule;
import org.sextant.test.support.Fixture;

/**
 * When a parallel history is reused and when it is rebuilt: it records beside itself what it was built from
 * (state version, analysis parameters, the trace's files), and a history that no longer matches is rebuilt,
 * saying why. Each test works on a copy of a fixture, reopened the way a later session would reopen it: a new
 * trace object at the same path, whose supplementary files are those of the earlier session.
 */
class HistoryProvenanceTest {

    private static final int THREADS = 2;

    /** The count with a state version one above the real one, as after a change of its attribute tree. */
    private static final class NextVersionCount extends EventCountParallelModule {
        @Override
        protected int getStateVersion() {
            return super.getStateVersion() + 1;
        }
    }

    /** The count with an analysis parameter, as a kernel module records the event layout it read. */
    private static final class LayoutCount extends EventCountParallelModule {
        @Override
        protected Map<String, String> getBuildParameters() {
            return Map.of("layout", "lttng"); //$NON-NLS-1$ //$NON-NLS-2$
        }
    }

    @Test
    void sameHistoryIsReusedAndAnotherStateVersionRebuildsIt(@TempDir Path directory) throws Exception {
        Path copy = copy(Fixture.PERF_SCHED_SYSCALLS, directory);
        ITmfTrace trace = open(copy);
        try {
            EventCountParallelModule first = build(trace, new EventCountParallelModule());
            assertEquals("parallel, 2 threads", first.describeBuild(), "no history yet: built, with nothing to say why");
            int version = first.getProviderVersions().get(EventCountParallelModule.ID);
            first.dispose();

            trace = reopen(trace);
            EventCountParallelModule same = build(trace, new EventCountParallelModule());
            assertEquals("reused", same.describeBuild());
            assertNull(same.getReport());
            same.dispose();

            EventCountParallelModule bumped = build(trace, new NextVersionCount());
            assertEquals("parallel, 2 threads; rebuilt: state version " + version + " -> " + (version + 1), bumped.describeBuild());
            assertNotNull(bumped.getReport());
            assertEquals(Fixture.PERF_SCHED_SYSCALLS.fact("events"), total(bumped));
            bumped.dispose();

            EventCountParallelModule bumpedAgain = build(trace, new NextVersionCount());
            assertEquals("reused", bumpedAgain.describeBuild(), "the rebuilt history records its new version");
            bumpedAgain.dispose();
        } finally {
            close(trace);
        }
    }

    @Test
    void anotherAnalysisParameterRebuilds(@TempDir Path directory) throws Exception {
        ITmfTrace trace = open(copy(Fixture.PERF_SCHED_SYSCALLS, directory));
        try {
            build(trace, new EventCountParallelModule()).dispose();
            EventCountParallelModule withLayout = build(trace, new LayoutCount());
            assertEquals("parallel, 2 threads; rebuilt: layout none -> lttng", withLayout.describeBuild());
            withLayout.dispose();
            EventCountParallelModule without = build(trace, new EventCountParallelModule());
            assertEquals("parallel, 2 threads; rebuilt: layout lttng -> none", without.describeBuild());
            without.dispose();
        } finally {
            close(trace);
        }
    }

    /** Issue 14: analysing a trace directory, replacing its files by another trace's, analysing again. */
    @Test
    void replacedTraceFilesRebuildWithTheNewTrace(@TempDir Path directory) throws Exception {
        Path copy = copy(Fixture.PERF_SCHED_SYSCALLS, directory);
        ITmfTrace trace = open(copy);
        try {
            EventCountParallelModule before = build(trace, new EventCountParallelModule());
            assertEquals(Fixture.PERF_SCHED_SYSCALLS.fact("events"), total(before));
            before.dispose();
            trace.dispose();

            try (Stream<Path> files = Files.list(Fixture.PERF_MULTI_PACKET.path())) {
                for (Path file : (Iterable<Path>) files::iterator) {
                    Files.copy(file, copy.resolve(file.getFileName()), StandardCopyOption.REPLACE_EXISTING);
                }
            }
            trace = open(copy);
            EventCountParallelModule after = build(trace, new EventCountParallelModule());
            assertEquals("parallel, 2 threads; rebuilt: metadata, perf_stream_0, perf_stream_1 changed", after.describeBuild());
            assertEquals(Fixture.PERF_MULTI_PACKET.fact("events"), total(after), "the new trace's count, not the old one's");
            after.dispose();
        } finally {
            close(trace);
        }
    }

    @Test
    void historyWithoutRecordIsRebuilt(@TempDir Path directory) throws Exception {
        ITmfTrace trace = open(copy(Fixture.PERF_SCHED_SYSCALLS, directory));
        try {
            build(trace, new EventCountParallelModule()).dispose();
            Path history = Path.of(TmfTraceManager.getSupplementaryFileDir(trace), EventCountParallelModule.ID + ".ht");
            assertTrue(Files.isRegularFile(history));
            Files.delete(Provenance.recordOf(history));
            EventCountParallelModule rebuilt = build(trace, new EventCountParallelModule());
            assertEquals("parallel, 2 threads; rebuilt: no build record", rebuilt.describeBuild(), "as a history of an older Sextant");
            rebuilt.dispose();
            assertTrue(Files.isRegularFile(Provenance.recordOf(history)));
        } finally {
            close(trace);
        }
    }

    private static Path copy(Fixture fixture, Path directory) throws Exception {
        Path copy = directory.resolve("trace"); //$NON-NLS-1$
        Files.createDirectories(copy);
        try (Stream<Path> files = Files.list(fixture.path())) {
            for (Path file : (Iterable<Path>) files::iterator) {
                Files.copy(file, copy.resolve(file.getFileName()));
            }
        }
        return copy;
    }

    /** Opens the trace as a new session would, keeping the supplementary files an earlier one left. */
    private static ITmfTrace open(Path directory) throws Exception {
        CtfTmfTrace trace = new CtfTmfTrace();
        trace.initTrace(null, directory.toString(), CtfTmfEvent.class);
        return trace;
    }

    private static ITmfTrace reopen(ITmfTrace trace) throws Exception {
        trace.dispose();
        return open(Path.of(trace.getPath()));
    }

    private static void close(ITmfTrace trace) {
        TmfTraceManager.deleteSupplementaryFolder(trace);
        trace.dispose();
    }

    private static EventCountParallelModule build(ITmfTrace trace, EventCountParallelModule module) throws Exception {
        module.setId(EventCountParallelModule.ID);
        module.setThreads(THREADS);
        assertTrue(module.setTrace(trace));
        module.schedule();
        assertTrue(module.waitForCompletion(), () -> "build failed: " + module.getFailure());
        return module;
    }

    private static long total(EventCountParallelModule module) throws Exception {
        ITmfStateSystem ss = module.getStateSystem();
        assertNotNull(ss);
        return ss.querySingleState(ss.getCurrentEndTime(), ss.getQuarkAbsolute(CountAttributes.TOTAL)).getValueLong();
    }
}
