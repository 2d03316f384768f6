// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.redis.core;

import java.text.MessageFormat;

import org.eclipse.tracecompass.statesystem.core.ITmfStateSystem;
import org.eclipse.tracecompass.statesystem.core.exceptions.StateSystemDisposedException;

/** How the Redis views name a node. */
final class Nodes {

    private Nodes() {
    }

    /**
     * @param ss
     *            the Redis state system
     * @param node
     *            a node's attribute
     * @return "127.0.0.1:7101 (pid 4242)", or "pid 4242" for a node whose listening address was not traced
     * @throws StateSystemDisposedException
     *             when the state system was closed meanwhile
     */
    static String label(ITmfStateSystem ss, int node) throws StateSystemDisposedException {
        Object address = ss.querySingleState(ss.getCurrentEndTime(), node).getValue();
        String pid = ss.getAttributeName(node);
        return address == null ? MessageFormat.format(Messages.Node_Pid, pid) : MessageFormat.format(Messages.Node_Address, address, pid);
    }
}
