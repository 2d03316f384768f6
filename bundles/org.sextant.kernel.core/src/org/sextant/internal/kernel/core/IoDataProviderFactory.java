// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.kernel.core;

import org.eclipse.tracecompass.tmf.core.dataprovider.IDataProviderDescriptor.ProviderType;
import org.eclipse.tracecompass.tmf.core.model.tree.ITmfTreeDataModel;
import org.eclipse.tracecompass.tmf.core.model.tree.ITmfTreeDataProvider;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.sextant.common.core.ModuleDataProviderFactory;
import org.sextant.common.core.ProviderDescriptor;
import org.sextant.kernel.core.IoModule;

/** Creates the {@link IoDataProvider} of a kernel trace. */
public class IoDataProviderFactory extends ModuleDataProviderFactory<IoModule> {

    /** Creates the factory, as plugin.xml does. */
    public IoDataProviderFactory() {
        super(IoModule.class, IoModule.ID, new ProviderDescriptor(IoDataProvider.ID, Messages.Io_Title, Messages.Io_Description,
                ProviderType.TREE_TIME_XY));
    }

    @Override
    protected ITmfTreeDataProvider<? extends ITmfTreeDataModel> createProvider(ITmfTrace trace, IoModule module) {
        return new IoDataProvider(trace, module);
    }
}
