// SPDX-License-Identifier: EPL-2.0
package org.sextant.ui.tests;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import org.eclipse.tracecompass.tmf.core.signal.TmfSignalManager;
import org.eclipse.tracecompass.tmf.core.signal.TmfWindowRangeUpdatedSignal;
import org.eclipse.tracecompass.tmf.core.timestamp.TmfTimeRange;
import org.eclipse.tracecompass.tmf.core.timestamp.TmfTimestamp;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.junit.jupiter.api.Test;
import org.sextant.ftrace.core.FtraceTextTrace;
import org.sextant.internal.annotations.ui.AnnotatedCpusView;
import org.sextant.test.support.ui.WorkbenchDriver;

/**
 * Not a test (surefire's default includes skip it): the Annotated CPUs view of any recording of
 * {@code ./sextant record --ftrace}, saved as a screenshot, for recordings too large or too foreign to be fixtures
 * (docs/reproductions.md's annotated NAS Parallel Benchmarks kernel); run by {@code tools/screenshot-annotated.sh}.
 * System properties: {@code sextant.screenshot.recording} the recording's directory, {@code sextant.screenshot.name}
 * the image's file name in {@code sextant.screenshots}, and {@code sextant.screenshot.window} "FROM,TO", the seconds
 * after the trace's start to show (the whole trace without it).
 */
class AnnotatedRecordingScreenshot {

    private static final Duration TIMEOUT = Duration.ofSeconds(300);

    @Test
    void annotatedCpus() throws Exception {
        Path recording = Path.of(System.getProperty("sextant.screenshot.recording", "")); //$NON-NLS-1$ //$NON-NLS-2$
        Path text = recording.resolve("ftrace").resolve("trace.txt"); //$NON-NLS-1$ //$NON-NLS-2$
        assertTrue(Files.isRegularFile(text), () -> "no ftrace recording at " + recording); //$NON-NLS-1$
        ITmfTrace trace = WorkbenchDriver.openTrace(text, FtraceTextTrace.TRACE_TYPE);
        WorkbenchDriver.waitForJobs(TIMEOUT);
        TmfTimeRange range = trace.getTimeRange();
        String window = System.getProperty("sextant.screenshot.window"); //$NON-NLS-1$
        if (window != null && !window.isBlank()) {
            String[] bounds = window.split(","); //$NON-NLS-1$
            long start = range.getStartTime().toNanos();
            range = new TmfTimeRange(TmfTimestamp.fromNanos(start + seconds(bounds[0])),
                    TmfTimestamp.fromNanos(start + seconds(bounds[1])));
        }
        TmfSignalManager.dispatchSignal(new TmfWindowRangeUpdatedSignal(AnnotatedRecordingScreenshot.class, range, trace));
        String name = System.getProperty("sextant.screenshot.name", "annotated-recording.png"); //$NON-NLS-1$ //$NON-NLS-2$
        // a CPU where no annotating thread ran in the window has no row: a shared machine's other work ran there
        WorkbenchDriver.showTimeGraph(AnnotatedCpusView.ID, name, TIMEOUT);
        assertTrue(Files.size(WorkbenchDriver.screenshotFile(name)) > 0, name);
    }

    private static long seconds(String value) {
        return Math.round(Double.parseDouble(value.trim()) * 1e9);
    }
}
