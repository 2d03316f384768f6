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
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;
import org.sextant.count.core.EventCountAnalysisModule;

/**
 * Creates the {@link EventCountDataProvider} of a trace that has the event count analysis.
 */
public class EventCountDataProviderFactory implements IDataProviderFactory {

    private static final IDataProviderDescriptor DESCRIPTOR = new Descriptor(EventCountDataProvider.ID,
            Messages.EventCount_Title, Messages.EventCount_Description, ProviderType.TREE_TIME_XY);

    @Override
    public @Nullable ITmfTreeDataProvider<? extends ITmfTreeDataModel> createProvider(ITmfTrace trace) {
        EventCountAnalysisModule module = TmfTraceUtils.getAnalysisModuleOfClass(trace, EventCountAnalysisModule.class,
                EventCountAnalysisModule.ID);
        if (module == null) {
            return null;
        }
        module.schedule();
        return new EventCountDataProvider(trace, module);
    }

    @Override
    public Collection<IDataProviderDescriptor> getDescriptors(ITmfTrace trace) {
        return TmfTraceUtils.getAnalysisModuleOfClass(trace, EventCountAnalysisModule.class, EventCountAnalysisModule.ID) == null
                ? List.of() : List.of(DESCRIPTOR);
    }
}
