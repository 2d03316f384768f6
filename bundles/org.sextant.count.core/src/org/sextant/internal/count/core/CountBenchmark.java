// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.count.core;

import org.sextant.count.core.EventCountAnalysisModule;
import org.sextant.parallel.core.HistoryBenchmark;

/**
 * {@code sextant bench --analysis count}: Trace Compass's event request driving {@link EventCountStateProvider},
 * against {@link EventCountParallelModule} in serial and parallel modes. All write the same history.
 */
public class CountBenchmark extends HistoryBenchmark {

    /** Creates the benchmark, as plugin.xml does. */
    public CountBenchmark() {
        super(EventCountParallelModule::new, EventCountParallelModule.ID, EventCountAnalysisModule::new, EventCountAnalysisModule.ID);
    }
}
