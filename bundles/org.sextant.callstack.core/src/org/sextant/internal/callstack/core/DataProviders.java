// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.callstack.core;

import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.tracecompass.tmf.core.dataprovider.DataProviderManager;
import org.eclipse.tracecompass.tmf.core.model.tree.ITmfTreeDataModel;
import org.eclipse.tracecompass.tmf.core.model.tree.ITmfTreeDataProvider;
import org.eclipse.tracecompass.tmf.core.model.tree.TmfTreeModel;
import org.eclipse.tracecompass.tmf.core.response.ITmfResponse;
import org.eclipse.tracecompass.tmf.core.response.TmfModelResponse;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;

/**
 * How the views and the command line ask a call-profile data provider of a trace for its entries, as a trace
 * server's client would: through Trace Compass's {@link DataProviderManager}, by provider id.
 */
public final class DataProviders {

    private static final String PLUGIN_ID = "org.sextant.callstack.core"; //$NON-NLS-1$

    private DataProviders() {
    }

    /**
     * @param choice
     *            a weight, a scope, a change
     * @return how fetch parameters, entries and summaries spell it ({@code time})
     */
    public static String name(Enum<?> choice) {
        return choice.name().toLowerCase(Locale.ROOT);
    }

    /**
     * @param <T>
     *            the entries' type
     * @param trace
     *            a call-profile trace
     * @param id
     *            the provider's id
     * @param parameters
     *            the fetch's parameters
     * @param monitor
     *            progress and cancellation
     * @return the entries
     * @throws CoreException
     *             when the fetch failed (its message says why: a parameter, or a file and line) or was cancelled
     *             (the status's severity is then {@link IStatus#CANCEL})
     */
    @SuppressWarnings("unchecked")
    public static <T extends ITmfTreeDataModel> List<T> entries(ITmfTrace trace, String id, Map<String, Object> parameters, IProgressMonitor monitor)
            throws CoreException {
        ITmfTreeDataProvider<T> provider = DataProviderManager.getInstance().getDataProvider(trace, id, ITmfTreeDataProvider.class);
        if (provider == null) {
            throw new CoreException(new Status(IStatus.ERROR, PLUGIN_ID, trace.getPath() + ": " + String.format(Messages.Provider_None, id))); //$NON-NLS-1$
        }
        TmfModelResponse<TmfTreeModel<T>> response = provider.fetchTree(parameters, monitor);
        TmfTreeModel<T> model = response.getModel();
        if (response.getStatus() == ITmfResponse.Status.CANCELLED) {
            throw new CoreException(new Status(IStatus.CANCEL, PLUGIN_ID, response.getStatusMessage()));
        }
        if (response.getStatus() != ITmfResponse.Status.COMPLETED || model == null) {
            throw new CoreException(new Status(IStatus.ERROR, PLUGIN_ID, response.getStatusMessage()));
        }
        return model.getEntries();
    }
}
