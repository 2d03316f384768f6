// SPDX-License-Identifier: EPL-2.0
package org.sextant.ui.tests;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Shell;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.common.ui.AnalysisFailureDialogs;
import org.sextant.internal.kernel.ui.CpuUsageView;
import org.sextant.test.support.Fixture;
import org.sextant.test.support.ui.WorkbenchDriver;

/**
 * A damaged trace in the GUI (issue 14): the view stays empty and an error dialog says which file is damaged and
 * where, rather than a line in a log.
 */
class AnalysisFailureDialogTest {

    private static final String KERNEL_TRACE_TYPE = "org.sextant.ctf.core.kernel";
    /** The first event's 64-bit timestamp in perf_stream_0 of the sample. */
    private static final long FIRST_TIMESTAMP = 72;

    @Test
    void aDamagedStreamIsShownInADialog(@TempDir Path dir) throws Exception {
        Path trace = dir.resolve("damaged");
        Files.createDirectories(trace);
        try (Stream<Path> files = Files.list(Fixture.PERF_SCHED_SYSCALLS.path())) {
            for (Path file : files.toList()) {
                Files.copy(file, trace.resolve(file.getFileName().toString()));
            }
        }
        try (RandomAccessFile stream = new RandomAccessFile(trace.resolve("perf_stream_0").toFile(), "rw")) {
            stream.seek(FIRST_TIMESTAMP);
            stream.write(ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(Long.MAX_VALUE).array());
        }
        WorkbenchDriver.openTrace(trace, KERNEL_TRACE_TYPE);
        WorkbenchDriver.showView(CpuUsageView.ID);

        Shell dialog = null;
        long deadline = System.nanoTime() + Duration.ofSeconds(90).toNanos();
        while (dialog == null && System.nanoTime() < deadline) {
            WorkbenchDriver.spin(Duration.ofMillis(100));
            for (Shell shell : Display.getCurrent().getShells()) {
                if (shell.isVisible() && AnalysisFailureDialogs.TITLE.equals(shell.getText())) {
                    dialog = shell;
                }
            }
        }
        assertNotNull(dialog, "no dialog titled " + AnalysisFailureDialogs.TITLE);
        String text = String.join("\n", labels(dialog));
        dialog.close();
        assertTrue(text.contains(trace.resolve("perf_stream_0") + " at offset 68: event timestamp"), text);
    }

    private static List<String> labels(Composite parent) {
        List<String> texts = new ArrayList<>();
        for (Control child : parent.getChildren()) {
            if (child instanceof Label label) {
                texts.add(label.getText());
            } else if (child instanceof Composite composite) {
                texts.addAll(labels(composite));
            }
        }
        return texts;
    }
}
