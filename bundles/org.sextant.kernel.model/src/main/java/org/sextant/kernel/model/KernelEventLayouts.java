// SPDX-License-Identifier: EPL-2.0
package org.sextant.kernel.model;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The kernel event layouts of the tracers Sextant reads, and which one a trace needs. Names are as the CTF
 * metadata spells them, since that is how Sextant's decoder gives them: babeltrace and Trace Compass drop a
 * leading underscore from LTTng's payload fields ({@code _prev_tid} is their {@code prev_tid}), the decoder
 * keeps it.
 */
public final class KernelEventLayouts {

    /**
     * LTTng kernel traces (lttng-modules), as Trace Compass's {@code LttngEventLayout} (before 2.6) and
     * {@code Lttng26EventLayout} and its successors read them. System calls: from 2.6 one entry and exit event per
     * call ({@code syscall_entry_read}, {@code compat_syscall_entry_read} for 32-bit callers on a 64-bit kernel),
     * before it {@code sys_read} and {@code compat_sys_read} entries and one {@code exit_syscall} for all exits;
     * both read here as the same calls. An event's thread and process are its {@code tid} and {@code pid}
     * contexts when the recording session added them ({@code lttng add-context -k -t tid -t pid}); without them,
     * as Trace Compass follows them, the thread is the one its CPU's latest {@code sched_switch} switched in and
     * its process the one {@code lttng_statedump_process_state} or {@code sched_process_fork} gave that thread.
     * lttng-modules writes command names as arrays of UTF-8 bytes, which the decoder does not read as strings
     * yet: thread names stay unknown.
     */
    public static final KernelEventLayout LTTNG = new NamedEventLayout("lttng", "sched_switch", "_prev_tid", "_prev_comm", "_next_tid", "_tid",
            "_pid", false,
            new SyscallEvents.PerCall(List.of("syscall_entry_", "compat_syscall_entry_", "sys_", "compat_sys_"),
                    List.of("syscall_exit_", "compat_syscall_exit_"), Set.of("exit_syscall"), "_fd", "_ret"),
            List.of(new NamedEventLayout.ProcessEvent("lttng_statedump_process_state", "_tid", "_pid"),
                    new NamedEventLayout.ProcessEvent("sched_process_fork", "_child_tid", "_child_pid")),
            null);

    /**
     * ftrace (trace-cmd {@code .dat} and text, read by Sextant's ftrace reader): the kernel's tracepoints by their
     * own names ({@code sched_switch} and its {@code prev_pid}, {@code prev_comm}), the running thread in the
     * {@code common_pid} every event has, system calls as {@code syscalls:sys_enter_NAME}/{@code sys_exit_NAME}
     * with their {@code fd} and {@code ret}. ftrace records no process (thread group) per event, so
     * {@link KernelEventLayout#pid} is -1: per-process I/O is not attributed.
     */
    public static final KernelEventLayout FTRACE = new NamedEventLayout("ftrace", "sched_switch", "prev_pid", "prev_comm", "next_pid",
            "common_pid", "common_tgid", true, new SyscallEvents.PerCall(List.of("sys_enter_"), List.of("sys_exit_"), Set.of(), "fd", "ret"),
            List.of(), null);

    private KernelEventLayouts() {
    }

    /**
     * perf tracepoints converted to CTF ({@code perf data convert --to-ctf}), as Trace Compass's
     * {@code PerfEventLayout}: {@code raw_syscalls:sys_enter}/{@code sys_exit} for every call, by number; the
     * thread and process in the {@code perf_tid} and {@code perf_pid} fields perf adds to every event, and the CPU
     * in its {@code perf_cpu} when the stream has no {@code cpu_id} (perf 4.1's converter).
     *
     * @param table
     *            the system call numbers of the traced machine's architecture
     * @return the layout
     */
    public static KernelEventLayout perf(SyscallTable table) {
        return new NamedEventLayout("perf-" + table.architecture(), "sched:sched_switch", "prev_pid", "prev_comm", "next_pid", "perf_tid",
                "perf_pid", true, new SyscallEvents.Numbered("raw_syscalls:sys_enter", "raw_syscalls:sys_exit", "id", "args", "ret", table),
                List.of(), "perf_cpu");
    }

    /**
     * The layout of a kernel trace, from the tracer its CTF metadata's {@code env} block names, as Trace
     * Compass's kernel trace type decides: {@code tracer_name} {@code perf} is perf, with the system call table
     * of its {@code machine}; any other tracer is taken for LTTng, Trace Compass's default too.
     *
     * @param environment
     *            the {@code env} block, values as written (a string's quotes may be kept, as Trace Compass does)
     * @return the layout
     */
    public static KernelEventLayout forEnvironment(Map<String, String> environment) {
        if ("perf".equals(unquoted(environment.get("tracer_name")))) {
            return perf(SyscallTable.of(unquoted(environment.get("machine"))));
        }
        return LTTNG;
    }

    /**
     * @param environment
     *            the {@code env} block of a CTF trace's metadata
     * @return whether it is a kernel trace: LTTng's kernel domain, or perf's
     */
    public static boolean isKernel(Map<String, String> environment) {
        return "kernel".equals(unquoted(environment.get("domain"))) || "perf".equals(unquoted(environment.get("tracer_name")));
    }

    /** Sextant's codec gives env strings unquoted, Trace Compass's quoted: either is taken. */
    private static String unquoted(String value) {
        return value != null && value.length() >= 2 && value.startsWith("\"") && value.endsWith("\"") ? value.substring(1, value.length() - 1)
                : value;
    }
}
