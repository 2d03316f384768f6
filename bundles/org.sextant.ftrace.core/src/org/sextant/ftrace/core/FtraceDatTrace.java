// SPDX-License-Identifier: EPL-2.0
package org.sextant.ftrace.core;

import org.sextant.ftrace.model.FtraceTrace;
import org.sextant.internal.ftrace.core.Messages;

/**
 * A trace-cmd {@code .dat} file (versions 6 and 7, uncompressed), recognised by trace-cmd's magic bytes.
 */
public class FtraceDatTrace extends FtraceKernelTrace {

    /** The trace type's id. */
    public static final String TRACE_TYPE = "org.sextant.ftrace.core.dat"; //$NON-NLS-1$

    /** trace-cmd's magic leaves no doubt. */
    private static final int CONFIDENCE = 100;

    @Override
    protected boolean reads(FtraceTrace.Kind kind) {
        return kind == FtraceTrace.Kind.DAT;
    }

    @Override
    protected int confidence() {
        return CONFIDENCE;
    }

    @Override
    protected String refusal() {
        return Messages.Trace_NotDat;
    }
}
