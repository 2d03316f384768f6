// SPDX-License-Identifier: EPL-2.0
package org.sextant.redis.model;

import static org.sextant.redis.model.RedisTracker.COMMAND;
import static org.sextant.redis.model.RedisTracker.EVENT_LOOP;
import static org.sextant.redis.model.RedisTracker.FD;
import static org.sextant.redis.model.RedisTracker.NODES;
import static org.sextant.redis.model.RedisTracker.THREADS;

import org.sextant.common.model.state.StateWriter;

/**
 * A thread of a node, as {@link RedisTracker} holds it: its operation, the connection it works on and the
 * command it executes; the main thread's operation is also the node's event loop's.
 */
final class ThreadState {
    private final StateWriter fWriter;
    private final int fOperation;
    private final int fFd;
    private final int fCommand;
    private final int fEventLoop;
    private final NodeState fNode;
    private final int fTid;

    ThreadState(StateWriter writer, NodeState node, int tid) {
        String t = Integer.toString(tid);
        fWriter = writer;
        fNode = node;
        fTid = tid;
        fOperation = writer.attribute(NODES, node.fKey, THREADS, t);
        fFd = writer.attribute(NODES, node.fKey, THREADS, t, FD);
        fCommand = writer.attribute(NODES, node.fKey, THREADS, t, COMMAND);
        fEventLoop = writer.attribute(NODES, node.fKey, EVENT_LOOP);
    }

    /** Sets the thread's operation, null when unknown, its connection and its command. */
    void set(long time, Operation operation, Integer fd, String command) {
        String label = operation == null ? null : operation.label();
        fWriter.modify(time, fOperation, label);
        fWriter.modify(time, fFd, fd);
        fWriter.modify(time, fCommand, command);
        if (Integer.valueOf(fTid).equals(fNode.fMainTid)) {
            fWriter.modify(time, fEventLoop, label);
        }
    }
}
