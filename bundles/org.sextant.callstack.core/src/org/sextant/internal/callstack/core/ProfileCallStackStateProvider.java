// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.callstack.core;

import java.util.Objects;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.analysis.profiling.core.callstack.CallStackStateProvider;
import org.eclipse.tracecompass.statesystem.core.statevalue.ITmfStateValue;
import org.eclipse.tracecompass.statesystem.core.statevalue.TmfStateValue;
import org.eclipse.tracecompass.tmf.core.event.ITmfEvent;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.sextant.callstack.core.TimedCallProfileTrace;

/**
 * The call stacks of a timed call profile, from its enter and leave events, in the attribute layout of Trace
 * Compass's {@link CallStackStateProvider}, which its Flame Chart view draws:
 *
 * <pre>
 * (root)
 *   Processes
 *     (process name)      as the input names it, "?" where it names none; value: -1, no input gives a pid
 *       (thread id)       value: the thread id (long)
 *         CallStack       value: how deep the stack is (int), null while it is empty
 *           1             value: the function at the root of the stack (string), null while the stack is empty
 *           2             value: the function it called, null while the stack is shallower
 *           ...
 * </pre>
 *
 * The events keep each thread's stack consistent (every leave is of the function on top), so the base class's
 * push and pop do all the work; this class only says which event is which.
 */
public class ProfileCallStackStateProvider extends CallStackStateProvider {

    /** Bump when the state layout changes. */
    private static final int VERSION = 1;

    /**
     * @param trace
     *            a timed call-profile trace
     */
    public ProfileCallStackStateProvider(ITmfTrace trace) {
        super(trace);
    }

    @Override
    public int getVersion() {
        return VERSION;
    }

    @Override
    public ProfileCallStackStateProvider getNewInstance() {
        return new ProfileCallStackStateProvider(getTrace());
    }

    @Override
    protected boolean considerEvent(ITmfEvent event) {
        String name = event.getName();
        return TimedCallProfileTrace.ENTER.equals(name) || TimedCallProfileTrace.LEAVE.equals(name);
    }

    @Override
    protected @Nullable ITmfStateValue functionEntry(ITmfEvent event) {
        return TimedCallProfileTrace.ENTER.equals(event.getName()) ? function(event) : null;
    }

    /** The function left, which the base class checks against the one it pops. */
    @Override
    protected @Nullable ITmfStateValue functionExit(ITmfEvent event) {
        return TimedCallProfileTrace.LEAVE.equals(event.getName()) ? function(event) : null;
    }

    private static ITmfStateValue function(ITmfEvent event) {
        return TmfStateValue.newValueString(Objects.requireNonNull(event.getContent().getFieldValue(String.class, TimedCallProfileTrace.FUNCTION)));
    }

    @Override
    protected int getProcessId(ITmfEvent event) {
        return UNKNOWN_PID;
    }

    @Override
    protected @Nullable String getProcessName(ITmfEvent event) {
        return event.getContent().getFieldValue(String.class, TimedCallProfileTrace.PROCESS);
    }

    @Override
    protected long getThreadId(ITmfEvent event) {
        Long tid = event.getContent().getFieldValue(Long.class, TimedCallProfileTrace.TID);
        return tid != null ? tid : -1;
    }
}
