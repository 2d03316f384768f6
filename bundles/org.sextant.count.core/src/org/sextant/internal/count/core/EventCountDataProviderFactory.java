// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.count.core;

import org.eclipse.tracecompass.tmf.core.dataprovider.IDataProviderDescriptor.ProviderType;
import org.eclipse.tracecompass.tmf.core.model.tree.ITmfTreeDataModel;
import org.eclipse.tracecompass.tmf.core.model.tree.ITmfTreeDataProvider;
import org.eclipse.tracecompass.tmf.core.statesystem.ITmfAnalysisModuleWithStateSystems;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.sextant.common.core.ModuleDataProviderFactory;
import org.sextant.common.core.ProviderDescriptor;

/**
 * Creates the {@link EventCountDataProvider} of a trace over the count the command line reads too
 * ({@link EventCountSummaryDataProviderFactory#module}): the engine's parallel build for CTF traces, Trace
 * Compass's event request for the other kernel traces. The Event Count view and a trace server's client see
 * the same history as {@code sextant analyze}.
 */
public class EventCountDataProviderFactory extends ModuleDataProviderFactory<ITmfAnalysisModuleWithStateSystems> {

    /** Creates the factory, as plugin.xml does. */
    public EventCountDataProviderFactory() {
        super(EventCountSummaryDataProviderFactory::module, new ProviderDescriptor(EventCountDataProvider.ID, Messages.EventCount_Title,
                Messages.EventCount_Description, ProviderType.TREE_TIME_XY));
    }

    @Override
    protected ITmfTreeDataProvider<? extends ITmfTreeDataModel> createProvider(ITmfTrace trace, ITmfAnalysisModuleWithStateSystems module) {
        return new EventCountDataProvider(trace, module);
    }
}
