// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.headless.core;

import java.util.ArrayList;
import java.util.List;

/**
 * The parsed command line of {@code analyze}: {@code [--analysis NAME] [--json] [--list] TRACE...}.
 *
 * @param analysis
 *            the analysis to run
 * @param json
 *            print one JSON document instead of text
 * @param list
 *            list the analyses instead of running one
 * @param traces
 *            the trace paths, in order
 */
record Arguments(String analysis, boolean json, boolean list, List<String> traces) {

    static final String DEFAULT_ANALYSIS = "count"; //$NON-NLS-1$

    /** A command line that cannot be understood; the message says why. */
    static final class UsageException extends Exception {
        private static final long serialVersionUID = 1L;

        UsageException(String message) {
            super(message);
        }
    }

    static Arguments parse(String[] args) throws UsageException {
        String analysis = DEFAULT_ANALYSIS;
        boolean json = false;
        boolean list = false;
        List<String> traces = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            switch (arg) {
            case "--analysis": //$NON-NLS-1$
                if (i + 1 == args.length) {
                    throw new UsageException("--analysis needs a name"); //$NON-NLS-1$
                }
                analysis = args[++i];
                break;
            case "--json": //$NON-NLS-1$
                json = true;
                break;
            case "--list": //$NON-NLS-1$
                list = true;
                break;
            default:
                if (arg.startsWith("--analysis=")) { //$NON-NLS-1$
                    analysis = arg.substring("--analysis=".length()); //$NON-NLS-1$
                } else if (arg.startsWith("-") && !arg.equals("-")) { //$NON-NLS-1$ //$NON-NLS-2$
                    throw new UsageException("unknown option " + arg); //$NON-NLS-1$
                } else {
                    traces.add(arg);
                }
            }
        }
        if (!list && traces.isEmpty()) {
            throw new UsageException("no trace given"); //$NON-NLS-1$
        }
        return new Arguments(analysis, json, list, List.copyOf(traces));
    }
}
