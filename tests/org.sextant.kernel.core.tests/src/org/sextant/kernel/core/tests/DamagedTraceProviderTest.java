// SPDX-License-Identifier: EPL-2.0
package org.sextant.kernel.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Stream;

import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.tracecompass.tmf.core.dataprovider.DataProviderManager;
import org.eclipse.tracecompass.tmf.core.model.tree.ITmfTreeDataModel;
import org.eclipse.tracecompass.tmf.core.model.tree.TmfTreeModel;
import org.eclipse.tracecompass.tmf.core.model.xy.ITmfTreeXYDataProvider;
import org.eclipse.tracecompass.tmf.core.response.ITmfResponse;
import org.eclipse.tracecompass.tmf.core.response.TmfModelResponse;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.internal.kernel.core.CpuUsageDataProvider;
import org.sextant.test.support.Fixture;
import org.sextant.test.support.Traces;

/**
 * A trace that Trace Compass opens but whose build finds damage (issue 14): the data provider a view or a
 * trace-server client asks fails with the sentence that names the file and offset, not a generic failure.
 */
class DamagedTraceProviderTest {

    /** The first event's 64-bit timestamp in perf_stream_0 of the sample. */
    private static final long FIRST_TIMESTAMP = 72;

    @Test
    void theProviderSaysWhichFileIsDamagedAndWhere(@TempDir Path dir) throws Exception {
        Path trace = copy(Fixture.PERF_SCHED_SYSCALLS.path(), dir.resolve("damaged"));
        try (RandomAccessFile stream = new RandomAccessFile(trace.resolve("perf_stream_0").toFile(), "rw")) {
            stream.seek(FIRST_TIMESTAMP);
            stream.write(ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(Long.MAX_VALUE).array());
        }
        ITmfTrace opened = Traces.openKernelTrace(trace);
        try {
            @SuppressWarnings("unchecked")
            ITmfTreeXYDataProvider<ITmfTreeDataModel> provider = DataProviderManager.getInstance().getDataProvider(opened,
                    CpuUsageDataProvider.ID, ITmfTreeXYDataProvider.class);
            assertNotNull(provider);
            TmfModelResponse<TmfTreeModel<ITmfTreeDataModel>> response = provider.fetchTree(Map.of(), new NullProgressMonitor());
            assertEquals(ITmfResponse.Status.FAILED, response.getStatus());
            assertTrue(response.getStatusMessage().startsWith(trace.resolve("perf_stream_0") + " at offset 68: event timestamp"),
                    response.getStatusMessage());
        } finally {
            Traces.close(opened);
        }
    }

    private static Path copy(Path from, Path to) throws IOException {
        Files.createDirectories(to);
        try (Stream<Path> files = Files.list(from)) {
            for (Path file : files.toList()) {
                Files.copy(file, to.resolve(file.getFileName().toString()));
            }
        }
        return to;
    }
}
