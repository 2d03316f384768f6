// SPDX-License-Identifier: EPL-2.0
package org.sextant.ftrace.core;

import org.sextant.ftrace.model.FtraceTrace;
import org.sextant.internal.ftrace.core.Messages;

/**
 * ftrace text: the output of {@code trace-cmd report -R} (nanoseconds with {@code -t}), or an ftrace instance's
 * own {@code trace} file, recognised by its first event line ({@code COMM-PID [CPU] TIME: NAME:}).
 */
public class FtraceTextTrace extends FtraceKernelTrace {

    /** The trace type's id. */
    public static final String TRACE_TYPE = "org.sextant.ftrace.core.text"; //$NON-NLS-1$

    /** Above Trace Compass's and Sextant's other text types: an ftrace event line is no accident. */
    private static final int CONFIDENCE = 90;

    @Override
    protected boolean reads(FtraceTrace.Kind kind) {
        return kind == FtraceTrace.Kind.REPORT_TEXT || kind == FtraceTrace.Kind.TRACEFS_TEXT;
    }

    @Override
    protected int confidence() {
        return CONFIDENCE;
    }

    @Override
    protected String refusal() {
        return Messages.Trace_NotText;
    }
}
