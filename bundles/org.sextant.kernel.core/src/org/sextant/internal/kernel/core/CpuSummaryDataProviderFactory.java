// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.kernel.core;

import org.eclipse.tracecompass.tmf.core.dataprovider.IDataProviderDescriptor.ProviderType;
import org.eclipse.tracecompass.tmf.core.model.tree.ITmfTreeDataModel;
import org.eclipse.tracecompass.tmf.core.model.tree.ITmfTreeDataProvider;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.sextant.common.core.ModuleDataProviderFactory;
import org.sextant.common.core.ProviderDescriptor;
import org.sextant.kernel.core.CpuUsageModule;

/** Creates the {@link CpuSummaryDataProvider} of a kernel trace. */
public class CpuSummaryDataProviderFactory extends ModuleDataProviderFactory<CpuUsageModule> {

    /** Creates the factory, as plugin.xml does. */
    public CpuSummaryDataProviderFactory() {
        super(CpuUsageModule.class, CpuUsageModule.ID, new ProviderDescriptor(CpuSummaryDataProvider.ID, Messages.CpuSummary_Title,
                Messages.CpuSummary_Description, ProviderType.DATA_TREE));
    }

    @Override
    protected ITmfTreeDataProvider<? extends ITmfTreeDataModel> createProvider(ITmfTrace trace, CpuUsageModule module) {
        return new CpuSummaryDataProvider(trace, module);
    }
}
