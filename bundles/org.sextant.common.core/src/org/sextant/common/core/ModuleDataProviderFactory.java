// SPDX-License-Identifier: EPL-2.0
package org.sextant.common.core;

import java.util.Collection;
import java.util.List;
import java.util.function.Function;

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
 * data provider factory of an analysis does. The module is the one of a class and id, or the one a family
 * chooses per trace (the engine's build where it reads the trace, Trace Compass's elsewhere).
 *
 * @param <M>
 *            the module class
 */
public abstract class ModuleDataProviderFactory<M extends IAnalysisModule> implements IDataProviderFactory {

    private final Function<ITmfTrace, @Nullable M> fModules;
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
        this(trace -> TmfTraceUtils.getAnalysisModuleOfClass(trace, moduleClass, moduleId), descriptor);
    }

    /**
     * @param modules
     *            the module of a trace, not scheduled, or null when it has none
     * @param descriptor
     *            the provider's description
     */
    protected ModuleDataProviderFactory(Function<ITmfTrace, @Nullable M> modules, IDataProviderDescriptor descriptor) {
        fModules = modules;
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
        M module = fModules.apply(trace);
        if (module == null) {
            return null;
        }
        module.schedule();
        return createProvider(trace, module);
    }

    @Override
    public Collection<IDataProviderDescriptor> getDescriptors(ITmfTrace trace) {
        return fModules.apply(trace) == null ? List.of() : List.of(fDescriptor);
    }
}
