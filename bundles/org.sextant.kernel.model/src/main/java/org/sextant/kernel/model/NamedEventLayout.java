// SPDX-License-Identifier: EPL-2.0
package org.sextant.kernel.model;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

import org.sextant.parallel.model.EventFields;

/**
 * A kernel event layout given by a tracer's names: its context switch event and fields, the fields that hold
 * every event's thread and process, how it names system calls, the events that tell a thread's process and the
 * field that holds an event's CPU when its stream does not. The names are the decoder's: as the trace's CTF
 * metadata spells them.
 */
public final class NamedEventLayout implements KernelEventLayout {

    /**
     * An event class that tells a thread's process, by its fields.
     *
     * @param event
     *            the event class
     * @param tid
     *            its field that holds the thread
     * @param pid
     *            its field that holds the thread's process
     */
    public record ProcessEvent(String event, String tid, String pid) implements ThreadInProcess {
        @Override
        public long tid(EventFields fields) {
            return fields.integer(tid, -1);
        }

        @Override
        public long pid(EventFields fields) {
            return fields.integer(pid, -1);
        }
    }

    private final String fName;
    private final String fContextSwitch;
    private final String fPrevTid;
    private final String fPrevComm;
    private final String fNextTid;
    private final String fTid;
    private final String fPid;
    private final boolean fThreadInEveryEvent;
    private final SyscallEvents fSyscalls;
    private final String fEntryFd;
    private final Map<String, ProcessEvent> fProcessEvents;
    private final String fCpu;

    /**
     * @param name
     *            the layout's name
     * @param contextSwitch
     *            the context switch event
     * @param prevTid
     *            its field: the thread switched out
     * @param prevComm
     *            its field: that thread's command name
     * @param nextTid
     *            its field: the thread switched in
     * @param tid
     *            the field (payload or context) that holds the thread of an event
     * @param pid
     *            the same for its process
     * @param threadInEveryEvent
     *            whether every event has those two fields
     * @param syscalls
     *            the system call events
     * @param processEvents
     *            the events that tell a thread's process
     * @param cpu
     *            the field that holds an event's CPU when its stream has none, or null
     */
    public NamedEventLayout(String name, String contextSwitch, String prevTid, String prevComm, String nextTid, String tid, String pid,
            boolean threadInEveryEvent, SyscallEvents syscalls, List<ProcessEvent> processEvents, String cpu) {
        fName = name;
        fContextSwitch = contextSwitch;
        fPrevTid = prevTid;
        fPrevComm = prevComm;
        fNextTid = nextTid;
        fTid = tid;
        fPid = pid;
        fThreadInEveryEvent = threadInEveryEvent;
        fSyscalls = syscalls;
        fEntryFd = syscalls.fd();
        fProcessEvents = processEvents.stream().collect(Collectors.toUnmodifiableMap(ProcessEvent::event, Function.identity()));
        fCpu = cpu;
    }

    @Override
    public String name() {
        return fName;
    }

    @Override
    public Set<String> contextSwitchFields() {
        Set<String> fields = new HashSet<>(Set.of(fPrevTid, fPrevComm, fNextTid));
        if (fCpu != null) {
            fields.add(fCpu);
        }
        return Set.copyOf(fields);
    }

    @Override
    public Set<String> syscallFields() {
        Set<String> fields = new HashSet<>(fSyscalls.fields());
        fields.add(fTid);
        fields.add(fPid);
        fProcessEvents.values().forEach(event -> fields.addAll(List.of(event.tid(), event.pid())));
        if (fCpu != null) {
            fields.add(fCpu);
        }
        return Set.copyOf(fields);
    }

    @Override
    public boolean threadInEveryEvent() {
        return fThreadInEveryEvent;
    }

    @Override
    public int cpu(int streamCpu, EventFields fields) {
        return streamCpu >= 0 || fCpu == null ? streamCpu : (int) fields.integer(fCpu, -1);
    }

    @Override
    public boolean isContextSwitch(String eventName) {
        return eventName.equals(fContextSwitch);
    }

    @Override
    public long prevTid(EventFields fields) {
        return fields.integer(fPrevTid, -1);
    }

    @Override
    public String prevComm(EventFields fields) {
        return fields.string(fPrevComm);
    }

    @Override
    public long nextTid(EventFields fields) {
        return fields.integer(fNextTid, -1);
    }

    @Override
    public ThreadInProcess threadInProcess(String eventName) {
        return fProcessEvents.get(eventName);
    }

    @Override
    public Syscall syscallEntry(String eventName) {
        return fSyscalls.entry(eventName);
    }

    @Override
    public Syscall syscallExit(String eventName) {
        return fSyscalls.exit(eventName);
    }

    @Override
    public long entryFd(EventFields fields) {
        return fields.integer(fEntryFd, -1);
    }

    @Override
    public long ret(EventFields fields) {
        return fields.integer(fSyscalls.ret(), -1);
    }

    @Override
    public long tid(EventFields fields) {
        return fields.integer(fTid, -1);
    }

    @Override
    public long pid(EventFields fields) {
        return fields.integer(fPid, -1);
    }
}
