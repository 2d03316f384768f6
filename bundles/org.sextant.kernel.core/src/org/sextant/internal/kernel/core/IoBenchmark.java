// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.kernel.core;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.tmf.core.analysis.IAnalysisModule;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.sextant.kernel.core.IoModule;
import org.sextant.parallel.core.HistoryBenchmark;
import org.sextant.parallel.core.ParallelHistoryModule;

/**
 * {@code sextant bench --analysis io}: {@link IoModule} serial and parallel. Trace Compass 6.2 has no analysis
 * of bytes moved by system calls (its I/O analysis follows block requests), so there is no run of its own.
 */
public class IoBenchmark extends HistoryBenchmark {

    @Override
    protected ParallelHistoryModule createParallelModule() {
        IoModule module = new IoModule();
        module.setId(IoModule.ID);
        return module;
    }

    @Override
    protected @Nullable IAnalysisModule traceCompassModule(ITmfTrace trace) {
        return null;
    }

    @Override
    protected @Nullable String compareWithTraceCompass(IAnalysisModule traceCompass, ParallelHistoryModule serial) {
        return null;
    }
}
