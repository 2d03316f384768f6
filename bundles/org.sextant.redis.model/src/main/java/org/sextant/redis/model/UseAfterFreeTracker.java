// SPDX-License-Identifier: EPL-2.0
package org.sextant.redis.model;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import org.sextant.common.model.state.StateWriter;
import org.sextant.redis.model.UseAfterFree.Action;
import org.sextant.redis.model.UseAfterFree.Kind;
import org.sextant.redis.model.UseAfterFree.Step;

/**
 * Client connections used after they were freed, or freed twice: Redis issue #12540, where with TLS and
 * {@code io-threads-do-reads} a connection whose bytes OpenSSL still holds is queued for reading twice, read by two
 * threads at once, freed, and freed again (the second {@code freeClient} fails Redis's assertion: the node aborts).
 * Fed, in time order, with what {@link RedisEventNormalizer} makes of the tracer's events (version 9 tells the bytes
 * left in OpenSSL, the frees of OpenSSL's objects, the calls on a freed one, a second close and an abort).
 *
 * <p>
 * A finding is a connection of a node that was
 * </p>
 * <ul>
 * <li>read or written by a thread once its OpenSSL object was freed (use after free);</li>
 * <li>freed again: its OpenSSL object, or its descriptor closed again and refused as closed ({@code EBADF})
 * (double free);</li>
 * <li>or read by two threads at once and freed, the node's last free before it aborted (double free: Redis frees a
 * client it queued twice once per queueing, and the second fails its assertion before any call).</li>
 * </ul>
 * Its steps are the connection's life as far as it shows it: the last read that left bytes in OpenSSL, the two reads
 * at once, the free, then the use or the second free. Each finding goes to the state, written at the time of its
 * last step (the state is written in time order), and to a consumer:
 *
 * <pre>
 * Nodes/&lt;node&gt;/Frees/&lt;k&gt;        {@link Kind#label()}, from the finding's last step on; k counts from 0
 *   Fd                            the connection's descriptor
 *   Steps/&lt;i&gt;/Time, Tid, Action, Bytes   each step: nanoseconds, thread, {@link Action#label()}, pending bytes (-1 for none)
 * </pre>
 */
public final class UseAfterFreeTracker {

    /**
     * Bump when the attributes above or their values change: a Redis history's version is
     * {@link RedisTracker#VERSION} plus this one, so that existing histories are rebuilt.
     */
    public static final int VERSION = 1;

    /** A node's findings. */
    public static final String FREES = "Frees"; //$NON-NLS-1$
    /** A finding's descriptor. */
    public static final String FD = "Fd"; //$NON-NLS-1$
    /** A finding's steps. */
    public static final String STEPS = "Steps"; //$NON-NLS-1$
    /** A step's time. */
    public static final String TIME = "Time"; //$NON-NLS-1$
    /** A step's thread. */
    public static final String TID = "Tid"; //$NON-NLS-1$
    /** A step's action. */
    public static final String ACTION = "Action"; //$NON-NLS-1$
    /** A step's pending bytes. */
    public static final String BYTES = "Bytes"; //$NON-NLS-1$

    /** One connection's life on a descriptor, as far as it matters here. */
    private static final class Life {
        final int fFd;
        final Map<Integer, Long> fReading = new HashMap<>();
        Step fPending;
        final List<Step> fAtOnce = new ArrayList<>();
        Step fFree;
        boolean fFound;

        Life(int fd) {
            fFd = fd;
        }

        /** @return its steps so far, in time order, and {@code last} */
        List<Step> steps(Step last) {
            List<Step> steps = new ArrayList<>();
            if (fPending != null) {
                steps.add(fPending);
            }
            steps.addAll(fAtOnce);
            if (fFree != null) {
                steps.add(fFree);
            }
            steps.add(last);
            steps.sort(Comparator.comparingLong(Step::time));
            return steps;
        }
    }

    /** A node's connections, open and freed. */
    private static final class Node {
        final Map<Integer, Life> fOpen = new HashMap<>();
        final Map<Integer, Life> fFreed = new HashMap<>();
        Life fLastFreed;
        int fFindings;
    }

    private final StateWriter fWriter;
    private final Consumer<UseAfterFree> fFindings;
    private final Map<String, Node> fNodes = new HashMap<>();

    /**
     * @param writer
     *            where the findings go
     * @param findings
     *            takes each finding too
     */
    public UseAfterFreeTracker(StateWriter writer, Consumer<UseAfterFree> findings) {
        fWriter = writer;
        fFindings = findings;
    }

