// SPDX-License-Identifier: EPL-2.0
package org.sextant.count.core;

import java.util.Objects;

import org.eclipse.tracecompass.tmf.core.statesystem.ITmfStateProvider;
import org.eclipse.tracecompass.tmf.core.statesystem.TmfStateSystemAnalysisModule;
import org.sextant.internal.count.core.EventCountStateProvider;

/**
 * Counts the events of a kernel trace over time, in total, per CPU and per event type, into a state system
 * whose layout {@link EventCountStateProvider} documents.
 */
public class EventCountAnalysisModule extends TmfStateSystemAnalysisModule {

    /** The analysis id, as registered in plugin.xml. */
    public static final String ID = "org.sextant.count.core.analysis"; //$NON-NLS-1$

    @Override
    protected ITmfStateProvider createStateProvider() {
        return new EventCountStateProvider(Objects.requireNonNull(getTrace()));
    }
}
