// SPDX-License-Identifier: EPL-2.0
package org.sextant.kernel.model;

/**
 * The names a kernel trace gives to the events and fields the kernel analyses read. LTTng and perf traces name
 * them differently; Trace Compass's kernel event layout knows which is which, and the glue copies its names here.
 *
 * @param schedSwitch
 *            the context switch event
 * @param prevTid
 *            its field: the thread switched out
 * @param prevComm
 *            its field: the command name of the thread switched out
 * @param syscallEntry
 *            the system call entry event, or the prefix of one entry event per call ({@code syscall_entry_read})
 * @param syscallExit
 *            the same for exits
 * @param syscallRet
 *            the exit's return value field
 */
public record KernelEvents(String schedSwitch, String prevTid, String prevComm, String syscallEntry,
        String syscallExit, String syscallRet) {

    /** perf tracepoints converted to CTF ({@code perf data convert --to-ctf}). */
    public static final KernelEvents PERF = new KernelEvents("sched:sched_switch", "prev_pid", "prev_comm",
            "raw_syscalls:sys_enter", "raw_syscalls:sys_exit", "ret");
}
