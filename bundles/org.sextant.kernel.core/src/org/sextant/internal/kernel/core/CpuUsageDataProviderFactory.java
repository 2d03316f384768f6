// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.kernel.core;

import org.eclipse.tracecompass.tmf.core.dataprovider.IDataProviderDescriptor.ProviderType;
import org.eclipse.tracecompass.tmf.core.model.tree.ITmfTreeDataModel;
import org.eclipse.tracecompass.tmf.core.model.tree.ITmfTreeDataProvider;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.sextant.common.core.ModuleDataProviderFactory;
import org.sextant.common.core.ProviderDescriptor;
import org.sextant.kernel.core.CpuUsageModule;

/** Creates the {@link CpuUsageDataProvider} of a kernel trace. */
public class CpuUsageDataProviderFactory extends ModuleDataProviderFactory<CpuUsageModule> {

    /** Creates the factory, as plugin.xml does. */
    public CpuUsageDataProviderFactory() {
        super(CpuUsageModule.class, CpuUsageModule.ID, new ProviderDescriptor(CpuUsageDataProvider.ID, Messages.CpuUsage_Title,
                Messages.CpuUsage_Description, ProviderType.TREE_TIME_XY));
    }

    @Override
    protected ITmfTreeDataProvider<? extends ITmfTreeDataModel> createProvider(ITmfTrace trace, CpuUsageModule module) {
        return new CpuUsageDataProvider(trace, module);
    }
}
