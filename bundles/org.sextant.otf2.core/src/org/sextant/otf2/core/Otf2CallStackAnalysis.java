// SPDX-License-Identifier: EPL-2.0
package org.sextant.otf2.core;

import java.util.Objects;

import org.eclipse.tracecompass.analysis.profiling.core.callstack.CallStackAnalysis;
import org.eclipse.tracecompass.tmf.core.statesystem.ITmfStateProvider;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.sextant.internal.otf2.core.Otf2CallStackStateProvider;

/**
 * The call stack of every location of an OTF2 archive over time, as Trace Compass's call-stack analysis: its
 * Flame Chart draws a row per location under its rank, and its Flame Graph and function-duration views follow.
 * The state layout is {@link Otf2CallStackStateProvider}'s.
 */
public class Otf2CallStackAnalysis extends CallStackAnalysis {

    /** The analysis module's id. */
    public static final String ID = "org.sextant.otf2.core.callstack"; //$NON-NLS-1$

    @Override
    public boolean canExecute(ITmfTrace trace) {
        return trace instanceof Otf2Trace && super.canExecute(trace);
    }

    @Override
    protected ITmfStateProvider createStateProvider() {
        return new Otf2CallStackStateProvider((Otf2Trace) Objects.requireNonNull(getTrace()));
    }
}
