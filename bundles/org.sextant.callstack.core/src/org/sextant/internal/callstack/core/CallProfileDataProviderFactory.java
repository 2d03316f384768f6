// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.callstack.core;

import java.util.function.Function;

import org.eclipse.tracecompass.tmf.core.dataprovider.IDataProviderDescriptor.ProviderType;
import org.eclipse.tracecompass.tmf.core.model.tree.ITmfTreeDataModel;
import org.eclipse.tracecompass.tmf.core.model.tree.ITmfTreeDataProvider;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.sextant.callstack.core.CallProfileAnalysisModule;
import org.sextant.common.core.ModuleDataProviderFactory;
import org.sextant.common.core.ProviderDescriptor;

/**
 * Creates the data providers of a call profile, one factory per provider id as plugin.xml registers them.
 */
public abstract class CallProfileDataProviderFactory extends ModuleDataProviderFactory<CallProfileAnalysisModule> {

    private final Function<CallProfileAnalysisModule, ITmfTreeDataProvider<? extends ITmfTreeDataModel>> fProvider;

    private CallProfileDataProviderFactory(String id, String name, String description,
            Function<CallProfileAnalysisModule, ITmfTreeDataProvider<? extends ITmfTreeDataModel>> provider) {
        super(CallProfileAnalysisModule.class, CallProfileAnalysisModule.ID, new ProviderDescriptor(id, name, description, ProviderType.DATA_TREE));
        fProvider = provider;
    }

    @Override
    protected ITmfTreeDataProvider<? extends ITmfTreeDataModel> createProvider(ITmfTrace trace, CallProfileAnalysisModule module) {
        return fProvider.apply(module);
    }

    /** The call trees, per weight and scope. */
    public static class CallTrees extends CallProfileDataProviderFactory {
        /** Creates the factory, as plugin.xml does. */
        public CallTrees() {
            super(CallTreeDataProvider.ID, Messages.CallTree_Title, Messages.CallTree_Description, CallTreeDataProvider::new);
        }
    }

    /** The differential of the trace's run and another. */
    public static class Differential extends CallProfileDataProviderFactory {
        /** Creates the factory, as plugin.xml does. */
        public Differential() {
            super(CallTreeDiffDataProvider.ID, Messages.Differential_Title, Messages.Differential_Description, CallTreeDiffDataProvider::new);
        }
    }

    /** The delta profile of an instruction flow. */
    public static class DeltaProfile extends CallProfileDataProviderFactory {
        /** Creates the factory, as plugin.xml does. */
        public DeltaProfile() {
            super(DeltaProfileDataProvider.ID, Messages.Deltas_Title, Messages.Deltas_Description, DeltaProfileDataProvider::new);
        }
    }

    /** The system calls' latency per call site. */
    public static class SyscallLatency extends CallProfileDataProviderFactory {
        /** Creates the factory, as plugin.xml does. */
        public SyscallLatency() {
            super(SyscallLatencyDataProvider.ID, Messages.Syscalls_Title, Messages.Syscalls_Description, SyscallLatencyDataProvider::new);
        }
    }

    /** The flat profile: each function's own and inclusive cost, calls, callers and callees. */
    public static class Functions extends CallProfileDataProviderFactory {
        /** Creates the factory, as plugin.xml does. */
        public Functions() {
            super(FunctionTableDataProvider.ID, Messages.Functions_Title, Messages.Functions_Description, FunctionTableDataProvider::new);
        }
    }

    /** The changes since a baseline run, per function and per call path. */
    public static class Baseline extends CallProfileDataProviderFactory {
        /** Creates the factory, as plugin.xml does. */
        public Baseline() {
            super(BaselineDataProvider.ID, Messages.Baseline_Title, Messages.Baseline_Description, BaselineDataProvider::new);
        }
    }
}
