// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.server.core;

import java.nio.file.Path;
import java.util.List;

import org.sextant.internal.server.core.Workspace.TraceEntry;
import org.sextant.server.model.BadRequestException;
import org.sextant.server.model.Query;
import org.sextant.server.model.TraceRoots;

import com.google.gson.JsonArray;

/**
 * {@code /traces}: adding a trace (a path under the server's roots, checked and typed but not yet analysed),
 * listing, getting and removing traces. Removing a trace never deletes its files, whatever the client asks.
 */
final class TraceEndpoints {

    private final Workspace fWorkspace;
    private final TraceRoots fRoots;

    TraceEndpoints(Workspace workspace, TraceRoots roots) {
        fWorkspace = workspace;
        fRoots = roots;
    }

    void register(Router router) {
        router.route("GET", "/traces", this::list) //$NON-NLS-1$ //$NON-NLS-2$
                .route("POST", "/traces", this::add) //$NON-NLS-1$ //$NON-NLS-2$
                .route("GET", "/traces/{uuid}", this::get) //$NON-NLS-1$ //$NON-NLS-2$
                .route("DELETE", "/traces/{uuid}", this::remove); //$NON-NLS-1$ //$NON-NLS-2$
    }

    private Reply list(Request request) {
        List<TraceEntry> traces = fWorkspace.traces();
        JsonArray array = Models.array(traces, trace -> Models.trace(trace, fWorkspace.holder(trace.uuid())));
        return Reply.ok(array);
    }

    private Reply add(Request request) throws BadRequestException {
        Query query = request.query();
        String uri = query.string("uri"); //$NON-NLS-1$
        if (uri == null) {
            throw BadRequestException.badRequest("parameters.uri is missing: the path of a trace on the server"); //$NON-NLS-1$
        }
        String name = query.string("name"); //$NON-NLS-1$
        String typeId = query.string("typeID"); //$NON-NLS-1$
        Path path = fRoots.resolve(uri);
        TraceEntry trace = fWorkspace.addTrace(path, name);
        if (typeId != null && !typeId.equals(trace.typeId())) {
            throw new BadRequestException(BadRequestException.NOT_ACCEPTABLE, uri + " reads as " + trace.typeId() + ", not " + typeId); //$NON-NLS-1$ //$NON-NLS-2$
        }
        return Reply.ok(Models.trace(trace, fWorkspace.holder(trace.uuid())));
    }

    private Reply get(Request request) throws BadRequestException {
        TraceEntry trace = fWorkspace.trace(request.variable("uuid")); //$NON-NLS-1$
        return Reply.ok(Models.trace(trace, fWorkspace.holder(trace.uuid())));
    }

    private Reply remove(Request request) throws BadRequestException {
        return Reply.ok(Models.trace(fWorkspace.removeTrace(request.variable("uuid")), null)); //$NON-NLS-1$
    }
}
