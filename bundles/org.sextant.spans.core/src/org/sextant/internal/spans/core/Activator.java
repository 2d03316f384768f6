// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.spans.core;

import org.eclipse.tracecompass.tmf.core.event.matching.TmfEventMatching;
import org.osgi.framework.BundleActivator;
import org.osgi.framework.BundleContext;

/**
 * Registers the HTTP event matching with Trace Compass when the bundle starts (it has no extension point for
 * it), so that the span analysis and "Synchronize Traces" on a recording's experiment both find it. Trace
 * Compass has no way to unregister a definition; stopping leaves it.
 */
public final class Activator implements BundleActivator {

    @Override
    public void start(BundleContext context) {
        TmfEventMatching.registerMatchObject(HttpMatchDefinition.INSTANCE);
    }

    @Override
    public void stop(BundleContext context) {
        // nothing to undo: see the class comment
    }
}
