// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.server.core;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.sextant.server.core.ServerOptions;

/**
 * The options of {@code sextant serve}: {@code --host} (default loopback), {@code --port} (default 8080, 0 for
 * any free port) and {@code --root DIR}, repeatable (default: the directory the server was started in).
 */
final class ServeArguments {

    /** A command line that makes no sense; the message says why. */
    static final class UsageException extends Exception {
        private static final long serialVersionUID = 1L;

        UsageException(String message) {
            super(message);
        }
    }

    static final String USAGE = "usage: sextant serve [--host ADDRESS] [--port N] [--root DIR]..."; //$NON-NLS-1$

    private ServeArguments() {
    }

    /**
     * @param args
     *            the application's arguments
     * @return the server's options
     * @throws UsageException
     *             for an unknown option, or one without its value
     */
    static ServerOptions parse(String[] args) throws UsageException {
        String host = ServerOptions.LOOPBACK;
        int port = ServerOptions.DEFAULT_PORT;
        List<Path> roots = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            int equals = arg.indexOf('=');
            String name = equals < 0 ? arg : arg.substring(0, equals);
            String value;
            if (equals >= 0) {
                value = arg.substring(equals + 1);
            } else if (i + 1 < args.length && !args[i + 1].startsWith("--")) { //$NON-NLS-1$
                value = args[++i];
            } else {
                value = null;
            }
            if (!List.of("--host", "--port", "--root").contains(name)) { //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                throw new UsageException("unknown option '" + arg + '\''); //$NON-NLS-1$
            }
            if (value == null || value.isEmpty()) {
                throw new UsageException(name + " needs a value"); //$NON-NLS-1$
            }
            switch (name) {
            case "--host" -> host = value; //$NON-NLS-1$
            case "--port" -> port = port(value); //$NON-NLS-1$
            default -> roots.add(Path.of(value));
            }
        }
        return ServerOptions.of(host, port, roots);
    }

    private static int port(String text) throws UsageException {
        try {
            int port = Integer.parseInt(text);
            if (port >= 0 && port <= 65535) {
                return port;
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw new UsageException("--port needs a port number from 0 to 65535, not '" + text + '\''); //$NON-NLS-1$
    }
}
