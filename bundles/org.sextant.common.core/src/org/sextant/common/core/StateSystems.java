// SPDX-License-Identifier: EPL-2.0
package org.sextant.common.core;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.statesystem.core.ITmfStateSystem;
import org.eclipse.tracecompass.tmf.core.statesystem.ITmfAnalysisModuleWithStateSystems;

/** The state system a data provider of Sextant's serves: its module's first. */
public final class StateSystems {

    private StateSystems() {
    }

    /**
     * @param module
     *            an analysis module, scheduled
     * @return its (first) state system once initialized, maybe still being built; null when the module failed
     *         or has none
     */
    public static @Nullable ITmfStateSystem first(ITmfAnalysisModuleWithStateSystems module) {
        if (!module.waitForInitialization()) {
            return null;
        }
        for (ITmfStateSystem ss : module.getStateSystems()) {
            return ss;
        }
        return null;
    }
}
