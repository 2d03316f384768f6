// SPDX-License-Identifier: EPL-2.0
package org.sextant.ftrace.core;

import org.eclipse.tracecompass.analysis.os.linux.core.trace.DefaultEventLayout;

/**
 * The names ftrace gives the kernel events and fields that Trace Compass's kernel analyses read, where they are
 * not LTTng's: ftrace events are the kernel's own tracepoints, as perf's are (Trace Compass's
 * {@code PerfEventLayout}), without perf's {@code sched:} prefixes; threads are {@code pid} fields; system calls
 * are {@code syscalls:sys_enter_NAME} and {@code sys_exit_NAME}.
 */
public final class FtraceEventLayout extends DefaultEventLayout {

    private static final FtraceEventLayout INSTANCE = new FtraceEventLayout();

    private FtraceEventLayout() {
    }

    /** @return the layout */
    public static FtraceEventLayout get() {
        return INSTANCE;
    }

    @Override
    public String fieldTid() {
        return "pid"; //$NON-NLS-1$
    }

    @Override
    public String fieldPrevTid() {
        return "prev_pid"; //$NON-NLS-1$
    }

    @Override
    public String fieldNextTid() {
        return "next_pid"; //$NON-NLS-1$
    }

    @Override
    public String fieldParentTid() {
        return "parent_pid"; //$NON-NLS-1$
    }

    @Override
    public String fieldChildTid() {
        return "child_pid"; //$NON-NLS-1$
    }

    @Override
    public String eventSyscallEntryPrefix() {
        return "sys_enter_"; //$NON-NLS-1$
    }

    @Override
    public String eventCompatSyscallEntryPrefix() {
        return eventSyscallEntryPrefix();
    }

    @Override
    public String eventSyscallExitPrefix() {
        return "sys_exit_"; //$NON-NLS-1$
    }

    @Override
    public String eventCompatSyscallExitPrefix() {
        return eventSyscallExitPrefix();
    }

    @Override
    public String eventKmemPageAlloc() {
        return "mm_page_alloc"; //$NON-NLS-1$
    }

    @Override
    public String eventKmemPageFree() {
        return "mm_page_free"; //$NON-NLS-1$
    }

    @Override
    public String eventCpuFrequency() {
        return "cpu_frequency"; //$NON-NLS-1$
    }
}
