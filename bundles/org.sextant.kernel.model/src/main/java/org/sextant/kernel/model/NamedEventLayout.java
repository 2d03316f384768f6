// SPDX-License-Identifier: EPL-2.0
package org.sextant.kernel.model;

import java.util.HashSet;
import java.util.Set;

import org.sextant.parallel.model.EventFields;

/**
 * A kernel event layout given by a tracer's names: its context switch event and fields, the fields that hold
 * every event's thread and process, and how it names system calls. The names are the decoder's: as the trace's
 * CTF metadata spells them.
 */
public final class NamedEventLayout implements KernelEventLayout {

    private final String fName;
    private final String fContextSwitch;
    private final String fPrevTid;
    private final String fPrevComm;
    private final String fTid;
    private final String fPid;
    private final SyscallEvents fSyscalls;
    private final String fEntryFd;

    /**
     * @param name
     *            the layout's name
     * @param contextSwitch
     *            the context switch event
     * @param prevTid
     *            its field: the thread switched out
     * @param prevComm
     *            its field: that thread's command name
     * @param tid
     *            the field (payload or context) that holds the thread of every event
     * @param pid
     *            the same for its process
     * @param syscalls
     *            the system call events
     */
    public NamedEventLayout(String name, String contextSwitch, String prevTid, String prevComm, String tid, String pid,
            SyscallEvents syscalls) {
        fName = name;
        fContextSwitch = contextSwitch;
        fPrevTid = prevTid;
        fPrevComm = prevComm;
        fTid = tid;
        fPid = pid;
        fSyscalls = syscalls;
        fEntryFd = syscalls.fd();
    }

    @Override
    public String name() {
        return fName;
    }

    @Override
    public Set<String> contextSwitchFields() {
        return Set.of(fPrevTid, fPrevComm);
    }

    @Override
    public Set<String> syscallFields() {
        Set<String> fields = new HashSet<>(fSyscalls.fields());
        fields.add(fTid);
        fields.add(fPid);
        return Set.copyOf(fields);
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
