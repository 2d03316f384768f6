// SPDX-License-Identifier: EPL-2.0
package org.sextant.kernel.model;

import java.util.Set;

import org.sextant.parallel.model.EventFields;

/**
 * What a kernel trace's events mean to the kernel analyses, whatever the tracer: the analyses ask in concepts
 * (a context switch and the thread it switched out, a system call's entry and exit, the call's name, the
 * descriptor it was given, its return value, the thread and process of an event, the CPU it ran on) and a layout per tracer knows
 * which events and fields carry them. This is Trace Compass's {@code IKernelAnalysisEventLayout} idea, with the
 * reading of the values in the layout too, since tracers differ in more than names: perf has one entry event
 * for every system call and gives the call by number, LTTng has one entry event per call, named after it.
 *
 * <p>
 * Questions about an event class ({@link #isContextSwitch}, {@link #syscallEntry}, {@link #syscallExit}) are
 * asked once per class, when a chunk worker builds its handler table; the others once per event, from its
 * decoded fields. A value the event does not carry is -1 (numbers) or null (names).
 * </p>
 */
public interface KernelEventLayout {

    /** The name of the call an exit event ends when it is the one exit event of all calls (LTTng before 2.6). */
    String ANY_CALL = "*";

    /** The system call an entry or exit event class stands for. */
    @FunctionalInterface
    interface Syscall {
        /**
         * @param fields
         *            the fields of one event of the class
         * @return the call's name ({@code read}), or null when the layout cannot tell
         */
        String name(EventFields fields);
    }

    /** An event class that tells which process a thread belongs to: a state dump's thread, a fork's child. */
    interface ThreadInProcess {
        /**
         * @param fields
         *            the fields of one event of the class
         * @return the thread it is about, or -1
         */
        long tid(EventFields fields);

        /**
         * @param fields
         *            the fields of one event of the class
         * @return that thread's process (thread group), or -1
         */
        long pid(EventFields fields);
    }

    /** @return the layout's name, which tells the tracer (and architecture) it reads */
    String name();

    /** @return the fields {@link #prevTid}, {@link #prevComm}, {@link #nextTid} and {@link #cpu} read, for the decoder to keep */
    Set<String> contextSwitchFields();

    /**
     * @return the fields the system call and thread concepts ({@link #tid}, {@link #pid}, the call, descriptor,
     *         return value, {@link #threadInProcess}, {@link #cpu}) read
     */
    Set<String> syscallFields();

    /**
     * @return whether every event carries its thread and process ({@link #tid}, {@link #pid}): perf's fields,
     *         ftrace's header. LTTng's events carry them only when the session added the contexts: without, an
     *         event's thread is the one its CPU's latest context switch switched in ({@link #nextTid}), its
     *         process the one the thread's state dump or fork told ({@link #threadInProcess})
     */
    boolean threadInEveryEvent();

    /**
     * @param streamCpu
     *            the CPU of the event's packet ({@code cpu_id}), or -1 when its stream has none
     * @param fields
     *            the event's fields
     * @return the CPU the event ran on, or -1 when unknown: perf's CTF converter gives it in every event's
     *         {@code perf_cpu} field when its single stream has no CPU
     */
    int cpu(int streamCpu, EventFields fields);

    /**
     * @param eventName
     *            an event class name
     * @return whether its events are context switches
     */
    boolean isContextSwitch(String eventName);

    /**
     * @param fields
     *            a context switch's fields
     * @return the thread it switched out
     */
    long prevTid(EventFields fields);

    /**
     * @param fields
     *            a context switch's fields
     * @return the command name of the thread it switched out
     */
    String prevComm(EventFields fields);

    /**
     * @param fields
     *            a context switch's fields
     * @return the thread it switched in
     */
    long nextTid(EventFields fields);

    /**
     * @param eventName
     *            an event class name
     * @return how its events tell a thread's process, or null when they do not
     */
    ThreadInProcess threadInProcess(String eventName);

    /**
     * @param eventName
     *            an event class name
     * @return the call its events enter, or null when they are no system call entry
     */
    Syscall syscallEntry(String eventName);

    /**
     * @param eventName
     *            an event class name
     * @return the call its events exit, or null when they are no system call exit; a call named
     *         {@link #ANY_CALL} ends the thread's call in progress, whichever it is
     */
    Syscall syscallExit(String eventName);

    /**
     * @param fields
     *            a system call entry's fields
     * @return the file descriptor the call was given (its first argument)
     */
    long entryFd(EventFields fields);

    /**
     * @param fields
     *            a system call exit's fields
     * @return the call's return value
     */
    long ret(EventFields fields);

    /**
     * @param fields
     *            an event's fields
     * @return the thread that was running, or -1 when the event does not say (see {@link #threadInEveryEvent})
     */
    long tid(EventFields fields);

    /**
     * @param fields
     *            an event's fields
     * @return the process of the thread that was running, or -1 when the event does not say
     */
    long pid(EventFields fields);
}
