// SPDX-License-Identifier: EPL-2.0
package org.sextant.redis.model;

import static org.sextant.redis.model.RedisTracker.EVENT_LOOP;
import static org.sextant.redis.model.RedisTracker.NODES;
import static org.sextant.redis.model.RedisTracker.OPENED;
import static org.sextant.redis.model.RedisTracker.READY;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import org.sextant.common.model.state.StateWriter;

/**
 * A node as {@link RedisTracker} holds it: its attributes, connections and threads, and its event loop's
 * hand-offs to io threads (the stages' rules are the tracker's class comment's).
 */
final class NodeState {
    private final StateWriter fWriter;
    final String fKey;
    final int fQuark;
    final int fReady;
    final TreeSet<Integer> fPorts = new TreeSet<>();
    final Map<Integer, ConnectionState> fConnections = new HashMap<>();
    final Map<Integer, ThreadState> fThreads = new HashMap<>();
    private final Map<String, Counter> fCounters = new HashMap<>();
    Integer fMainTid;
    /** Its "address:port", null until it listens. */
    String fAddress;
    /** Whether an io thread read or wrote a client in this loop iteration, and in the last one. */
    boolean fIoTransfers;
    boolean fThreadedBefore;
    /** Whether its writes tell what they were given (events version 10): a client connection it opens holds no reply bytes. */
    boolean fOffersTold;
    /** The time of its latest event. */
    long fLatest = Long.MIN_VALUE;
    /** Connections whose commands the main thread runs unseen, before the write phase starts. */
    final Set<ConnectionState> fAwaitingWrites = new LinkedHashSet<>();
    /** Per thread, the commands it started and has not ended, per connection in the order first started. */
    final Map<Integer, Map<ConnectionState, Integer>> fStarted = new HashMap<>();

    NodeState(StateWriter writer, String key) {
        fWriter = writer;
        fKey = key;
        fQuark = writer.attribute(NODES, key);
        fReady = writer.attribute(NODES, key, EVENT_LOOP, READY);
    }

    ConnectionState open(long time, int fd, ConnectionKind kind) {
        ConnectionState c = new ConnectionState(fWriter, time, this, fd, kind);
        fConnections.put(fd, c);
        counter(OPENED, kind.label()).add(time, 1);
        return c;
    }

    /**
     * Whether the thread executes the commands it reads: the event loop's thread does; an io thread
     * ({@code io-threads-do-reads}) only parses them, and the event loop executes them later.
     */
    boolean executes(int tid) {
        return fMainTid == null || fMainTid == tid;
    }

    /** A client read or write by a thread: an io thread's tells that the loop hands clients out. */
    void transfer(int tid) {
        if (!executes(tid)) {
            fIoTransfers = true;
        }
    }

    /** Whether the loop hands clients to io threads: an io thread read or wrote in this iteration or the last. */
    boolean threaded() {
        return fIoTransfers || fThreadedBefore;
    }

    /** A client write starts: the commands run before the write phase have run, their replies wait. */
    void writePhase(long time) {
        for (ConnectionState c : fAwaitingWrites) {
            if (c.fStageValue == Stage.EXECUTING_COMMANDS) {
                c.stage(time, Stage.PENDING_WRITE, null);
            }
        }
        fAwaitingWrites.clear();
    }

    /** @return the commands the thread started and has not ended, per connection */
    Map<ConnectionState, Integer> started(int tid) {
        return fStarted.computeIfAbsent(tid, t -> new LinkedHashMap<>());
    }

    /** Up to {@code count} commands the thread started on the connection have ended. */
    void ended(int tid, ConnectionState c, int count) {
        Map<ConnectionState, Integer> started = fStarted.get(tid);
        if (started != null) {
            started.computeIfPresent(c, (connection, left) -> left > count ? left - count : null);
            if (started.isEmpty()) {
                fStarted.remove(tid);
            }
        }
    }

    ThreadState thread(int tid) {
        return fThreads.computeIfAbsent(tid, t -> new ThreadState(fWriter, this, t));
    }

    /** @return the counter under this node at that relative path, created at 0 now if new */
    Counter counter(String... path) {
        return fCounters.computeIfAbsent(String.join("/", path), p -> {
            String[] full = new String[path.length + 2];
            full[0] = NODES;
            full[1] = fKey;
            System.arraycopy(path, 0, full, 2, path.length);
            return new Counter(fWriter, fWriter.attribute(full));
        });
    }
}
