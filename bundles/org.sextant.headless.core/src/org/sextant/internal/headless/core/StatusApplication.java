// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.headless.core;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.eclipse.equinox.app.IApplication;
import org.eclipse.equinox.app.IApplicationContext;
import org.eclipse.tracecompass.tmf.core.analysis.IAnalysisModule;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.osgi.framework.Bundle;
import org.osgi.framework.FrameworkUtil;
import org.sextant.common.core.open.TraceOpener;
import org.sextant.common.core.open.TraceOpener.OpenException;
import org.sextant.common.core.summary.Reports;

/**
 * {@code org.sextant.headless.core.status [TRACE]}: what this installation holds, as one JSON document: the
 * Sextant bundles with their state, the command-line analyses and, for a trace, the Trace Compass analysis
 * modules registered for it. Used to check an installation made from the update site.
 */
public class StatusApplication implements IApplication {

    private static final String SEXTANT_PREFIX = "org.sextant."; //$NON-NLS-1$

    @Override
    public Object start(IApplicationContext context) {
        String[] args = (String[]) context.getArguments().getOrDefault(IApplicationContext.APPLICATION_ARGS, new String[0]);
        context.applicationRunning();
        Map<String, Object> status = new LinkedHashMap<>();
        status.put("bundles", sextantBundles()); //$NON-NLS-1$
        status.put("analyses", new ArrayList<>(AnalysisRegistry.analyses().keySet())); //$NON-NLS-1$
        if (args.length > 0) {
            try {
                ITmfTrace trace = TraceOpener.open(args[0]);
                try {
                    status.put("trace", trace.getPath()); //$NON-NLS-1$
                    status.put("trace_type", trace.getTraceTypeId()); //$NON-NLS-1$
                    List<String> modules = new ArrayList<>();
                    for (IAnalysisModule module : trace.getAnalysisModules()) {
                        modules.add(module.getId());
                    }
                    modules.sort(null);
                    status.put("trace_analyses", modules); //$NON-NLS-1$
                } finally {
                    TraceOpener.close(trace);
                }
            } catch (OpenException e) {
                System.err.println("sextant: error: " + e.getMessage()); //$NON-NLS-1$
                return 2;
            }
        }
        System.out.print(Reports.json(status));
        return EXIT_OK;
    }

    /** Sextant's bundles by id, each with its OSGi state (ACTIVE, RESOLVED, STARTING, ...). */
    private static Map<String, String> sextantBundles() {
        Map<String, String> bundles = new TreeMap<>();
        Bundle self = FrameworkUtil.getBundle(StatusApplication.class);
        for (Bundle bundle : self.getBundleContext().getBundles()) {
            if (bundle.getSymbolicName().startsWith(SEXTANT_PREFIX)) {
                bundles.put(bundle.getSymbolicName(), state(bundle));
            }
        }
        return bundles;
    }

    private static String state(Bundle bundle) {
        return switch (bundle.getState()) {
        case Bundle.ACTIVE -> "ACTIVE"; //$NON-NLS-1$
        case Bundle.STARTING -> "STARTING"; //$NON-NLS-1$
        case Bundle.RESOLVED -> "RESOLVED"; //$NON-NLS-1$
        case Bundle.INSTALLED -> "INSTALLED"; //$NON-NLS-1$
        default -> "OTHER"; //$NON-NLS-1$
        };
    }

    @Override
    public void stop() {
        // Runs to completion: nothing to interrupt.
    }
}
