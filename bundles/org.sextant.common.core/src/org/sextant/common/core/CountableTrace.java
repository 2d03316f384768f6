// SPDX-License-Identifier: EPL-2.0
package org.sextant.common.core;

import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;

/**
 * A trace type that Sextant's event count applies to besides the kernel traces: the count's plugin.xml names
 * this interface, so a family offers the count by implementing it, without the two families requiring each
 * other.
 */
public interface CountableTrace extends ITmfTrace {
}
