// SPDX-License-Identifier: EPL-2.0
package org.sextant.ctf.core;

import org.eclipse.tracecompass.tmf.ctf.core.trace.CtfTmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.indexer.ITmfTraceIndexer;
import org.sextant.internal.ctf.core.PacketIndexer;

/**
 * Trace Compass's generic CTF trace type, indexed from its packets by Sextant's codec ({@link PacketIndexer}) rather than by reading every
 * event: everything else, its reader, events, aspects and every analysis that applies to it, is Trace Compass's.
 * As the more specific type, Trace Compass's type detection picks it wherever it picks {@link CtfTmfTrace}.
 */
public class IndexedCtfTrace extends CtfTmfTrace {

    @Override
    protected ITmfTraceIndexer createIndexer(int interval) {
        return new PacketIndexer(this, interval);
    }
}
