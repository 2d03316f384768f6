// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.redis.core;

import java.util.Objects;

import org.eclipse.tracecompass.tmf.core.dataprovider.IDataProviderDescriptor;
import org.eclipse.tracecompass.tmf.core.dataprovider.IDataProviderDescriptor.ProviderType;
import org.eclipse.tracecompass.tmf.core.model.tree.ITmfTreeDataModel;
import org.eclipse.tracecompass.tmf.core.model.tree.ITmfTreeDataProvider;
import org.eclipse.tracecompass.tmf.core.statesystem.ITmfAnalysisModuleWithStateSystems;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;
import org.sextant.common.core.ModuleDataProviderFactory;
import org.sextant.common.core.ProviderDescriptor;
import org.sextant.internal.redis.core.RedisTimeGraphDataProvider.Rows;
import org.sextant.redis.core.RedisLatencyModule;
import org.sextant.redis.core.RedisPathModule;

/**
 * Creates the data providers of the Redis model, one factory per provider id as plugin.xml registers them, over
 * the build {@link RedisTraces#stateModule} chooses: the engine's one build, whose requests and paths the latency
 * and path modules take too, or Trace Compass's where the engine does not read the recording.
 */
public abstract class RedisDataProviderFactory extends ModuleDataProviderFactory<ITmfAnalysisModuleWithStateSystems> {

    private RedisDataProviderFactory(IDataProviderDescriptor descriptor) {
        super(RedisTraces::stateModule, descriptor);
    }

    /** Redis Netflow: a row per connection. */
    public static class Netflow extends RedisDataProviderFactory {
        /** Creates the factory, as plugin.xml does. */
        public Netflow() {
            super(new ProviderDescriptor(Rows.NETFLOW.id(), Messages.Netflow_Title, Messages.Netflow_Description, ProviderType.TIME_GRAPH));
        }

        @Override
        protected ITmfTreeDataProvider<? extends ITmfTreeDataModel> createProvider(ITmfTrace trace, ITmfAnalysisModuleWithStateSystems module) {
            return new RedisTimeGraphDataProvider(trace, module, Rows.NETFLOW);
        }
    }

    /** Redis Threads: the event loop and a row per thread. */
    public static class Threads extends RedisDataProviderFactory {
        /** Creates the factory, as plugin.xml does. */
        public Threads() {
            super(new ProviderDescriptor(Rows.THREADS.id(), Messages.Threads_Title, Messages.Threads_Description, ProviderType.TIME_GRAPH));
        }

        @Override
        protected ITmfTreeDataProvider<? extends ITmfTreeDataModel> createProvider(ITmfTrace trace, ITmfAnalysisModuleWithStateSystems module) {
            return new RedisTimeGraphDataProvider(trace, module, Rows.THREADS);
        }
    }

    /** Redis Data Volume: bytes per second per node. */
    public static class DataVolume extends RedisDataProviderFactory {
        /** Creates the factory, as plugin.xml does. */
        public DataVolume() {
            super(new ProviderDescriptor(DataVolumeDataProvider.ID, Messages.Volume_Title, Messages.Volume_Description, ProviderType.TREE_TIME_XY));
        }

        @Override
        protected ITmfTreeDataProvider<? extends ITmfTreeDataModel> createProvider(ITmfTrace trace, ITmfAnalysisModuleWithStateSystems module) {
            return new DataVolumeDataProvider(trace, module);
        }
    }

    /** Redis Request Paths: redirections, publications and replication streams across the nodes. */
    public static class Paths extends RedisDataProviderFactory {
        /** Creates the factory, as plugin.xml does. */
        public Paths() {
            super(new ProviderDescriptor(RequestPathsDataProvider.ID, Messages.Paths_Title, Messages.Paths_Description, ProviderType.DATA_TREE));
        }

        @Override
        protected ITmfTreeDataProvider<? extends ITmfTreeDataModel> createProvider(ITmfTrace trace, ITmfAnalysisModuleWithStateSystems module) {
            // declared for the same traces as the Redis module, with the same condition: there whenever it is
            RedisPathModule paths = Objects.requireNonNull(TmfTraceUtils.getAnalysisModuleOfClass(trace, RedisPathModule.class, RedisPathModule.ID));
            paths.schedule();
            return new RequestPathsDataProvider(trace, module, paths);
        }
    }

    /** Redis Summary: per node, its counters and request latencies over the whole trace. */
    public static class Summary extends RedisDataProviderFactory {
        /** Creates the factory, as plugin.xml does. */
        public Summary() {
            super(new ProviderDescriptor(RedisSummaryDataProvider.ID, Messages.Summary_Title, Messages.Summary_Description, ProviderType.DATA_TREE));
        }

        @Override
        protected ITmfTreeDataProvider<? extends ITmfTreeDataModel> createProvider(ITmfTrace trace, ITmfAnalysisModuleWithStateSystems module) {
            RedisLatencyModule latency = TmfTraceUtils.getAnalysisModuleOfClass(trace, RedisLatencyModule.class, RedisLatencyModule.ID);
            if (latency != null) {
                latency.schedule();
            }
            return new RedisSummaryDataProvider(trace, module, latency);
        }
    }
}
