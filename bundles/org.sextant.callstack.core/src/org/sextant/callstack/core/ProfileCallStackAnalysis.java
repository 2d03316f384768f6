// SPDX-License-Identifier: EPL-2.0
package org.sextant.callstack.core;

import java.util.Objects;

import org.eclipse.tracecompass.analysis.profiling.core.callstack.CallStackAnalysis;
import org.eclipse.tracecompass.tmf.core.statesystem.ITmfStateProvider;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.sextant.internal.callstack.core.ProfileCallStackStateProvider;

/**
 * The call stacks of a timed call profile over time, per process and thread, as Trace Compass's call-stack
 * analysis: its Flame Chart view draws them, and its call graph, flame graph and function-duration views follow.
 * It applies to {@link TimedCallProfileTrace} only; the state layout is {@link ProfileCallStackStateProvider}'s.
 */
public class ProfileCallStackAnalysis extends CallStackAnalysis {

    /** The analysis module's id. */
    public static final String ID = "org.sextant.callstack.core.flamechart"; //$NON-NLS-1$

    @Override
    public boolean canExecute(ITmfTrace trace) {
        return trace instanceof TimedCallProfileTrace && super.canExecute(trace);
    }

    @Override
    protected ITmfStateProvider createStateProvider() {
        return new ProfileCallStackStateProvider(Objects.requireNonNull(getTrace()));
    }
}
