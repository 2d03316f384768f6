// SPDX-License-Identifier: EPL-2.0
package org.sextant.kernel.model;

/**
 * What Sextant knows about kernel threads as such, in one place. Linux runs each CPU's idle task (perf's and
 * ftrace's {@code swapper/N}) as thread id 0 on every CPU, so that a context switch to or from tid 0 is the CPU
 * going idle or waking: its time on CPU is the CPUs' idle time, which summaries and views keep apart from the
 * threads' busy time.
 */
public final class KernelThreads {

    /** The thread id of every CPU's idle task. */
    public static final long IDLE_TID = 0;

    private KernelThreads() {
    }

    /**
     * @param tid
     *            a thread id as the trace gives it
     * @return whether it is the idle task, whose time on CPU is idle time
     */
    public static boolean isIdle(long tid) {
        return tid == IDLE_TID;
    }
}
