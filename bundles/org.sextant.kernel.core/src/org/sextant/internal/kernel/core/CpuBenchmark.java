// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.kernel.core;

import org.eclipse.tracecompass.analysis.os.linux.core.cpuusage.KernelCpuUsageAnalysis;
import org.sextant.kernel.core.CpuUsageModule;
import org.sextant.parallel.core.HistoryBenchmark;

/**
 * {@code sextant bench --analysis cpu}: Trace Compass's CPU usage analysis (with the kernel analysis it depends
 * on, as Trace Compass builds them for its CPU Usage view) against {@link CpuUsageModule}, whose {@code CPUs}
 * subtree must equal Trace Compass's history.
 */
public class CpuBenchmark extends HistoryBenchmark {

    /** Creates the benchmark, as plugin.xml does. */
    public CpuBenchmark() {
        super(CpuUsageModule::new, CpuUsageModule.ID, KernelCpuUsageAnalysis::new, KernelCpuUsageAnalysis.ID);
    }
}
