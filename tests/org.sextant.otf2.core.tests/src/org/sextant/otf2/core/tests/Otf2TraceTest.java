// SPDX-License-Identifier: EPL-2.0
package org.sextant.otf2.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

import org.eclipse.core.runtime.IStatus;
import org.eclipse.tracecompass.tmf.core.event.ITmfEvent;
import org.eclipse.tracecompass.tmf.core.trace.ITmfContext;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;
import org.eclipse.tracecompass.tmf.core.trace.location.TmfLongLocation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.internal.otf2.core.Otf2Aspects;
import org.sextant.otf2.core.Otf2Trace;
import org.sextant.test.support.Fixture;
import org.sextant.test.support.Traces;

/**
 * The OTF2 trace type on the real MPI run (tests/fixtures/otf2-mpi-stencil): Trace Compass reads every event
 * otf2-print lists, per location and per type as the catalogue counts them, seeks by rank, and refuses damaged
 * archives when they are opened, naming the file and the problem.
 */
class Otf2TraceTest {

    static final Path ARCHIVE = Fixture.directory().resolve("otf2-mpi-stencil"); //$NON-NLS-1$

    @Test
    void everyEventOfEveryLocationIsReadInTimeOrder() throws Exception {
        ITmfTrace trace = Traces.open(new Otf2Trace(), ARCHIVE.resolve("traces.otf2")); //$NON-NLS-1$
        try {
            Map<String, Long> perLocation = new TreeMap<>();
            Map<String, Long> perType = new TreeMap<>();
            long count = 0;
            long last = Long.MIN_VALUE;
            ITmfContext context = trace.seekEvent(0L);
            for (ITmfEvent event = trace.getNext(context); event != null; event = trace.getNext(context)) {
                assertEquals(count, event.getRank());
                assertTrue(event.getTimestamp().toNanos() >= last, "events merged in time"); //$NON-NLS-1$
                last = event.getTimestamp().toNanos();
                String location = TmfTraceUtils.resolveAspectOfNameForEvent(trace, Otf2Aspects.LOCATION.getName(), event).toString();
                perLocation.merge(location.substring(location.lastIndexOf(' ') + 1), 1L, Long::sum);
                perType.merge(event.getName(), 1L, Long::sum);
                count++;
            }
            Properties catalogue = Fixture.catalogue();
            assertEquals(Long.parseLong(catalogue.getProperty("otf2-mpi-stencil.events")), count); //$NON-NLS-1$
            perLocation.forEach((location, n) -> assertEquals(catalogue.getProperty("otf2-mpi-stencil.events.location" + location), n.toString(), location)); //$NON-NLS-1$
            assertEquals(8, perLocation.size());
            assertEquals(Long.parseLong(catalogue.getProperty("otf2-mpi-stencil.type.MPI_SEND")), perType.get("MPI_SEND")); //$NON-NLS-1$ //$NON-NLS-2$
            assertEquals(Long.parseLong(catalogue.getProperty("otf2-mpi-stencil.type.MPI_ISEND")), perType.get("MPI_ISEND")); //$NON-NLS-1$ //$NON-NLS-2$
            assertEquals(trace.getStartTime().toNanos(), firstTime(trace), "the clock properties give the trace's start"); //$NON-NLS-1$
        } finally {
            Traces.close(trace);
        }
    }

    @Test
    void aContextSeekingARankReadsTheEventAtThatRank() throws Exception {
        ITmfTrace trace = Traces.open(new Otf2Trace(), ARCHIVE);
        try {
            ITmfContext sequential = trace.seekEvent(0L);
            ITmfEvent expected = null;
            for (int i = 0; i <= 2500; i++) {
                expected = trace.getNext(sequential);
            }
            assertNotNull(expected);
            // another context, interleaved with the first, must not disturb it
            ITmfContext jump = trace.seekEvent(new TmfLongLocation(2500L));
            ITmfEvent other = trace.getNext(trace.seekEvent(0L));
            assertNotNull(other);
            ITmfEvent jumped = trace.getNext(jump);
            assertNotNull(jumped);
            assertEquals(expected.getTimestamp(), jumped.getTimestamp());
            assertEquals(expected.getName(), jumped.getName());
            assertEquals(expected.getContent().toString(), jumped.getContent().toString());
            assertEquals(2501, trace.getNext(sequential).getRank());
        } finally {
            Traces.close(trace);
        }
    }

    @Test
    void theAnchorFileAndTheDirectoryAreBothAccepted() {
        assertTrue(validate(ARCHIVE.resolve("traces.otf2")).isOK()); //$NON-NLS-1$
        assertTrue(validate(ARCHIVE).isOK());
        assertEquals(IStatus.ERROR, validate(Fixture.directory().resolve("CATALOGUE.md")).getSeverity()); //$NON-NLS-1$
    }

    private static IStatus validate(Path path) {
        Otf2Trace trace = new Otf2Trace();
        try {
            return trace.validate(null, path.toString());
        } finally {
            trace.dispose();
        }
    }

    @Test
    void aTruncatedEventFileIsRefusedNamingTheFileAndOffset(@TempDir Path tmp) throws Exception {
        Path copy = copy(tmp);
        Path evt = copy.resolve("traces").resolve("1000.evt"); //$NON-NLS-1$ //$NON-NLS-2$
        byte[] bytes = Files.readAllBytes(evt);
        Files.write(evt, java.util.Arrays.copyOf(bytes, bytes.length / 2));
        IStatus status = validate(copy.resolve("traces.otf2")); //$NON-NLS-1$
        assertEquals(IStatus.ERROR, status.getSeverity());
        assertTrue(status.getMessage().startsWith(evt + " at offset "), status.getMessage()); //$NON-NLS-1$
    }

    @Test
    void aMissingDefinitionsFileIsRefusedByName(@TempDir Path tmp) throws Exception {
        Path copy = copy(tmp);
        Files.delete(copy.resolve("traces.def")); //$NON-NLS-1$
        IStatus status = validate(copy);
        assertEquals(IStatus.ERROR, status.getSeverity());
        assertEquals(copy.resolve("traces.def") + ": the archive's global definitions file is missing", status.getMessage()); //$NON-NLS-1$ //$NON-NLS-2$
    }

    private static long firstTime(ITmfTrace trace) {
        ITmfEvent first = trace.getNext(trace.seekEvent(0L));
        assertNotNull(first);
        return first.getTimestamp().toNanos();
    }

    private static Path copy(Path tmp) throws Exception {
        Path copy = tmp.resolve("archive"); //$NON-NLS-1$
        try (var files = Files.walk(ARCHIVE)) {
            for (Path file : files.toList()) {
                Path target = copy.resolve(ARCHIVE.relativize(file).toString());
                if (Files.isDirectory(file)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(file, target);
                }
            }
        }
        return copy;
    }
}
