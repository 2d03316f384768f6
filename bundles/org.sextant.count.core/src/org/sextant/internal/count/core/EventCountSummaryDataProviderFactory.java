// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.count.core;

import java.util.Collection;
import java.util.List;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.tmf.core.dataprovider.IDataProviderDescriptor;
import org.eclipse.tracecompass.tmf.core.dataprovider.IDataProviderDescriptor.ProviderType;
import org.eclipse.tracecompass.tmf.core.dataprovider.IDataProviderFactory;
import org.eclipse.tracecompass.tmf.core.model.tree.ITmfTreeDataModel;
import org.eclipse.tracecompass.tmf.core.model.tree.ITmfTreeDataProvider;
import org.eclipse.tracecompass.tmf.core.statesystem.ITmfAnalysisModuleWithStateSystems;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;
import org.sextant.common.core.ProviderDescriptor;
import org.sextant.count.core.EventCountAnalysisModule;

/**
 * Creates the {@link EventCountSummaryDataProvider} of a trace over the count that {@link #module} chooses,
 * as the command line's count does: the parallel build for CTF traces, Trace Compass's event request for the
 * other kernel traces. Both write the same history.
 */
public class EventCountSummaryDataProviderFactory implements IDataProviderFactory {

    private static final IDataProviderDescriptor DESCRIPTOR = new ProviderDescriptor(EventCountSummaryDataProvider.ID,
            Messages.EventCount_SummaryTitle, Messages.EventCount_SummaryDescription, ProviderType.DATA_TREE);

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
    public @Nullable ITmfTreeDataProvider<? extends ITmfTreeDataModel> createProvider(ITmfTrace trace) {
        ITmfAnalysisModuleWithStateSystems module = module(trace);
        if (module == null) {
            return null;
        }
        module.schedule();
        return new EventCountSummaryDataProvider(trace, module);
    }

    @Override
    public Collection<IDataProviderDescriptor> getDescriptors(ITmfTrace trace) {
        return module(trace) == null ? List.of() : List.of(DESCRIPTOR);
    }
}
