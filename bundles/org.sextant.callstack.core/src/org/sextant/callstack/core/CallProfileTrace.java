// SPDX-License-Identifier: EPL-2.0
package org.sextant.callstack.core;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

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
import org.eclipse.tracecompass.tmf.core.timestamp.TmfTimestamp;
import org.eclipse.tracecompass.tmf.core.trace.ITmfContext;
import org.eclipse.tracecompass.tmf.core.trace.TmfContext;
import org.eclipse.tracecompass.tmf.core.trace.TmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TraceValidationStatus;
import org.eclipse.tracecompass.tmf.core.trace.location.ITmfLocation;
import org.eclipse.tracecompass.tmf.core.trace.location.TmfLongLocation;
import org.sextant.callstack.model.CallFlow;
import org.sextant.callstack.model.CallTree;
import org.sextant.callstack.model.Profile;
import org.sextant.internal.callstack.core.Messages;

/**
 * A call profile as a Trace Compass trace: a callgrind output, folded stacks, perf script text of Intel PT or
 * sptdecode text, read once when opened into a {@link Profile}, which its {@link CallProfileAnalysisModule}
 * holds for the data providers. Its events are its call paths, one per path that cost something itself, all at
 * time zero: the costs, and the time where the input has it, are in the profile's call trees, which the
 * sunburst draws. {@link TimedCallProfileTrace} puts the timed inputs on a time axis.
 */
public class CallProfileTrace extends TmfTrace {

    /** The trace type's id. */
    public static final String TRACE_TYPE = "org.sextant.callstack.core.profile"; //$NON-NLS-1$

    /** The bundle's id, for statuses. */
    protected static final String PLUGIN_ID = "org.sextant.callstack.core"; //$NON-NLS-1$
    private static final int CONFIDENCE = 80;
    private static final int FOLDED_CONFIDENCE = 40;
    private static final String PATH = "path"; //$NON-NLS-1$
    private static final String SELF = "self"; //$NON-NLS-1$
    private static final String TOTAL = "total"; //$NON-NLS-1$
    private static final TmfEventType CALL_PATH = new TmfEventType("call path", //$NON-NLS-1$
            TmfEventField.makeRoot(new String[] { PATH, SELF, TOTAL }));

    private @Nullable Profile fProfile;
    private List<CallTree.Node> fPaths = List.of();
    private long fCurrent;

    @Override
    public IStatus validate(@Nullable IProject project, @Nullable String path) {
        if (path == null || !Files.isRegularFile(Path.of(path))) {
            return new Status(IStatus.ERROR, PLUGIN_ID, path + ": " + Messages.Trace_NotAFile); //$NON-NLS-1$
        }
        Profile.Format format = Profile.detect(Path.of(path));
        if (format == null) {
            return new Status(IStatus.ERROR, PLUGIN_ID, path + ": " + Messages.Trace_NotAProfile); //$NON-NLS-1$
        }
        return new TraceValidationStatus(format == Profile.Format.FOLDED ? FOLDED_CONFIDENCE : CONFIDENCE, PLUGIN_ID);
    }

    @Override
    public void initTrace(@Nullable IResource resource, @Nullable String path, @Nullable Class<? extends ITmfEvent> type) throws TmfTraceException {
        super.initTrace(resource, path, type);
        if (path == null) {
            throw new TmfTraceException(Messages.Trace_NotAFile);
        }
        Profile profile;
        try {
            profile = readProfile(Path.of(path));
        } catch (IOException | Profiles.ProfileException e) {
            throw new TmfTraceException(e.getMessage(), e);
        }
        CallFlow.Weight weight = profile.weights().iterator().next();
        fPaths = profile.tree(weight).nodes().stream().filter(node -> node.self() > 0).toList();
        fProfile = profile;
    }

    /**
     * Reads the profile when the trace is opened.
     *
     * @param file
     *            the trace's file
     * @return its profile
     * @throws IOException
     *             when it cannot be read
     * @throws Profiles.ProfileException
     *             when it is no profile, or not one this trace type shows
     */
    protected Profile readProfile(Path file) throws IOException, Profiles.ProfileException {
        return Profiles.read(file, new NullProgressMonitor());
    }

    /** @return how many events the trace has, once initialised */
    protected long eventCount() {
        return fPaths.size();
    }

    /**
     * A call path's text ({@code outer;inner}), made when shown: indexing reads every event and shows none, and the
     * texts of every path of a deep chain (a callgrind chain, each function with its own cost) add up to the square
     * of its depth.
     */
    private record PathText(CallTree.Node node) {
        @Override
        public String toString() {
            return String.join(";", node.path()); //$NON-NLS-1$
        }
    }

    /**
     * @param rank
     *            an event's rank, below {@link #eventCount()}
     * @return the event
     */
    protected ITmfEvent createEvent(long rank) {
        CallTree.Node node = fPaths.get((int) rank);
        ITmfEventField content = new TmfEventField(ITmfEventField.ROOT_FIELD_ID, null, new ITmfEventField[] {
                new TmfEventField(PATH, new PathText(node), null),
                new TmfEventField(SELF, node.self(), null),
                new TmfEventField(TOTAL, node.total(), null) });
        return new TmfEvent(this, rank, TmfTimestamp.fromNanos(0), CALL_PATH, content);
    }

    /**
     * @return the profile read, or null before the trace is initialised; for its analysis module only: views and
     *         summaries read the module's data providers
     */
    @Nullable Profile profile() {
        return fProfile;
    }

    /** @return what the input is, or null before the trace is initialised */
    public Profile.@Nullable Format getFormat() {
        Profile profile = fProfile;
        return profile != null ? profile.format() : null;
    }

    @Override
    public synchronized ITmfLocation getCurrentLocation() {
        return new TmfLongLocation(fCurrent);
    }

    @Override
    public double getLocationRatio(@Nullable ITmfLocation location) {
        return location == null || eventCount() == 0 ? 0 : (Long) location.getLocationInfo() / (double) eventCount();
    }

    @Override
    public synchronized ITmfContext seekEvent(@Nullable ITmfLocation location) {
        long rank = location == null ? 0 : (Long) location.getLocationInfo();
        fCurrent = rank;
        return new TmfContext(new TmfLongLocation(rank), rank);
    }

    @Override
    public synchronized ITmfContext seekEvent(double ratio) {
        return seekEvent(new TmfLongLocation(Math.round(ratio * eventCount())));
    }

    @Override
    public synchronized @Nullable ITmfEvent parseEvent(@Nullable ITmfContext context) {
        long rank = context == null || context.getLocation() == null ? fCurrent : (Long) context.getLocation().getLocationInfo();
        if (rank < 0 || rank >= eventCount()) {
            return null;
        }
        fCurrent = rank + 1;
        return createEvent(rank);
    }
}
