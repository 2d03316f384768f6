// SPDX-License-Identifier: EPL-2.0
package org.sextant.server.core;

import java.io.IOException;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import org.sextant.internal.server.core.Api;
import org.sextant.server.model.TraceRoots;

import com.sun.net.httpserver.HttpServer;

/**
 * A trace server speaking the Trace Server Protocol under {@code /tsp/api}, on the JDK's own HTTP server
 * ({@code com.sun.net.httpserver}, ADR 0006): a pool of request threads, each request answered by one handler and
 * logged in one line. Stopping is graceful: new requests are answered 503, those under way get a few seconds to
 * finish, then every experiment is closed (its analyses cancelled, their partial files left for the next start
 * to rebuild, never to reuse).
 */
public final class TspServer {

    /** Where the API lives, as API.yaml's servers and every TSP client have it. */
    public static final String BASE = "/tsp/api"; //$NON-NLS-1$

    private final HttpServer fServer;
    private final ExecutorService fExecutor;
    private final Api fApi;

    private TspServer(HttpServer server, ExecutorService executor, Api api) {
        fServer = server;
        fExecutor = executor;
        fApi = api;
    }

    /**
     * @param options
     *            where to listen, what to serve, the limits
     * @param log
     *            where each request's line goes
     * @param errors
     *            where the server's own faults are reported in full
     * @return the server, listening
     * @throws IOException
     *             when a root is no directory or the address cannot be bound
     */
    public static TspServer start(ServerOptions options, PrintStream log, PrintStream errors) throws IOException {
        TraceRoots roots = TraceRoots.of(options.roots());
        HttpServer server = HttpServer.create(new InetSocketAddress(options.host(), options.port()), 0);
        ExecutorService executor = Executors.newFixedThreadPool(options.threads(), runnable -> {
            Thread thread = new Thread(runnable, "sextant-tsp"); //$NON-NLS-1$
            thread.setDaemon(true);
            return thread;
        });
        Api api = new Api(options, roots, log, errors);
        server.createContext("/", api.router()); //$NON-NLS-1$
        server.setExecutor(executor);
        server.start();
        return new TspServer(server, executor, api);
    }

    /** @return the address the server listens on (its port, when it was asked for any) */
    public InetSocketAddress address() {
        return fServer.getAddress();
    }

    /**
     * Stops answering, lets requests under way finish for up to the grace period, then closes every experiment.
     *
     * @param graceSeconds
     *            how long requests under way may take
     */
    public void stop(int graceSeconds) {
        fApi.stopping();
        fServer.stop(graceSeconds);
        fExecutor.shutdown();
        try {
            fExecutor.awaitTermination(graceSeconds, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        fApi.close();
    }
}
