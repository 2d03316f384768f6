// SPDX-License-Identifier: EPL-2.0
package org.sextant.spans.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;

import org.eclipse.core.runtime.NullProgressMonitor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.common.core.summary.AnalysisOptions;
import org.sextant.internal.spans.core.SpansHeadlessAnalysis;
import org.sextant.spans.model.Problems;
import org.sextant.test.support.Fixture;

/**
 * A recording whose gateway trace was cut short, as when a disk fills or a process is killed before its last
 * buffers are written: only the first packet of one of its streams is left. The analysis still completes; what
 * the cut leaves without its other side (calls whose server span is gone, spans whose response is gone) is
 * counted, and the headless summary warns of it, naming the recording.
 */
class DamagedRecordingTest {

    private static final int INDEX_HEADER = 16;
    private static final int INDEX_ENTRY = 72;

    @Test
    void aGatewayTraceCutShortIsCountedAndWarned(@TempDir Path copy) throws Exception {
        Path recording = copy.resolve("http-topology"); //$NON-NLS-1$
        Topology.copy(Fixture.HTTP_TOPOLOGY.path(), recording);
        cutAfterFirstPacket(Topology.traceOf(recording, Topology.pids(recording).get("gateway")), "redis_0"); //$NON-NLS-1$ //$NON-NLS-2$
        try (Topology topology = Topology.open(recording)) {
            Problems problems = topology.graph().problems();
            assertTrue(problems.unjoinedClients() + problems.incomplete() + problems.responsesWithoutRequest() > 0, "what the cut left alone is counted");
            Map<String, Object> summary = new SpansHeadlessAnalysis().run(topology.experiment(), AnalysisOptions.DEFAULT, new NullProgressMonitor());
            @SuppressWarnings("unchecked")
            List<String> warnings = (List<String>) summary.get("warnings"); //$NON-NLS-1$
            assertTrue(warnings != null && warnings.stream().allMatch(w -> w.startsWith(recording.toString())), () -> "warnings: " + warnings);
            System.out.println("[spans] gateway trace cut after its first packet: " + warnings); //$NON-NLS-1$
        }
        try (Topology intact = Topology.open(Fixture.HTTP_TOPOLOGY)) {
            Map<String, Object> summary = new SpansHeadlessAnalysis().run(intact.experiment(), AnalysisOptions.DEFAULT, new NullProgressMonitor());
            @SuppressWarnings("unchecked")
            List<String> warnings = (List<String>) summary.get("warnings"); //$NON-NLS-1$
            assertEquals(1, warnings.size(), () -> "warnings: " + warnings);
            assertTrue(warnings.get(0).startsWith(intact.experiment().getPath() + ": connections the tracer left alone (not_http): 2 (skipped: not HTTP/1.x;"), //$NON-NLS-1$
                    () -> "the intact recording warns only of its two services' Redis connections, once, with their count: " + warnings); //$NON-NLS-1$
        }
    }

    /** Cuts a stream file after its first packet (its LTTng index tells where) and leaves the index one entry. */
    private static void cutAfterFirstPacket(Path trace, String stream) throws IOException {
        Path index = trace.resolve("index").resolve(stream + ".idx"); //$NON-NLS-1$ //$NON-NLS-2$
        ByteBuffer entries = ByteBuffer.wrap(Files.readAllBytes(index));
        assertTrue(entries.capacity() >= INDEX_HEADER + 2 * INDEX_ENTRY, "the stream has two packets or more");
        long secondPacket = entries.getLong(INDEX_HEADER + INDEX_ENTRY);
        try (FileChannel file = FileChannel.open(trace.resolve(stream), StandardOpenOption.WRITE)) {
            file.truncate(secondPacket);
        }
        try (FileChannel file = FileChannel.open(index, StandardOpenOption.WRITE)) {
            file.truncate(INDEX_HEADER + INDEX_ENTRY);
        }
    }
}
