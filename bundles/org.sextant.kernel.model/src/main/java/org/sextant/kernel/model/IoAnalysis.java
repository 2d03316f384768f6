// SPDX-License-Identifier: EPL-2.0
package org.sextant.kernel.model;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;

import org.sextant.parallel.model.Changes;
import org.sextant.parallel.model.ChunkAnalysis;
import org.sextant.parallel.model.EventFields;
import org.sextant.parallel.model.MergedState;

/**
 * Bytes read and written per process and per file descriptor: the positive return values of the read and
 * write families of system calls, built chunk by chunk.
 *
 * <p>
 * Attribute tree (bytes, cumulative, updated at each call's exit):
 * </p>
 *
 * <pre>
 * Processes/&lt;pid&gt;/Read              bytes read by the process
 * Processes/&lt;pid&gt;/Written           bytes written
 * Processes/&lt;pid&gt;/FDs/&lt;fd&gt;/Read     bytes read through that descriptor (a descriptor number reused is the same attribute)
 * Processes/&lt;pid&gt;/FDs/&lt;fd&gt;/Written
 * </pre>
 *
 * <p>
 * Reads: read, pread64, readv, preadv, preadv2, recvfrom, recvmsg; writes: write, pwrite64, writev, pwritev,
 * pwritev2, sendto, sendmsg. The descriptor comes from the call's entry, the byte count from its exit. perf
 * traces have one entry and one exit event for all calls, with the x86_64 call number; LTTng traces one per
 * call, named after it. Threads and processes come from the {@code perf_tid}/{@code perf_pid} fields (perf) or
 * the {@code tid}/{@code pid} contexts (LTTng).
 * </p>
 *
 * <p>
 * The chunk-local state is each thread's call in progress on the chunk's CPU. An entry and an exit of a thread
 * with no context switch of that thread between them (in a per-CPU stream, nothing of the thread can happen
 * elsewhere meanwhile) pair in the worker. A call still in progress when its thread is switched out, or at
 * the end of the chunk, is handed to the merge's memory at its entry time (a reserved place); an exit the
 * worker cannot pair is deferred, and the merge pairs it with that memory, whichever stream the entry was in
 * (a thread blocked in a read may wake up on another CPU). Every entry updates that memory at its time (a
 * call paired in the worker clears it), so an exit pairs with its thread's last entry if that one is still in
 * progress, however the trace is cut into chunks. An exit whose entry is nowhere in the trace, or whose call
 * number differs from its entry's (lost events), counts nothing.
 * </p>
 */
public final class IoAnalysis implements ChunkAnalysis {

    /** Bump when the attribute tree above or its values change, so that existing histories are rebuilt. */
    public static final int VERSION = 1;

    /** The top-level attribute. */
    public static final String PROCESSES = "Processes";
    /** A process's descriptors. */
    public static final String FDS = "FDs";
    /** Bytes read. */
    public static final String READ = "Read";
    /** Bytes written. */
    public static final String WRITTEN = "Written";

    private static final Set<String> READS = Set.of("read", "pread64", "readv", "preadv", "preadv2", "recvfrom", "recvmsg");
    private static final Set<String> WRITES = Set.of("write", "pwrite64", "writev", "pwritev", "pwritev2", "sendto", "sendmsg");

    /** A call in progress: its name and descriptor. */
    private record Call(String name, long fd) {
    }

    /** The merge's memory of a thread's call in progress. */
    private record InCall(long tid) {
    }

    /** A call in progress in the chunk, with the place reserved for handing it to the merge. */
    private record Pending(Call call, int place) {
    }

    private final KernelEvents fEvents;

    /**
     * @param events
     *            the trace's event and field names
     */
    public IoAnalysis(KernelEvents events) {
        fEvents = events;
    }

    @Override
    public Set<String> fields() {
        return Set.of("id", "args", "fd", fEvents.syscallRet(), fEvents.prevTid(), "perf_tid", "perf_pid", "tid", "pid");
    }

    @Override
    public Worker worker() {
        Map<Long, Pending> pending = new HashMap<>();
        return new Worker() {
            @Override
            public void event(long nanos, int cpu, String eventName, EventFields fields, Changes changes) {
                if (eventName.equals(fEvents.schedSwitch())) {
                    // The thread may go on, and end its call, on another CPU: whatever it had in progress is the merge's.
                    long tid = fields.integer(fEvents.prevTid(), -1);
                    handOver(tid, pending.remove(tid), changes);
                    return;
                }
                long tid = fields.integer("perf_tid", fields.integer("tid", -1));
                if (tid < 0) {
                    return;
                }
                if (eventName.startsWith(fEvents.syscallEntry())) {
                    String name = callName(eventName, fEvents.syscallEntry(), fields);
                    long fd = eventName.equals(fEvents.syscallEntry()) ? fields.integer("args[0]", -1) : fields.integer("fd", -1);
                    // An entry still in progress lost its exit: hand it over all the same, the merge can tell.
                    handOver(tid, pending.put(tid, new Pending(new Call(name, fd), changes.reserve(nanos))), changes);
                } else if (eventName.startsWith(fEvents.syscallExit())) {
                    exit(nanos, tid, callName(eventName, fEvents.syscallExit(), fields), fields, pending.remove(tid), changes);
                }
            }

            @Override
            public void end(Changes changes) {
                pending.forEach((tid, call) -> handOver(tid, call, changes));
            }
        };
    }

    /** Gives a call in progress to the merge's memory, at its entry time. */
    private static void handOver(long tid, Pending call, Changes changes) {
        if (call != null) {
            changes.fill(call.place(), state -> state.remember(new InCall(tid), call.call()));
        }
    }

    private void exit(long nanos, long tid, String name, EventFields fields, Pending entry, Changes changes) {
        String pid = Long.toString(fields.integer("perf_pid", fields.integer("pid", -1)));
        long bytes = fields.integer(fEvents.syscallRet(), -1);
        InCall key = new InCall(tid);
        if (entry != null) {
            // Paired here: from its entry on, the merge's memory must not pair a later exit with an older call
            // whose exit was lost, whatever the chunks.
            changes.fill(entry.place(), state -> state.remember(key, null));
            Call call = entry.call();
            if (transfers(call, name, bytes)) {
                changes.at(nanos, state -> count(state, nanos, pid, call, bytes));
            }
            return;
        }
        changes.defer(nanos, state -> {
            Object call = state.recall(key);
            state.remember(key, null);
            if (call instanceof Call entered && transfers(entered, name, bytes)) {
                count(state, nanos, pid, entered, bytes);
            }
        });
    }

    /** Whether an exit of call {@code name} returning {@code bytes} ends {@code call} and moved data. */
    private static boolean transfers(Call call, String name, long bytes) {
        return bytes > 0 && call.name() != null && call.name().equals(name) && (READS.contains(name) || WRITES.contains(name));
    }

    private static void count(MergedState state, long nanos, String pid, Call call, long bytes) {
        String direction = READS.contains(call.name()) ? READ : WRITTEN;
        state.add(nanos, bytes, PROCESSES, pid, direction);
        if (call.fd() >= 0) {
            state.add(nanos, bytes, PROCESSES, pid, FDS, Long.toString(call.fd()), direction);
        }
    }

    /** The call's name: from the event name after the prefix (LTTng), or from its number (perf). */
    private static String callName(String eventName, String prefix, EventFields fields) {
        if (eventName.length() > prefix.length()) {
            return eventName.substring(prefix.length());
        }
        return SyscallTable.x86_64(fields.integer("id", -1));
    }
}
