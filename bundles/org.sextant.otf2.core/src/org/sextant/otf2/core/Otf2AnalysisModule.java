// SPDX-License-Identifier: EPL-2.0
package org.sextant.otf2.core;

import java.util.Objects;

import org.eclipse.tracecompass.tmf.core.statesystem.ITmfStateProvider;
import org.eclipse.tracecompass.tmf.core.statesystem.TmfStateSystemAnalysisModule;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.sextant.internal.otf2.core.Otf2StateProvider;

/**
 * What each location of an OTF2 archive is doing over time (its innermost region, MPI calls apart), the MPI
 * point-to-point messages from send to receive, and per region its calls with their inclusive and exclusive
 * times, in one state system whose layout {@link Otf2StateProvider} documents. The Communication view (arrows
 * between locations) and the Regions table read it through their data providers.
 */
public class Otf2AnalysisModule extends TmfStateSystemAnalysisModule {

    /** The analysis id, as registered in plugin.xml. */
    public static final String ID = "org.sextant.otf2.core.analysis"; //$NON-NLS-1$

    @Override
    public boolean canExecute(ITmfTrace trace) {
        return trace instanceof Otf2Trace && super.canExecute(trace);
    }

    @Override
    protected ITmfStateProvider createStateProvider() {
        return new Otf2StateProvider((Otf2Trace) Objects.requireNonNull(getTrace()));
    }
}
