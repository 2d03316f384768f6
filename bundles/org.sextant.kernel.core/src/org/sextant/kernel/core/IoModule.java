// SPDX-License-Identifier: EPL-2.0
package org.sextant.kernel.core;

import org.sextant.internal.kernel.core.Messages;
import org.sextant.kernel.model.IoAnalysis;

/**
 * Bytes read and written per process and per file descriptor of a kernel trace, from its system calls, built
 * in parallel ({@link IoAnalysis} has the attribute tree).
 */
public class IoModule extends KernelChunkModule {

    /** The analysis id, as registered in plugin.xml; also the state system id and history file name. */
    public static final String ID = "org.sextant.kernel.core.io"; //$NON-NLS-1$

    /** Creates the module, as plugin.xml does. */
    public IoModule() {
        super(IoAnalysis::new, IoAnalysis.VERSION, Messages.Io_Task);
    }

    /**
     * Two: io's history is bound by its one insertion thread (38 ms per chunk against 29 ms of merge and 7 ms of
     * decoding), and two writers on two threads were faster than one in every benchmark that had both
     * (docs/performance.md, issue 18).
     */
    @Override
    public int defaultWriters() {
        return 2;
    }
}
