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
        super(KernelHistoryProvider.IO, IoAnalysis.VERSION, Messages.Io_Task);
    }

    @Override
    public int defaultWriters() {
        return KernelHistoryProvider.IO_WRITERS;
    }
}
