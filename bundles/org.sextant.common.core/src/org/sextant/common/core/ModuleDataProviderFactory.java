// SPDX-License-Identifier: EPL-2.0
package org.sextant.common.core;

import java.util.Collection;
import java.util.List;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.tmf.core.analysis.IAnalysisModule;
import org.eclipse.tracecompass.tmf.core.dataprovider.IDataProviderDescriptor;
import org.eclipse.tracecompass.tmf.core.dataprovider.IDataProviderFactory;
import org.eclipse.tracecompass.tmf.core.model.tree.ITmfTreeDataModel;
import org.eclipse.tracecompass.tmf.core.model.tree.ITmfTreeDataProvider;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;

/**
 * Creates the data provider of a trace that has a given analysis module, scheduling the module: what every
 * data provider factory of an analysis does.
 *
 * @param <M>
 *            the module class
 */
public abstract class ModuleDataProviderFactory<M extends IAnalysisModule> implements IDataProviderFactory {

    private final Class<M> fModuleClass;
    private final String fModuleId;
    private final IDataProviderDescriptor fDescriptor;

    /**
     * @param moduleClass
     *            the module's class
     * @param moduleId
     *            the module's id
     * @param descriptor
     *            the provider's description
     */
    protected ModuleDataProviderFactory(Class<M> moduleClass, String moduleId, IDataProviderDescriptor descriptor) {
        fModuleClass = moduleClass;
        fModuleId = moduleId;
        fDescriptor = descriptor;
    }

    /**
     * @param trace
     *            the trace
     * @param module
     *            its module, scheduled
     * @return the provider
     */
    protected abstract ITmfTreeDataProvider<? extends ITmfTreeDataModel> createProvider(ITmfTrace trace, M module);

    @Override
    public @Nullable ITmfTreeDataProvider<? extends ITmfTreeDataModel> createProvider(ITmfTrace trace) {
        M module = TmfTraceUtils.getAnalysisModuleOfClass(trace, fModuleClass, fModuleId);
        if (module == null) {
            return null;
        }
        module.schedule();
        return createProvider(trace, module);
    }

    @Override
    public Collection<IDataProviderDescriptor> getDescriptors(ITmfTrace trace) {
        return TmfTraceUtils.getAnalysisModuleOfClass(trace, fModuleClass, fModuleId) == null ? List.of() : List.of(fDescriptor);
    }
}
