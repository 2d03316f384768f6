// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.headless.core;

import java.util.Map;
import java.util.TreeMap;

import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IConfigurationElement;
import org.eclipse.core.runtime.Platform;
import org.sextant.common.core.summary.IHeadlessAnalysis;

/**
 * The analyses contributed to the {@code org.sextant.common.core.analyses} extension point, by name.
 */
final class AnalysisRegistry {

    static final String EXTENSION_POINT = "org.sextant.common.core.analyses"; //$NON-NLS-1$

    /** One contributed analysis: its name, its one-line description and where to create it from. */
    record Entry(String name, String description, IConfigurationElement element) {
        IHeadlessAnalysis create() throws CoreException {
            return (IHeadlessAnalysis) element.createExecutableExtension("class"); //$NON-NLS-1$
        }
    }

    private AnalysisRegistry() {
    }

    static Map<String, Entry> analyses() {
        Map<String, Entry> analyses = new TreeMap<>();
        for (IConfigurationElement element : Platform.getExtensionRegistry().getConfigurationElementsFor(EXTENSION_POINT)) {
            if (!"analysis".equals(element.getName())) { //$NON-NLS-1$
                continue;
            }
            String name = element.getAttribute("name"); //$NON-NLS-1$
            String description = element.getAttribute("description"); //$NON-NLS-1$
            if (name != null) {
                analyses.put(name, new Entry(name, description == null ? "" : description, element)); //$NON-NLS-1$
            }
        }
        return analyses;
    }
}
