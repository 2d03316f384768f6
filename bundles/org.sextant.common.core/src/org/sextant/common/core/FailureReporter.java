// SPDX-License-Identifier: EPL-2.0
package org.sextant.common.core;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.tmf.core.model.CommonStatusMessage;

/**
 * An analysis module that can say why it failed (the damaged file and the offset in it), so that its data
 * providers answer a view or a trace-server client with that sentence rather than a generic failure. Trace
 * Compass 6.2's modules record a failure ({@code fail(Throwable)}) but offer no way to read it back.
 */
public interface FailureReporter {

    /** @return why the analysis failed, naming the file and the offset in it where known, or null */
    @Nullable
    String getFailure();

    /**
     * @param module
     *            an analysis module that did not produce its results
     * @return the failure message a data provider answers with: the module's own reason where it has one
     */
    static String messageOf(Object module) {
        String failure = module instanceof FailureReporter reporter ? reporter.getFailure() : null;
        return failure != null ? failure : CommonStatusMessage.ANALYSIS_INITIALIZATION_FAILED;
    }
}
