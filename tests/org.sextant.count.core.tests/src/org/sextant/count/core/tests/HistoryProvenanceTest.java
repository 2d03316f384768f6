// SPDX-License-Identifier: EPL-2.0
package org.sextant.count.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Stream;

import org.eclipse.tracecompass.statesystem.core.ITmfStateSystem;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceManager;
import org.eclipse.tracecompass.tmf.ctf.core.event.CtfTmfEvent;
import org.eclipse.tracecompass.tmf.ctf.core.trace.CtfTmfTrace;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.internal.count.core.CountAttributes;
import org.sextant.internal.count.core.EventCountParallelModule;
import org.sextant.parallel.engine.Provenance;
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
        public int stateVersion() {
            return super.stateVersion() + 1;
        }
    }

    /** The count with an analysis parameter, as a kernel module records the event layout it read. */
    private static final class LayoutCount extends EventCountParallelModule {
        @Override
        protected Map<String, String> parameters() {
            return Map.of("layout", "lttng"); //$NON-NLS-1$ //$NON-NLS-2$
        }
    }

    @TempDir
    Path fDirectory;
    /** The copy of the fixture the test works on. */
    private Path fCopy;
    private ITmfTrace fTrace;

    @BeforeEach
    void openCopy() throws Exception {
        fCopy = copy(Fixture.PERF_SCHED_SYSCALLS, fDirectory);
        fTrace = open(fCopy);
    }

    @AfterEach
    void close() {
        TmfTraceManager.deleteSupplementaryFolder(fTrace);
        fTrace.dispose();
    }

    @Test
    void sameHistoryIsReusedAndAnotherStateVersionRebuildsIt() throws Exception {
        EventCountParallelModule first = build(new EventCountParallelModule());
        assertEquals("parallel, 2 threads", first.describeBuild(), "no history yet: built, with nothing to say why");
        int version = first.getProviderVersions().get(EventCountParallelModule.ID);
        first.dispose();

        reopen();
        assertEquals("reused", describe(new EventCountParallelModule()));

        EventCountParallelModule bumped = build(new NextVersionCount());
        assertEquals("parallel, 2 threads; rebuilt: state version " + version + " -> " + (version + 1), bumped.describeBuild());
        assertEquals(Fixture.PERF_SCHED_SYSCALLS.fact("events"), total(bumped));
        bumped.dispose();

        assertEquals("reused", describe(new NextVersionCount()), "the rebuilt history records its new version");
    }

    @Test
    void anotherAnalysisParameterRebuilds() throws Exception {
        describe(new EventCountParallelModule());
        assertEquals("parallel, 2 threads; rebuilt: layout none -> lttng", describe(new LayoutCount()));
        assertEquals("parallel, 2 threads; rebuilt: layout lttng -> none", describe(new EventCountParallelModule()));
    }

    /** Issue 14: analysing a trace directory, replacing its files by another trace's, analysing again. */
    @Test
    void replacedTraceFilesRebuildWithTheNewTrace() throws Exception {
        EventCountParallelModule before = build(new EventCountParallelModule());
        assertEquals(Fixture.PERF_SCHED_SYSCALLS.fact("events"), total(before));
        before.dispose();

        copyFiles(Fixture.PERF_MULTI_PACKET.path(), fCopy);
        reopen();
        EventCountParallelModule after = build(new EventCountParallelModule());
        assertEquals("parallel, 2 threads; rebuilt: metadata, perf_stream_0, perf_stream_1 changed", after.describeBuild());
        assertEquals(Fixture.PERF_MULTI_PACKET.fact("events"), total(after), "the new trace's count, not the old one's");
        after.dispose();
    }

    @Test
    void historyWithoutRecordIsRebuilt() throws Exception {
        describe(new EventCountParallelModule());
        Path history = Path.of(TmfTraceManager.getSupplementaryFileDir(fTrace), EventCountParallelModule.ID + ".ht");
        assertTrue(Files.isRegularFile(history));
        Files.delete(Provenance.recordOf(history));
        assertEquals("parallel, 2 threads; rebuilt: no build record", describe(new EventCountParallelModule()), "as a history of an older Sextant");
        assertTrue(Files.isRegularFile(Provenance.recordOf(history)));
    }

    /**
     * A history records the shift that puts its trace's times on Trace Compass's axis (here the clock's
     * {@code offset_s}, which Trace Compass 6.2 leaves out): one without it, on the codec's times as an older
     * Sextant built it, is rebuilt, saying why.
     */
    @Test
    void historyOnAnotherTimeBaseIsRebuilt() throws Exception {
        Path barectf = Files.createDirectories(fDirectory.resolve("barectf")); //$NON-NLS-1$
        copyFiles(Fixture.directory().resolve("wild/barectf-event-before-packet"), barectf); //$NON-NLS-1$
        fTrace.dispose();
        fTrace = open(barectf);
        assertEquals("parallel, 2 threads", describe(new EventCountParallelModule()));
        Path record = Provenance.recordOf(Path.of(TmfTraceManager.getSupplementaryFileDir(fTrace), EventCountParallelModule.ID + ".ht"));
        Properties facts = new Properties();
        try (InputStream in = Files.newInputStream(record)) {
            facts.load(in);
        }
        assertTrue(facts.keySet().removeIf(key -> key.toString().endsWith("time shift")), facts::toString); //$NON-NLS-1$
        try (OutputStream out = Files.newOutputStream(record)) {
            facts.store(out, null);
        }
        assertEquals("parallel, 2 threads; rebuilt: time shift none -> barectf -1434072888000000000", describe(new EventCountParallelModule()));
        assertEquals("reused", describe(new EventCountParallelModule()));
    }

    /** A damaged history is rebuilt, as Trace Compass rebuilds one it cannot open, rather than failing. */
    @Test
    void historyThatCannotBeOpenedIsRebuilt() throws Exception {
        describe(new EventCountParallelModule());
        Path history = Path.of(TmfTraceManager.getSupplementaryFileDir(fTrace), EventCountParallelModule.ID + ".ht");
        Files.write(history, new byte[4096]);
        String description = describe(new EventCountParallelModule());
        assertTrue(description.startsWith("parallel, 2 threads; rebuilt: the history cannot be opened ("), description);
        assertEquals("reused", describe(new EventCountParallelModule()));
    }

    private static Path copy(Fixture fixture, Path directory) throws Exception {
        Path copy = directory.resolve("trace"); //$NON-NLS-1$
        Files.createDirectories(copy);
        copyFiles(fixture.path(), copy);
        return copy;
    }

    /** Copies each file of a trace directory over the file of that name in another. */
    private static void copyFiles(Path from, Path to) throws Exception {
        try (Stream<Path> files = Files.list(from)) {
            for (Path file : (Iterable<Path>) files::iterator) {
                Files.copy(file, to.resolve(file.getFileName()), StandardCopyOption.REPLACE_EXISTING);
            }
        }
    }

    /** Opens the trace as a new session would, keeping the supplementary files an earlier one left. */
    private static ITmfTrace open(Path directory) throws Exception {
        CtfTmfTrace trace = new CtfTmfTrace();
        trace.initTrace(null, directory.toString(), CtfTmfEvent.class);
        return trace;
    }

    private void reopen() throws Exception {
        fTrace.dispose();
        fTrace = open(fCopy);
    }

    private EventCountParallelModule build(EventCountParallelModule module) throws Exception {
        module.setId(EventCountParallelModule.ID);
        module.setThreads(THREADS);
        // one history tree, the form every parallel module can keep (the count's own is in EventCountParallelTest)
        module.setWriters(1);
        assertTrue(module.setTrace(fTrace));
        module.schedule();
        assertTrue(module.waitForCompletion(), () -> "build failed: " + module.getFailure());
        return module;
    }

    /** @return how the module's history came about, once built or reused */
    private String describe(EventCountParallelModule module) throws Exception {
        String description = build(module).describeBuild();
        module.dispose();
        return description;
    }

    private static long total(EventCountParallelModule module) throws Exception {
        ITmfStateSystem ss = module.getStateSystem();
        assertNotNull(ss);
        return ss.querySingleState(ss.getCurrentEndTime(), ss.getQuarkAbsolute(CountAttributes.TOTAL)).getValueLong();
    }
}
