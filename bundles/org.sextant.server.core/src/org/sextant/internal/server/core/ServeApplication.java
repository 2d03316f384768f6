// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.server.core;

import java.io.IOException;
import java.io.PrintStream;
import java.util.concurrent.CountDownLatch;
import java.util.stream.Collectors;

import org.eclipse.equinox.app.IApplication;
import org.eclipse.equinox.app.IApplicationContext;
import org.eclipse.jdt.annotation.Nullable;
import org.sextant.internal.server.core.ServeArguments.UsageException;
import org.sextant.server.core.ServerOptions;
import org.sextant.server.core.TspServer;
import org.sextant.server.model.TraceRoots;

/**
 * {@code org.sextant.server.core.serve}: runs the trace server until the process is told to stop (SIGINT or
 * SIGTERM, or the framework stopping the application), then stops it gracefully. Progress and errors go to
 * standard error with the launcher's prefixes; the request log goes to standard output.
 */
public class ServeApplication implements IApplication {

    private static final Integer USAGE_ERROR = 2;
    private static final int GRACE_SECONDS = 5;

    private final PrintStream fErr = System.err;
    private final CountDownLatch fStopped = new CountDownLatch(1);
    private volatile @Nullable TspServer fServer;

    @Override
    public Object start(IApplicationContext context) throws InterruptedException {
        String[] args = (String[]) context.getArguments().getOrDefault(IApplicationContext.APPLICATION_ARGS, new String[0]);
        ServerOptions options;
        TraceRoots roots;
        try {
            options = ServeArguments.parse(args);
            roots = TraceRoots.of(options.roots());
        } catch (UsageException e) {
            fErr.println("sextant: error: " + e.getMessage() + '\n' + ServeArguments.USAGE); //$NON-NLS-1$
            return USAGE_ERROR;
        } catch (IOException e) {
            fErr.println("sextant: error: --root " + e.getMessage()); //$NON-NLS-1$
            return USAGE_ERROR;
        }
        TspServer server;
        try {
            server = TspServer.start(options, System.out, fErr);
        } catch (IOException e) {
            fErr.println("sextant: error: cannot listen on " + options.host() + ':' + options.port() + ": " + e.getMessage()); //$NON-NLS-1$ //$NON-NLS-2$
            return USAGE_ERROR;
        }
        fServer = server;
        Runtime.getRuntime().addShutdownHook(new Thread(this::stop, "sextant-tsp-stop")); //$NON-NLS-1$
        context.applicationRunning();
        fErr.printf("[sextant] serve: Trace Server Protocol at http://%s:%d%s, traces under %s%n", options.host(), //$NON-NLS-1$
                server.address().getPort(), TspServer.BASE, roots.roots().stream().map(String::valueOf).collect(Collectors.joining(", "))); //$NON-NLS-1$
        if (!server.address().getAddress().isLoopbackAddress()) {
            fErr.println("[sextant] serve: warning: listening on " + options.host() //$NON-NLS-1$
                    + ", not loopback: whoever reaches this port reads the traces under the roots (no authentication, no TLS)"); //$NON-NLS-1$
        }
        fStopped.await();
        return EXIT_OK;
    }

    /**
     * To the terminal and to the request log: on Ctrl-C the launcher's filter of standard error may be gone
     * already, and the log should say when the server stopped anyway.
     */
    private void say(String line) {
        fErr.println(line);
        System.out.println(line);
        System.out.flush();
    }

    @Override
    public void stop() {
        TspServer server = fServer;
        fServer = null;
        if (server != null) {
            say("[sextant] serve: stopping"); //$NON-NLS-1$
            server.stop(GRACE_SECONDS);
            say("[sextant] serve: stopped"); //$NON-NLS-1$
        }
        fStopped.countDown();
    }
}
