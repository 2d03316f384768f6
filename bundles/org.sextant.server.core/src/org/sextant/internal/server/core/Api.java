// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.server.core;

import java.io.PrintStream;

import org.sextant.server.core.ServerOptions;
import org.sextant.server.core.TspServer;
import org.sextant.server.model.TraceRoots;

/**
 * The API as a whole: the workspace of traces and experiments, and the router with every endpoint group
 * registered, literal paths before the ones with variables.
 */
public final class Api {

    private final Workspace fWorkspace = new Workspace();
    private final Router fRouter;

    /**
     * @param options
     *            the limits
     * @param roots
     *            where traces may be opened from
     * @param log
     *            where each request's line goes
     * @param errors
     *            where faults of the server go
     */
    public Api(ServerOptions options, TraceRoots roots, PrintStream log, PrintStream errors) {
        fRouter = new Router(TspServer.BASE, options.maxBodyBytes(), options.maxResponseBytes(), log, errors);
        new ServerEndpoints().register(fRouter);
        new TraceEndpoints(fWorkspace, roots).register(fRouter);
        new ExperimentEndpoints(fWorkspace, options.maxItems()).register(fRouter);
        new Bookmarks(fWorkspace).register(fRouter);
        new OutputEndpoints(fWorkspace, options.maxItems(), options.maxLines(), errors).register(fRouter);
    }

    /** @return the HTTP handler of every request */
    public com.sun.net.httpserver.HttpHandler router() {
        return fRouter;
    }

    /** From now on, requests are answered 503. */
    public void stopping() {
        fRouter.stopping();
    }

    /** Closes every experiment. */
    public void close() {
        fWorkspace.closeAll();
    }
}
