// SPDX-License-Identifier: EPL-2.0
package org.sextant.callstack.core;

import java.io.IOException;
import java.nio.file.Path;

import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.core.runtime.Status;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.tmf.core.event.ITmfEvent;
import org.eclipse.tracecompass.tmf.core.event.ITmfEventField;
import org.eclipse.tracecompass.tmf.core.event.TmfEvent;
import org.eclipse.tracecompass.tmf.core.event.TmfEventField;
import org.eclipse.tracecompass.tmf.core.event.TmfEventType;
import org.eclipse.tracecompass.tmf.core.exceptions.TmfTraceException;
import org.eclipse.tracecompass.tmf.core.timestamp.TmfTimeRange;
import org.eclipse.tracecompass.tmf.core.timestamp.TmfTimestamp;
import org.eclipse.tracecompass.tmf.core.trace.TraceValidationStatus;
import org.sextant.callstack.model.CallFlow;
import org.sextant.callstack.model.CallTimeline;
import org.sextant.callstack.model.DeltaProfiler;
import org.sextant.callstack.model.Profile;
import org.sextant.internal.callstack.core.Messages;

/**
 * A call profile with time (perf script of Intel PT, sptdecode text with a time column) as a trace on a time
 * axis: its events are the steps of the profile's {@link CallTimeline}, each thread entering and leaving each
 * function, in time order, so that Trace Compass's call-stack analysis and Flame Chart view follow them. The
 * sunburst and the delta profile read it as any call profile.
 *
 * <p>
 * A trace type of its own rather than a mode of {@link CallProfileTrace}: callgrind output and folded stacks have
 * no time to put on an axis, and a trace type is what Trace Compass lists analyses and views by, so that theirs
 * never offer the flame chart.
 * </p>
 */
public class TimedCallProfileTrace extends CallProfileTrace {

    /** The trace type's id. */
    @SuppressWarnings("hiding")
    public static final String TRACE_TYPE = "org.sextant.callstack.core.timedprofile"; //$NON-NLS-1$

    /** The event type of a thread entering a function. */
    public static final String ENTER = "enter"; //$NON-NLS-1$
    /** The event type of a thread leaving a function. */
    public static final String LEAVE = "leave"; //$NON-NLS-1$
    /** The field naming the function entered or left. */
    public static final String FUNCTION = "function"; //$NON-NLS-1$
    /** The field of the function's depth in the thread's stack, 0 for its root. */
    public static final String DEPTH = "depth"; //$NON-NLS-1$
    /** The field of the thread id. */
    public static final String TID = "tid"; //$NON-NLS-1$
    /** The field of the thread's process name. */
    public static final String PROCESS = "process"; //$NON-NLS-1$

    /** Above {@link CallProfileTrace}'s: the same inputs, with more to show. */
    private static final int CONFIDENCE = 90;
    private static final String[] FIELDS = { FUNCTION, DEPTH, TID, PROCESS };
    private static final TmfEventType ENTER_TYPE = new TmfEventType(ENTER, TmfEventField.makeRoot(FIELDS));
    private static final TmfEventType LEAVE_TYPE = new TmfEventType(LEAVE, TmfEventField.makeRoot(FIELDS));

    private CallTimeline fTimeline = CallTimeline.empty();

    @Override
    public IStatus validate(@Nullable IProject project, @Nullable String path) {
        IStatus status = super.validate(project, path);
        if (!status.isOK() || path == null) {
            return status;
        }
        if (!Profile.isTimed(Path.of(path))) {
            return new Status(IStatus.ERROR, PLUGIN_ID, path + ": " + Messages.Trace_NoTime); //$NON-NLS-1$
        }
        return new TraceValidationStatus(CONFIDENCE, PLUGIN_ID);
    }

    @Override
    public void initTrace(@Nullable IResource resource, @Nullable String path, @Nullable Class<? extends ITmfEvent> type) throws TmfTraceException {
        super.initTrace(resource, path, type);
        if (fTimeline.size() > 0) {
            // known now, not only once the indexer has read every event: the call-stack analysis starts its
            // state system at the trace's start, and may be scheduled before the indexer is done
            setTimeRange(new TmfTimeRange(TmfTimestamp.fromNanos(fTimeline.step(0).time()), TmfTimestamp.fromNanos(fTimeline.step(fTimeline.size() - 1).time())));
        }
    }

    @Override
    protected Profile readProfile(Path file) throws IOException, Profiles.ProfileException {
        Profile profile = Profiles.read(file, DeltaProfiler.Pattern.INTERRUPTS, true, new NullProgressMonitor());
        if (!profile.weights().contains(CallFlow.Weight.TIME)) {
            throw new Profiles.ProfileException(file + ": " + Messages.Trace_NoTime); //$NON-NLS-1$
        }
        fTimeline = profile.timeline();
        return profile;
    }

    /** @return the steps the events are, empty before the trace is initialised */
    public CallTimeline getTimeline() {
        return fTimeline;
    }

    @Override
    protected long eventCount() {
        return fTimeline.size();
    }

    @Override
    protected ITmfEvent createEvent(long rank) {
        CallTimeline.Step step = fTimeline.step((int) rank);
        ITmfEventField content = new TmfEventField(ITmfEventField.ROOT_FIELD_ID, null, new ITmfEventField[] {
                new TmfEventField(FUNCTION, step.function(), null),
                new TmfEventField(DEPTH, (long) step.depth(), null),
                new TmfEventField(TID, step.track().thread(), null),
                new TmfEventField(PROCESS, step.track().process(), null) });
        TmfEventType type = step.kind() == CallTimeline.Kind.ENTER ? ENTER_TYPE : LEAVE_TYPE;
        return new TmfEvent(this, rank, TmfTimestamp.fromNanos(step.time()), type, content);
    }
}
