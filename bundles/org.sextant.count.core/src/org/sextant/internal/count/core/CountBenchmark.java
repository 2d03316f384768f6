// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.count.core;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.statesystem.core.ITmfStateSystem;
import org.eclipse.tracecompass.statesystem.core.exceptions.StateSystemDisposedException;
import org.eclipse.tracecompass.tmf.core.analysis.IAnalysisModule;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.sextant.count.core.EventCountAnalysisModule;
import org.sextant.parallel.core.Histories;
import org.sextant.parallel.core.HistoryBenchmark;
import org.sextant.parallel.core.ParallelHistoryModule;

/**
 * {@code sextant bench --analysis count}: Trace Compass's event request driving {@link EventCountStateProvider},
 * against {@link EventCountParallelModule} in serial and parallel modes. All write the same history.
 */
public class CountBenchmark extends HistoryBenchmark {

    @Override
    protected ParallelHistoryModule createParallelModule() {
        EventCountParallelModule module = new EventCountParallelModule();
        module.setId(EventCountParallelModule.ID);
        return module;
    }

    @Override
    protected IAnalysisModule traceCompassModule(ITmfTrace trace) {
        EventCountAnalysisModule module = new EventCountAnalysisModule();
        module.setId(EventCountAnalysisModule.ID);
        return module;
    }

    @Override
    protected @Nullable String compareWithTraceCompass(IAnalysisModule traceCompass, ParallelHistoryModule serial)
            throws StateSystemDisposedException {
        ITmfStateSystem expected = CountSummaries.stateSystem(traceCompass);
        ITmfStateSystem actual = serial.getStateSystem();
        if (expected == null || actual == null) {
            return "a build has no state system"; //$NON-NLS-1$
        }
        return Histories.firstDifference(expected, actual);
    }
}
