// SPDX-License-Identifier: EPL-2.0
package org.sextant.kernel.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;
/**
 * The LTTng layout, fed decoded values by hand. The names are those lttng-modules writes in the metadata (2.6
 * and later as Trace Compass's {@code Lttng26EventLayout}, before as its {@code LttngEventLayout}), leading
 * underscores included, since Sextant's decoder keeps them; {@link LttngKernelIoTest} reads real traces.
 */
class LttngEventLayoutTest {

    private static final KernelEventLayout LTTNG = KernelEventLayouts.LTTNG;

    @Test
    void contextSwitchGivesTheThreadsSwitchedOutAndIn() {
        assertTrue(LTTNG.isContextSwitch("sched_switch"));
        assertFalse(LTTNG.isContextSwitch("sched:sched_switch"));
        MapFields fields = new MapFields(Map.of("_prev_comm", "redis-server", "_prev_tid", 4242L, "_next_tid", 0L));
        assertEquals(4242, LTTNG.prevTid(fields));
        assertEquals("redis-server", LTTNG.prevComm(fields));
        assertEquals(0, LTTNG.nextTid(fields));
        assertEquals(Set.of("_prev_tid", "_prev_comm", "_next_tid"), LTTNG.contextSwitchFields());
        assertEquals(3, LTTNG.cpu(3, fields), "the CPU is the stream's");
    }

    /** The state dump tells each thread's process at the start, a fork each new thread's (a thread's: its creator's). */
    @Test
    void stateDumpAndForkTellAThreadsProcess() {
        KernelEventLayout.ThreadInProcess dump = LTTNG.threadInProcess("lttng_statedump_process_state");
        MapFields dumped = new MapFields(Map.of("_tid", 1L, "_pid", 1L, "_ppid", 0L));
        assertEquals(1, dump.tid(dumped));
        assertEquals(1, dump.pid(dumped));
        KernelEventLayout.ThreadInProcess fork = LTTNG.threadInProcess("sched_process_fork");
        MapFields forked = new MapFields(Map.of("_parent_tid", 2656L, "_parent_pid", 2656L, "_child_tid", 2674L, "_child_pid", 2656L));
        assertEquals(2674, fork.tid(forked));
        assertEquals(2656, fork.pid(forked));
        assertEquals(-1, fork.pid(new MapFields(Map.of("_child_tid", 7L))), "LTTng 2.1's fork has no child_pid");
        assertNull(LTTNG.threadInProcess("sched_process_exec"));
        assertFalse(LTTNG.threadInEveryEvent());
    }

    /** Before 2.6, lttng-modules named entries sys_NAME and ended every call with exit_syscall. */
    @Test
    void callsOfLttngBefore26AreTheSameCalls() {
        MapFields none = new MapFields(Map.of());
        assertEquals("read", LTTNG.syscallEntry("sys_read").name(none));
        assertEquals("writev", LTTNG.syscallEntry("compat_sys_writev").name(none));
        assertEquals("exit", LTTNG.syscallEntry("sys_exit").name(none), "exit(2)'s entry, no exit event");
        assertEquals(KernelEventLayout.ANY_CALL, LTTNG.syscallExit("exit_syscall").name(none));
        assertNull(LTTNG.syscallEntry("exit_syscall"));
        assertNull(LTTNG.syscallExit("sys_read"));
    }

    /** One event per call: the call is the event's name after the prefix, for native and compat calls alike. */
    @Test
    void callsAreNamedByTheirEvents() {
        MapFields none = new MapFields(Map.of());
        assertEquals("read", LTTNG.syscallEntry("syscall_entry_read").name(none));
        assertEquals("read", LTTNG.syscallExit("syscall_exit_read").name(none));
        assertEquals("pwrite64", LTTNG.syscallEntry("compat_syscall_entry_pwrite64").name(none));
        assertEquals("pwrite64", LTTNG.syscallExit("compat_syscall_exit_pwrite64").name(none));
        assertNull(LTTNG.syscallEntry("syscall_exit_read"));
        assertNull(LTTNG.syscallExit("syscall_entry_read"));
        assertNull(LTTNG.syscallEntry("syscall_entry_"));
        assertNull(LTTNG.syscallEntry("sched_switch"));
    }

    /** The thread and process are the tid and pid contexts; the descriptor and return value are payload fields. */
    @Test
    void entryAndExitGiveThreadProcessDescriptorAndReturnValue() {
        MapFields entry = new MapFields(Map.of("_tid", 4243L, "_pid", 4242L, "_fd", 7L, "_count", 16384L));
        assertEquals(4243, LTTNG.tid(entry));
        assertEquals(4242, LTTNG.pid(entry));
        assertEquals(7, LTTNG.entryFd(entry));
        MapFields exit = new MapFields(Map.of("_tid", 4243L, "_pid", 4242L, "_ret", 512L));
        assertEquals(512, LTTNG.ret(exit));
        MapFields noContexts = new MapFields(Map.of("_fd", 7L));
        assertEquals(-1, LTTNG.tid(noContexts), "a session without the tid context: the thread is the CPU's");
        assertEquals(-1, LTTNG.entryFd(new MapFields(Map.of("_tid", 1L))), "a call without a descriptor");
        assertEquals(Set.of("_tid", "_pid", "_fd", "_ret", "_child_tid", "_child_pid"), LTTNG.syscallFields());
    }

    @Test
    void envOfLttngTracesChoosesTheLttngLayout() {
        assertSame(LTTNG, KernelEventLayouts.forEnvironment(Map.of("domain", "\"kernel\"", "tracer_name", "\"lttng-modules\"", "tracer_major", "2",
                "tracer_minor", "13")));
        assertEquals("lttng", LTTNG.name());
    }
}
