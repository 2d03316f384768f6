// SPDX-License-Identifier: EPL-2.0
package org.sextant.kernel.core;

import java.util.Set;
import java.util.function.BiFunction;

import org.sextant.internal.kernel.core.Messages;
import org.sextant.kernel.model.IoAnalysis;
import org.sextant.kernel.model.KernelEventLayout;
import org.sextant.parallel.model.ChunkAnalysis;

/**
 * Bytes read and written per process and per file descriptor of a kernel trace, from its system calls, built
 * in parallel ({@link IoAnalysis} has the attribute tree).
 */
public class IoModule extends KernelChunkModule {

    /** The analysis id, as registered in plugin.xml; also the state system id and history file name. */
    public static final String ID = "org.sextant.kernel.core.io"; //$NON-NLS-1$

    /** The analysis of a trace's layout and the event classes it declares. */
    static final BiFunction<KernelEventLayout, Set<String>, ChunkAnalysis> ANALYSIS = IoAnalysis::new;

    /**
     * Two: io's history is bound by its one insertion thread (38 ms per chunk against 29 ms of merge and 7 ms of
     * decoding), and two writers on two threads were faster than one in every benchmark that had both
     * (docs/performance.md, "One history writer or two").
     */
    static final int WRITERS = 2;

    /** Creates the module, as plugin.xml does. */
    public IoModule() {
        super(ANALYSIS, IoAnalysis.VERSION, Messages.Io_Task);
    }

    @Override
    public int defaultWriters() {
        return WRITERS;
    }
}