    /** A connection opened on the descriptor: a new life, whatever the number held before. */
    public void open(String node, int fd) {
        Node n = node(node);
        n.fOpen.put(fd, new Life(fd));
        n.fFreed.remove(fd);
    }

    /** A client read of the connection starts: with another thread's under way, both read at once. */
    public void readStart(long time, String node, int tid, int fd) {
        Life life = open(node(node), fd);
        if (life.fAtOnce.isEmpty()) {
            for (Map.Entry<Integer, Long> other : life.fReading.entrySet()) {
                if (other.getKey() != tid) {
                    life.fAtOnce.add(new Step(other.getValue(), other.getKey(), Action.READ_AT_ONCE, -1));
                    life.fAtOnce.add(new Step(time, tid, Action.READ_AT_ONCE, -1));
                    break;
                }
            }
        }
        life.fReading.put(tid, time);
    }

    /** A client read of the connection ended. */
    public void readEnd(String node, int tid, int fd) {
        Life life = node(node).fOpen.get(fd);
        if (life != null) {
            life.fReading.remove(tid);
        }
    }

    /** A read left {@code bytes} in OpenSSL's buffer. */
    public void pending(long time, String node, int tid, int fd, long bytes) {
        open(node(node), fd).fPending = new Step(time, tid, Action.PENDING, bytes);
    }

    /** The connection freed: its OpenSSL object, or its descriptor closed (the first of the two frees its life). */
    public void free(long time, String node, int tid, int fd) {
        Node n = node(node);
        Life life = n.fOpen.remove(fd);
        if (life == null) {
            life = n.fFreed.get(fd);
            if (life == null) {
                life = new Life(fd);   // opened before the trace began
            }
        }
        if (life.fFree == null) {
            life.fFree = new Step(time, tid, Action.FREE, -1);
        }
        n.fFreed.put(fd, life);
        n.fLastFreed = life;
    }

    /** The connection's OpenSSL object freed again, or its descriptor closed again and refused. */
    public void freeAgain(long time, String node, int tid, int fd, boolean close) {
        Life life = node(node).fFreed.get(fd);
        found(time, node, life != null ? life : new Life(fd), Kind.DOUBLE_FREE, new Step(time, tid, close ? Action.CLOSE_AGAIN : Action.FREE_AGAIN, -1));
    }

    /** A read or write of a freed OpenSSL object whose connection had that descriptor. */
    public void freedCall(long time, String node, int tid, int fd, boolean write) {
        Life life = node(node).fFreed.get(fd);
        found(time, node, life != null ? life : new Life(fd), Kind.USE_AFTER_FREE, new Step(time, tid, write ? Action.WRITE_FREED : Action.READ_FREED, -1));
    }

    /** The node aborted: a double free if its last free was of a connection two threads read at once. */
    public void abort(long time, String node, int tid) {
        Life life = node(node).fLastFreed;
        if (life != null && !life.fAtOnce.isEmpty()) {
            found(time, node, life, Kind.DOUBLE_FREE, new Step(time, tid, Action.ABORT, -1));
        }
    }

    private void found(long time, String node, Life life, Kind kind, Step last) {
        if (life.fFound) {
            return;   // one finding per connection: what follows its first is its consequence
        }
        life.fFound = true;
        Node n = node(node);
        String finding = Integer.toString(n.fFindings++);
        List<Step> steps = life.steps(last);
        fWriter.modify(time, fWriter.attribute(RedisTracker.NODES, node, FREES, finding), kind.label());
        fWriter.modify(time, fWriter.attribute(RedisTracker.NODES, node, FREES, finding, FD), life.fFd);
        for (int i = 0; i < steps.size(); i++) {
            Step step = steps.get(i);
            String index = Integer.toString(i);
            fWriter.modify(time, fWriter.attribute(RedisTracker.NODES, node, FREES, finding, STEPS, index, TIME), step.time());
            fWriter.modify(time, fWriter.attribute(RedisTracker.NODES, node, FREES, finding, STEPS, index, TID), step.tid());
            fWriter.modify(time, fWriter.attribute(RedisTracker.NODES, node, FREES, finding, STEPS, index, ACTION), step.action().label());
            fWriter.modify(time, fWriter.attribute(RedisTracker.NODES, node, FREES, finding, STEPS, index, BYTES), step.bytes());
        }
        fFindings.accept(new UseAfterFree(node, life.fFd, kind, List.copyOf(steps)));
    }

    private Node node(String key) {
        return fNodes.computeIfAbsent(key, k -> new Node());
    }

    /** @return the connection's life, begun now if its opening was not seen */
    private static Life open(Node n, int fd) {
        return n.fOpen.computeIfAbsent(fd, Life::new);
    }
}
