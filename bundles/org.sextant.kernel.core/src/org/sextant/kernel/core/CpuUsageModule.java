// SPDX-License-Identifier: EPL-2.0
package org.sextant.kernel.core;

import org.sextant.internal.kernel.core.Messages;
import org.sextant.kernel.model.CpuUsageAnalysis;

/**
 * Time on CPU per thread and per CPU of a kernel trace, built in parallel ({@link CpuUsageAnalysis} has the
 * attribute tree). Its {@code CPUs} subtree is the history of Trace Compass's CPU usage analysis, value for
 * value.
 */
public class CpuUsageModule extends KernelChunkModule {

    /** The analysis id, as registered in plugin.xml; also the state system id and history file name. */
    public static final String ID = "org.sextant.kernel.core.cpu"; //$NON-NLS-1$

    /** Creates the module, as plugin.xml does. */
    public CpuUsageModule() {
        super(KernelHistoryProvider.CPU, CpuUsageAnalysis.VERSION, Messages.CpuUsage_Task);
    }
}
