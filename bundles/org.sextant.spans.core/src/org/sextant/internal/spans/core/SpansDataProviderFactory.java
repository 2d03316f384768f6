// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.spans.core;

import java.util.function.BiFunction;

import org.eclipse.tracecompass.tmf.core.dataprovider.IDataProviderDescriptor.ProviderType;
import org.eclipse.tracecompass.tmf.core.model.tree.ITmfTreeDataModel;
import org.eclipse.tracecompass.tmf.core.model.tree.ITmfTreeDataProvider;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.sextant.common.core.ModuleDataProviderFactory;
import org.sextant.common.core.ProviderDescriptor;
import org.sextant.spans.core.SpansAnalysisModule;

/**
 * Creates the data providers of the span analysis, one factory per provider id as plugin.xml registers them.
 */
public abstract class SpansDataProviderFactory extends ModuleDataProviderFactory<SpansAnalysisModule> {

    private final BiFunction<ITmfTrace, SpansAnalysisModule, ITmfTreeDataProvider<? extends ITmfTreeDataModel>> fProvider;

    private SpansDataProviderFactory(ProviderDescriptor descriptor,
            BiFunction<ITmfTrace, SpansAnalysisModule, ITmfTreeDataProvider<? extends ITmfTreeDataModel>> provider) {
        super(SpansAnalysisModule.class, SpansAnalysisModule.ID, descriptor);
        fProvider = provider;
    }

    @Override
    protected ITmfTreeDataProvider<? extends ITmfTreeDataModel> createProvider(ITmfTrace trace, SpansAnalysisModule module) {
        return fProvider.apply(trace, module);
    }

    /** Spans: a row per service's lanes of served requests and calls, the Redis commands, arrows between them. */
    public static class Spans extends SpansDataProviderFactory {
        /** Creates the factory, as plugin.xml does. */
        public Spans() {
            super(new ProviderDescriptor(SpansTimeGraphDataProvider.ID, Messages.Spans_Title, Messages.Spans_Description, ProviderType.TIME_GRAPH),
                    SpansTimeGraphDataProvider::new);
        }
    }

    /** Critical path: what each request waited for, per service. */
    public static class CriticalPath extends SpansDataProviderFactory {
        /** Creates the factory, as plugin.xml does. */
        public CriticalPath() {
            super(new ProviderDescriptor(CriticalPathDataProvider.ID, Messages.CriticalPath_Title, Messages.CriticalPath_Description,
                    ProviderType.TIME_GRAPH), CriticalPathDataProvider::new);
        }
    }

    /** Span summary: per service and route, the slowest requests, Redis commands, problems. */
    public static class Summary extends SpansDataProviderFactory {
        /** Creates the factory, as plugin.xml does. */
        public Summary() {
            super(new ProviderDescriptor(SpansSummaryDataProvider.ID, Messages.Summary_Title, Messages.Summary_Description, ProviderType.DATA_TREE),
                    SpansSummaryDataProvider::new);
        }
    }
}
