// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.annotations.core;

import org.eclipse.tracecompass.tmf.core.dataprovider.IDataProviderDescriptor;
import org.eclipse.tracecompass.tmf.core.dataprovider.IDataProviderDescriptor.ProviderType;
import org.eclipse.tracecompass.tmf.core.model.tree.ITmfTreeDataModel;
import org.eclipse.tracecompass.tmf.core.model.tree.ITmfTreeDataProvider;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.sextant.annotations.core.AnnotationsAnalysisModule;
import org.sextant.common.core.ModuleDataProviderFactory;
import org.sextant.common.core.ProviderDescriptor;

/**
 * Creates the data providers of the annotations state system, one factory per provider id as plugin.xml
 * registers them.
 */
public abstract class AnnotationsDataProviderFactory extends ModuleDataProviderFactory<AnnotationsAnalysisModule> {

    private AnnotationsDataProviderFactory(IDataProviderDescriptor descriptor) {
        super(AnnotationsAnalysisModule.class, AnnotationsAnalysisModule.ID, descriptor);
    }

    /** Annotations Summary: per thread, annotation, barrier and region. */
    public static class Summary extends AnnotationsDataProviderFactory {
        /** Creates the factory, as plugin.xml does. */
        public Summary() {
            super(new ProviderDescriptor(AnnotationsSummaryDataProvider.ID, Messages.Summary_Title, Messages.Summary_Description, ProviderType.DATA_TREE));
        }

        @Override
        protected ITmfTreeDataProvider<? extends ITmfTreeDataModel> createProvider(ITmfTrace trace, AnnotationsAnalysisModule module) {
            return new AnnotationsSummaryDataProvider(trace, module);
        }
    }

    /** Annotated CPUs: a row per CPU coloured by annotation, its running thread beneath, migrations as arrows. */
    public static class Cpus extends AnnotationsDataProviderFactory {
        /** Creates the factory, as plugin.xml does. */
        public Cpus() {
            super(new ProviderDescriptor(AnnotatedCpusDataProvider.ID, Messages.Cpus_Title, Messages.Cpus_Description, ProviderType.TIME_GRAPH));
        }

        @Override
        protected ITmfTreeDataProvider<? extends ITmfTreeDataModel> createProvider(ITmfTrace trace, AnnotationsAnalysisModule module) {
            return new AnnotatedCpusDataProvider(trace, module);
        }
    }

    /** Annotated Threads: a row per annotating thread, its CPU, stack depths and barrier beneath. */
    public static class Threads extends AnnotationsDataProviderFactory {
        /** Creates the factory, as plugin.xml does. */
        public Threads() {
            super(new ProviderDescriptor(AnnotatedThreadsDataProvider.ID, Messages.Threads_Title, Messages.Threads_Description, ProviderType.TIME_GRAPH));
        }

        @Override
        protected ITmfTreeDataProvider<? extends ITmfTreeDataModel> createProvider(ITmfTrace trace, AnnotationsAnalysisModule module) {
            return new AnnotatedThreadsDataProvider(trace, module);
        }
    }

    /** Barriers: the skew of each barrier instance over time. */
    public static class Barriers extends AnnotationsDataProviderFactory {
        /** Creates the factory, as plugin.xml does. */
        public Barriers() {
            super(new ProviderDescriptor(BarriersDataProvider.ID, Messages.Barriers_Title, Messages.Barriers_Description, ProviderType.TREE_TIME_XY));
        }

        @Override
        protected ITmfTreeDataProvider<? extends ITmfTreeDataModel> createProvider(ITmfTrace trace, AnnotationsAnalysisModule module) {
            return new BarriersDataProvider(trace, module);
        }
    }
}
