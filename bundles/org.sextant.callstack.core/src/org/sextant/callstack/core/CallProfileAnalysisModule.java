// SPDX-License-Identifier: EPL-2.0
package org.sextant.callstack.core;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.tmf.core.analysis.TmfAbstractAnalysisModule;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.sextant.callstack.model.Profile;

/**
 * The call profile of a {@link CallProfileTrace}, for its data providers: the call trees per weight and scope,
 * the differential against another run, and the delta profile. The sunburst and delta profile views, the
 * command line's summary and a trace server all read them through those providers, never the profile itself.
 *
 * <p>
 * The trace reads its file once, when it is opened (its events are the profile's call paths, or for a timed
 * profile its calls and returns, so that it has to), reporting a file that is no profile by its line; this
 * module holds what was read rather than reading it a second time. What needs another read (the delta profile of
 * another instruction pattern, a second run to compare with) is read by the provider that needs it, with the
 * fetch's progress monitor.
 * </p>
 */
public class CallProfileAnalysisModule extends TmfAbstractAnalysisModule {

    /** The analysis module's id. */
    public static final String ID = "org.sextant.callstack.core.callprofile"; //$NON-NLS-1$

    private volatile @Nullable Profile fProfile;

    @Override
    public boolean canExecute(ITmfTrace trace) {
        return trace instanceof CallProfileTrace;
    }

    @Override
    protected boolean executeAnalysis(IProgressMonitor monitor) {
        Profile profile = getTrace() instanceof CallProfileTrace trace ? trace.profile() : null;
        fProfile = profile;
        return profile != null;
    }

    @Override
    protected void canceling() {
        // nothing to stop: the profile was read when the trace was opened
    }

    /** @return the profile, once the analysis completed; null before, or when the trace has none */
    public @Nullable Profile getProfile() {
        return fProfile;
    }
}
