// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.count.core;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.tmf.core.dataprovider.IDataProviderDescriptor.ProviderType;
import org.eclipse.tracecompass.tmf.core.model.tree.ITmfTreeDataModel;
import org.eclipse.tracecompass.tmf.core.model.tree.ITmfTreeDataProvider;
import org.eclipse.tracecompass.tmf.core.statesystem.ITmfAnalysisModuleWithStateSystems;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;
import org.sextant.common.core.ModuleDataProviderFactory;
import org.sextant.common.core.ProviderDescriptor;
import org.sextant.count.core.EventCountAnalysisModule;

/**
 * Creates the {@link EventCountSummaryDataProvider} of a trace over the count that {@link #module} chooses,
 * as the command line's count does: the parallel build for CTF traces, Trace Compass's event request for the
 * other kernel traces. Both write the same history.
 */
public class EventCountSummaryDataProviderFactory extends ModuleDataProviderFactory<ITmfAnalysisModuleWithStateSystems> {

    /** Creates the factory, as plugin.xml does. */
    public EventCountSummaryDataProviderFactory() {
        super(EventCountSummaryDataProviderFactory::module, new ProviderDescriptor(EventCountSummaryDataProvider.ID,
                Messages.EventCount_SummaryTitle, Messages.EventCount_SummaryDescription, ProviderType.DATA_TREE));
    }

    /**
     * @param trace
     *            a trace
     * @return its parallel event count module if it has one, else its serial one, else null
     */
    public static @Nullable ITmfAnalysisModuleWithStateSystems module(ITmfTrace trace) {
        EventCountParallelModule parallel = TmfTraceUtils.getAnalysisModuleOfClass(trace, EventCountParallelModule.class, EventCountParallelModule.ID);
        if (parallel != null) {
            return parallel;
        }
        return TmfTraceUtils.getAnalysisModuleOfClass(trace, EventCountAnalysisModule.class, EventCountAnalysisModule.ID);
    }

    @Override
    protected ITmfTreeDataProvider<? extends ITmfTreeDataModel> createProvider(ITmfTrace trace, ITmfAnalysisModuleWithStateSystems module) {
        return new EventCountSummaryDataProvider(trace, module);
    }
}
