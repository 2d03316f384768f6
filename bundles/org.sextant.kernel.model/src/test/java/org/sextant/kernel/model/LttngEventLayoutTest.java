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
 * The LTTng layout, fed decoded values by hand: this machine cannot load lttng-modules, so no real LTTng kernel
 * trace exists among the fixtures. The names are those lttng-modules 2.6 and later write in the metadata
 * (Trace Compass's {@code Lttng26EventLayout} and later), leading underscores included, since Sextant's decoder
 * keeps them.
 */
class LttngEventLayoutTest {

    private static final KernelEventLayout LTTNG = KernelEventLayouts.LTTNG;

    @Test
    void contextSwitchGivesTheThreadSwitchedOut() {
        assertTrue(LTTNG.isContextSwitch("sched_switch"));
        assertFalse(LTTNG.isContextSwitch("sched:sched_switch"));
        MapFields fields = new MapFields(Map.of("_prev_comm", "redis-server", "_prev_tid", 4242L, "_next_tid", 0L));
        assertEquals(4242, LTTNG.prevTid(fields));
        assertEquals("redis-server", LTTNG.prevComm(fields));
        assertEquals(Set.of("_prev_tid", "_prev_comm"), LTTNG.contextSwitchFields());
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
        assertEquals(-1, LTTNG.tid(noContexts), "a session without the tid context attributes nothing");
        assertEquals(-1, LTTNG.entryFd(new MapFields(Map.of("_tid", 1L))), "a call without a descriptor");
        assertEquals(Set.of("_tid", "_pid", "_fd", "_ret"), LTTNG.syscallFields());
    }

    @Test
    void envOfLttngTracesChoosesTheLttngLayout() {
        assertSame(LTTNG, KernelEventLayouts.forEnvironment(Map.of("domain", "\"kernel\"", "tracer_name", "\"lttng-modules\"", "tracer_major", "2",
                "tracer_minor", "13")));
        assertEquals("lttng", LTTNG.name());
    }
}
