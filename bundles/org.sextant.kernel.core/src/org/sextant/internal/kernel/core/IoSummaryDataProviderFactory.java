// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.kernel.core;

import org.eclipse.tracecompass.tmf.core.dataprovider.IDataProviderDescriptor.ProviderType;
import org.eclipse.tracecompass.tmf.core.model.tree.ITmfTreeDataModel;
import org.eclipse.tracecompass.tmf.core.model.tree.ITmfTreeDataProvider;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.sextant.common.core.ModuleDataProviderFactory;
import org.sextant.common.core.ProviderDescriptor;
import org.sextant.kernel.core.IoModule;

/** Creates the {@link IoSummaryDataProvider} of a kernel trace. */
public class IoSummaryDataProviderFactory extends ModuleDataProviderFactory<IoModule> {

    /** Creates the factory, as plugin.xml does. */
    public IoSummaryDataProviderFactory() {
        super(IoModule.class, IoModule.ID, new ProviderDescriptor(IoSummaryDataProvider.ID, Messages.IoSummary_Title,
                Messages.IoSummary_Description, ProviderType.DATA_TREE));
    }

    @Override
    protected ITmfTreeDataProvider<? extends ITmfTreeDataModel> createProvider(ITmfTrace trace, IoModule module) {
        return new IoSummaryDataProvider(trace, module);
    }
}
