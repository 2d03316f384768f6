// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.kernel.core;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.analysis.os.linux.core.cpuusage.KernelCpuUsageAnalysis;
import org.eclipse.tracecompass.statesystem.core.ITmfStateSystem;
import org.eclipse.tracecompass.statesystem.core.exceptions.StateSystemDisposedException;
import org.eclipse.tracecompass.tmf.core.analysis.IAnalysisModule;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.sextant.kernel.core.CpuUsageModule;
import org.sextant.parallel.core.Histories;
import org.sextant.parallel.core.HistoryBenchmark;
import org.sextant.parallel.core.ParallelHistoryModule;

/**
 * {@code sextant bench --analysis cpu}: Trace Compass's CPU usage analysis (with the kernel analysis it depends
 * on, as Trace Compass builds them for its CPU Usage view) against {@link CpuUsageModule}, whose {@code CPUs}
 * subtree must equal Trace Compass's history.
 */
public class CpuBenchmark extends HistoryBenchmark {

    @Override
    protected ParallelHistoryModule createParallelModule() {
        CpuUsageModule module = new CpuUsageModule();
        module.setId(CpuUsageModule.ID);
        return module;
    }

    @Override
    protected IAnalysisModule traceCompassModule(ITmfTrace trace) {
        KernelCpuUsageAnalysis module = new KernelCpuUsageAnalysis();
        module.setId(KernelCpuUsageAnalysis.ID);
        return module;
    }

    @Override
    protected @Nullable String compareWithTraceCompass(IAnalysisModule traceCompass, ParallelHistoryModule serial)
            throws StateSystemDisposedException {
        ITmfStateSystem expected = ((KernelCpuUsageAnalysis) traceCompass).getStateSystem();
        ITmfStateSystem actual = serial.getStateSystem();
        if (expected == null || actual == null) {
            return "a build has no state system"; //$NON-NLS-1$
        }
        return Histories.firstMismatch(expected, actual);
    }
}
