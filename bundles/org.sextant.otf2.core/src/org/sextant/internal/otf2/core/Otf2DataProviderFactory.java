// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.otf2.core;

import org.eclipse.tracecompass.tmf.core.dataprovider.IDataProviderDescriptor.ProviderType;
import org.eclipse.tracecompass.tmf.core.model.tree.ITmfTreeDataModel;
import org.eclipse.tracecompass.tmf.core.model.tree.ITmfTreeDataProvider;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.sextant.common.core.ModuleDataProviderFactory;
import org.sextant.common.core.ProviderDescriptor;
import org.sextant.otf2.core.Otf2AnalysisModule;
import org.sextant.otf2.core.Otf2Trace;

/**
 * The factories of the OTF2 data providers, one nested class each as plugin.xml names them. The OTF2 analysis
 * applies to OTF2 traces only, so a trace that has it is an {@link Otf2Trace}.
 */
public final class Otf2DataProviderFactory {

    private Otf2DataProviderFactory() {
    }

    /** Creates the {@link Otf2CommunicationDataProvider}. */
    public static final class Communication extends ModuleDataProviderFactory<Otf2AnalysisModule> {
        /** Creates the factory, as plugin.xml does. */
        public Communication() {
            super(Otf2AnalysisModule.class, Otf2AnalysisModule.ID, new ProviderDescriptor(Otf2CommunicationDataProvider.ID,
                    Messages.Communication_Title, Messages.Communication_Description, ProviderType.TIME_GRAPH));
        }

        @Override
        protected ITmfTreeDataProvider<? extends ITmfTreeDataModel> createProvider(ITmfTrace trace, Otf2AnalysisModule module) {
            return new Otf2CommunicationDataProvider((Otf2Trace) trace, module);
        }
    }

    /** Creates the {@link Otf2RegionsDataProvider}. */
    public static final class Regions extends ModuleDataProviderFactory<Otf2AnalysisModule> {
        /** Creates the factory, as plugin.xml does. */
        public Regions() {
            super(Otf2AnalysisModule.class, Otf2AnalysisModule.ID, new ProviderDescriptor(Otf2RegionsDataProvider.ID,
                    Messages.Regions_Title, Messages.Regions_Description, ProviderType.DATA_TREE));
        }

        @Override
        protected ITmfTreeDataProvider<? extends ITmfTreeDataModel> createProvider(ITmfTrace trace, Otf2AnalysisModule module) {
            return new Otf2RegionsDataProvider((Otf2Trace) trace, module);
        }
    }
}
