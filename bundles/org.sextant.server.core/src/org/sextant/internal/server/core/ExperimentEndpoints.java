// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.server.core;

import java.util.List;

import org.eclipse.tracecompass.tmf.core.dataprovider.DataProviderManager;
import org.eclipse.tracecompass.tmf.core.dataprovider.IDataProviderDescriptor;
import org.sextant.internal.server.core.Workspace.Experiment;
import org.sextant.internal.server.core.Workspace.Lease;
import org.sextant.server.model.BadRequestException;
import org.sextant.server.model.Query;

import com.google.gson.JsonArray;

/**
 * {@code /experiments}: creating an experiment opens its traces for analysis (its outputs start building as
 * Trace Compass schedules them), listing and getting them, deleting one (closed once its last query ends), and
 * the outputs an experiment offers: every data provider Trace Compass's manager has for it, Trace Compass's own
 * and Sextant's.
 */
final class ExperimentEndpoints {

    private static final String EXPERIMENT = "expUUID"; //$NON-NLS-1$

    private final Workspace fWorkspace;
    private final int fMaxItems;

    ExperimentEndpoints(Workspace workspace, int maxItems) {
        fWorkspace = workspace;
        fMaxItems = maxItems;
    }

    void register(Router router) {
        router.route("GET", "/experiments", this::list) //$NON-NLS-1$ //$NON-NLS-2$
                .route("POST", "/experiments", this::create) //$NON-NLS-1$ //$NON-NLS-2$
                .route("GET", "/experiments/{expUUID}", this::get) //$NON-NLS-1$ //$NON-NLS-2$
                .route("DELETE", "/experiments/{expUUID}", this::delete) //$NON-NLS-1$ //$NON-NLS-2$
                .route("GET", "/experiments/{expUUID}/outputs", this::outputs) //$NON-NLS-1$ //$NON-NLS-2$
                .route("GET", "/experiments/{expUUID}/outputs/markerSets", this::markerSets) //$NON-NLS-1$ //$NON-NLS-2$
                .route("GET", "/experiments/{expUUID}/outputs/{outputId}", this::output); //$NON-NLS-1$ //$NON-NLS-2$
    }

    private Reply list(Request request) {
        return Reply.ok(Models.array(fWorkspace.experiments(), Models::experiment));
    }

    private Reply create(Request request) throws BadRequestException {
        Query query = request.query();
        String name = query.string("name"); //$NON-NLS-1$
        if (name == null || name.isBlank()) {
            throw BadRequestException.badRequest("parameters.name is missing: the experiment's name"); //$NON-NLS-1$
        }
        if (!query.has("traces")) { //$NON-NLS-1$
            throw BadRequestException.badRequest("parameters.traces is missing: the UUIDs of the experiment's traces"); //$NON-NLS-1$
        }
        List<String> traces = query.strings("traces", fMaxItems); //$NON-NLS-1$
        Experiment experiment = fWorkspace.openExperiment(name, traces);
        return Reply.ok(Models.experiment(experiment));
    }

    private Reply get(Request request) throws BadRequestException {
        return Reply.ok(Models.experiment(fWorkspace.experiment(request.variable(EXPERIMENT))));
    }

    private Reply delete(Request request) throws BadRequestException {
        Experiment experiment = fWorkspace.experiment(request.variable(EXPERIMENT));
        // Written before it closes: a closed trace has no span left to tell.
        Reply reply = Reply.ok(Models.experiment(experiment));
        fWorkspace.removeExperiment(request.variable(EXPERIMENT));
        return reply;
    }

    private Reply outputs(Request request) throws BadRequestException {
        try (Lease lease = fWorkspace.lease(request.variable(EXPERIMENT))) {
            List<IDataProviderDescriptor> descriptors = DataProviderManager.getInstance().getAvailableProviders(lease.experiment().host());
            return Reply.ok(Models.array(descriptors, Models::output));
        }
    }

    private Reply output(Request request) throws BadRequestException {
        String id = request.variable("outputId"); //$NON-NLS-1$
        try (Lease lease = fWorkspace.lease(request.variable(EXPERIMENT))) {
            for (IDataProviderDescriptor descriptor : DataProviderManager.getInstance().getAvailableProviders(lease.experiment().host())) {
                if (descriptor.getId().equals(id)) {
                    return Reply.ok(Models.output(descriptor));
                }
            }
        }
        throw new BadRequestException(BadRequestException.NOT_FOUND, "no output " + id + " in experiment " + request.variable(EXPERIMENT)); //$NON-NLS-1$ //$NON-NLS-2$
    }

    /** Trace Compass 6.2 keeps its marker sets (periodic markers) in internal API: this server lists none. */
    private Reply markerSets(Request request) throws BadRequestException {
        fWorkspace.experiment(request.variable(EXPERIMENT));
        return Reply.ok(Models.completed(new JsonArray()));
    }
}
