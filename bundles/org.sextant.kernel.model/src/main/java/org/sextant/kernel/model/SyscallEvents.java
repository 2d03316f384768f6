// SPDX-License-Identifier: EPL-2.0
package org.sextant.kernel.model;

import java.util.List;
import java.util.Set;

import org.sextant.parallel.model.EventFields;

/**
 * How a tracer names its system call events: one entry and one exit event for every call, the call by number
 * (perf's and ftrace's {@code raw_syscalls}), or an entry and an exit event per call, named after it (LTTng's
 * {@code syscall_entry_read}, ftrace's {@code syscalls:sys_enter_read}).
 */
public sealed interface SyscallEvents {

    /**
     * @param eventName
     *            an event class name
     * @return the call its events enter, or null when they are no entry
     */
    KernelEventLayout.Syscall entry(String eventName);

    /**
     * @param eventName
     *            an event class name
     * @return the call its events exit, or null when they are no exit
     */
    KernelEventLayout.Syscall exit(String eventName);

    /** @return the field of an entry that holds the call's file descriptor */
    String fd();

    /** @return the field of an exit that holds the call's return value */
    String ret();

    /** @return the fields these events are read from */
    Set<String> fields();

    /**
     * One entry and one exit event for all calls, which carry the call's number and its arguments as an array.
     *
     * @param entryEvent
     *            the entry event
     * @param exitEvent
     *            the exit event
     * @param number
     *            the field of both that holds the call's number
     * @param arguments
     *            the entry's array of arguments; the first is the descriptor
     * @param ret
     *            the exit's return value field
     * @param table
     *            names the numbers: the traced machine's architecture
     */
    record Numbered(String entryEvent, String exitEvent, String number, String arguments, String ret, SyscallTable table)
            implements SyscallEvents {

        @Override
        public KernelEventLayout.Syscall entry(String eventName) {
            return eventName.equals(entryEvent) ? this::name : null;
        }

        @Override
        public KernelEventLayout.Syscall exit(String eventName) {
            return eventName.equals(exitEvent) ? this::name : null;
        }

        private String name(EventFields fields) {
            return table.name(fields.integer(number, -1));
        }

        @Override
        public String fd() {
            return arguments + "[0]";
        }

        @Override
        public Set<String> fields() {
            return Set.of(number, arguments, ret);
        }
    }

    /**
     * An entry and an exit event per call, named by a prefix and the call's name; the descriptor is a field of
     * the entries that take one. A tracer may also have exit events that do not name their call
     * (lttng-modules before 2.6: {@code sys_read} enters, {@code exit_syscall} ends whichever call is in progress).
     *
     * @param entryPrefixes
     *            the prefixes of entry event names
     * @param exitPrefixes
     *            the prefixes of exit event names
     * @param anyCallExits
     *            the exit events that end whichever call their thread is in ({@link KernelEventLayout#ANY_CALL})
     * @param fd
     *            the entry's descriptor field
     * @param ret
     *            the exit's return value field
     */
    record PerCall(List<String> entryPrefixes, List<String> exitPrefixes, Set<String> anyCallExits, String fd, String ret)
            implements SyscallEvents {

        private static final KernelEventLayout.Syscall ANY_CALL = fields -> KernelEventLayout.ANY_CALL;

        @Override
        public KernelEventLayout.Syscall entry(String eventName) {
            return named(eventName, entryPrefixes);
        }

        @Override
        public KernelEventLayout.Syscall exit(String eventName) {
            return anyCallExits.contains(eventName) ? ANY_CALL : named(eventName, exitPrefixes);
        }

        /** The name is the class's: read once, here, and the same for every event. */
        private static KernelEventLayout.Syscall named(String eventName, List<String> prefixes) {
            for (String prefix : prefixes) {
                if (eventName.length() > prefix.length() && eventName.startsWith(prefix)) {
                    String call = eventName.substring(prefix.length());
                    return fields -> call;
                }
            }
            return null;
        }

        @Override
        public Set<String> fields() {
            return Set.of(fd, ret);
        }
    }
}
