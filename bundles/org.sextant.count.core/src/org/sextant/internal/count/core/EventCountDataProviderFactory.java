// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.count.core;

import org.eclipse.tracecompass.tmf.core.dataprovider.IDataProviderDescriptor.ProviderType;
import org.eclipse.tracecompass.tmf.core.model.tree.ITmfTreeDataModel;
import org.eclipse.tracecompass.tmf.core.model.tree.ITmfTreeDataProvider;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.sextant.common.core.ModuleDataProviderFactory;
import org.sextant.common.core.ProviderDescriptor;
import org.sextant.count.core.EventCountAnalysisModule;

/**
 * Creates the {@link EventCountDataProvider} of a trace that has the event count analysis.
 */
public class EventCountDataProviderFactory extends ModuleDataProviderFactory<EventCountAnalysisModule> {

    /** Creates the factory, as plugin.xml does. */
    public EventCountDataProviderFactory() {
        super(EventCountAnalysisModule.class, EventCountAnalysisModule.ID, new ProviderDescriptor(EventCountDataProvider.ID,
                Messages.EventCount_Title, Messages.EventCount_Description, ProviderType.TREE_TIME_XY));
    }

    @Override
    protected ITmfTreeDataProvider<? extends ITmfTreeDataModel> createProvider(ITmfTrace trace, EventCountAnalysisModule module) {
        return new EventCountDataProvider(trace, module);
    }
}
