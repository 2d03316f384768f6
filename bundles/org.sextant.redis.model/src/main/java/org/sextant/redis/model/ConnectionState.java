// SPDX-License-Identifier: EPL-2.0
package org.sextant.redis.model;

import static org.sextant.redis.model.RedisTracker.BYTES_IN;
import static org.sextant.redis.model.RedisTracker.BYTES_OUT;
import static org.sextant.redis.model.RedisTracker.COMMAND;
import static org.sextant.redis.model.RedisTracker.CONNECTIONS;
import static org.sextant.redis.model.RedisTracker.DATA_STRUCTURE;
import static org.sextant.redis.model.RedisTracker.FILE_EVENTS;
import static org.sextant.redis.model.RedisTracker.KIND;
import static org.sextant.redis.model.RedisTracker.NODES;
import static org.sextant.redis.model.RedisTracker.PEER;
import static org.sextant.redis.model.RedisTracker.QUERY_BUFFER;
import static org.sextant.redis.model.RedisTracker.RACE;
import static org.sextant.redis.model.RedisTracker.RACES;
import static org.sextant.redis.model.RedisTracker.REPLIES_OWED;
import static org.sextant.redis.model.RedisTracker.REPLY_BYTES;
import static org.sextant.redis.model.RedisTracker.STAGES;
import static org.sextant.redis.model.RedisTracker.THREAD;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.function.Consumer;

import org.sextant.common.model.state.StateWriter;

/**
 * An open connection of a node, as {@link RedisTracker} holds it: its attributes, the threads reading or writing
 * it now (two at once are a race), its stage, and its requests, read and not yet answered, in order.
 */
final class ConnectionState {

    /** A time or start not known. */
    static final long UNKNOWN = Long.MIN_VALUE;
    /** Commands remembered per connection for the redirections that name them by ordinal. */
    private static final int RECENT_REPLIES = 64;

    private final StateWriter fWriter;
    final NodeState fNode;
    final int fFd;
    private final String fPath;
    private final int fOperation;
    private final int fKind;
    final int fPeer;
    final int fThread;
    final int fCommand;
    final int fDataStructure;
    final int fFileEvents;
    private final int fQueryBuffer;
    private final int fRepliesOwed;
    /** Its reply bytes (events version 10), null until known ({@link ReplyBytes} says from when). */
    private ReplyBytes fReplyBytes;
    /** Bytes read since the last read that completed a command; {@link #UNKNOWN} after lost events, until the next command. */
    private long fQueued;
    private final int fRace;
    final Counter fBytesIn;
    final Counter fBytesOut;
    private final Map<String, Counter> fMessages = new HashMap<>();
    private final Deque<Pending> fPending = new ArrayDeque<>();
    /** When its last read or write started. */
    private long fTransferStart = UNKNOWN;
    /** The threads reading or writing it now. */
    private final Map<Integer, Operation> fBusy = new HashMap<>();
    ConnectionKind fKindValue;
    String fPeerValue = "";
    String fLocalValue = "";
    boolean fOpeningTraced;
    boolean fAccepted;
    /** Whether its replies have been counted since it opened, so that an ordinal names a request. */
    boolean fOrdinalsKnown;
    private long fReplied;
    /** The commands of the last replies, the latest first. */
    private final Deque<String> fRecent = new ArrayDeque<>();
    int fMask;
    private long fLastRead = UNKNOWN;
    private long fFirstUnparsedRead = UNKNOWN;
    /** Its stage attribute and its thread's, created at its first stage: a bus connection has none. */
    private int fStage = -1;
    private int fStageThread = -1;
    Stage fStageValue;
    /** Whether its commands run unseen, after the io threads' reads: they end with the write phase. */
    boolean fExecutionDeferred;

    ConnectionState(StateWriter writer, long time, NodeState node, int fd, ConnectionKind kind) {
        fWriter = writer;
        fNode = node;
        fFd = fd;
        fPath = Integer.toString(fd);
        fOperation = writer.attribute(NODES, node.fKey, CONNECTIONS, fPath);
        fKind = writer.attribute(NODES, node.fKey, CONNECTIONS, fPath, KIND);
        fPeer = writer.attribute(NODES, node.fKey, CONNECTIONS, fPath, PEER);
        fThread = writer.attribute(NODES, node.fKey, CONNECTIONS, fPath, THREAD);
        fCommand = writer.attribute(NODES, node.fKey, CONNECTIONS, fPath, COMMAND);
        fDataStructure = writer.attribute(NODES, node.fKey, CONNECTIONS, fPath, DATA_STRUCTURE);
        fFileEvents = writer.attribute(NODES, node.fKey, CONNECTIONS, fPath, FILE_EVENTS);
        fQueryBuffer = writer.attribute(NODES, node.fKey, CONNECTIONS, fPath, QUERY_BUFFER);
        fRepliesOwed = writer.attribute(NODES, node.fKey, CONNECTIONS, fPath, REPLIES_OWED);
        fRace = writer.attribute(NODES, node.fKey, CONNECTIONS, fPath, RACE);
        fBytesIn = new Counter(writer, writer.attribute(NODES, node.fKey, CONNECTIONS, fPath, BYTES_IN));
        fBytesOut = new Counter(writer, writer.attribute(NODES, node.fKey, CONNECTIONS, fPath, BYTES_OUT));
        fBytesIn.add(time, 0);
        fBytesOut.add(time, 0);
        writer.modify(time, fQueryBuffer, 0L);
        writer.modify(time, fRepliesOwed, 0L);
        writer.modify(time, fOperation, Operation.IDLE.label());
        writer.modify(time, fRace, null);
        setKind(time, kind);
    }

    /** Sets its stage, null for none, and the thread working on it in that stage, null for none. */
    void stage(long time, Stage stage, Integer tid) {
        if (fStage < 0) {
            if (stage == null) {
                return;
            }
            fStage = fWriter.attribute(NODES, fNode.fKey, STAGES, fPath);
            fStageThread = fWriter.attribute(NODES, fNode.fKey, STAGES, fPath, THREAD);
        }
        fStageValue = stage;
        fWriter.modify(time, fStage, stage == null ? null : stage.label());
        fWriter.modify(time, fStageThread, tid);
    }

    void setKind(long time, ConnectionKind kind) {
        fKindValue = kind;
        fWriter.modify(time, fKind, kind.label());
        if (kind == ConnectionKind.REPLICA && fReplyBytes != null) {
            fReplyBytes.forget(time);   // a replication stream, not replies
            fReplyBytes = null;
        }
    }

    void set(long time, Operation operation, int tid) {
        fWriter.modify(time, fOperation, operation.label());
        fWriter.modify(time, fThread, tid);
    }

    /** A thread starts reading or writing it: a race if another thread's read or write is under way. */
    void begin(long time, Operation operation, int tid) {
        fTransferStart = time;
        boolean race = race(time, tid, operation.label());
        fBusy.put(tid, operation);
        set(time, race ? Operation.RACE : operation, tid);
    }

    /**
     * @param otherwise
     *            a time to use when the start was not seen
     * @return when its last read or write started: its bytes were on their way from then on
     */
    long startOfTransfer(long otherwise) {
        return fTransferStart != UNKNOWN ? fTransferStart : otherwise;
    }

    /** A thread's read or write ended; a race lasts until only one thread is left on the connection. */
    void end(long time, int tid) {
        fBusy.remove(tid);
        if (fBusy.isEmpty()) {
            set(time, Operation.IDLE, tid);
        }
        if (fBusy.size() <= 1) {
            fWriter.modify(time, fRace, null);
        }
    }

    /** @return whether another thread than this one is reading or writing the connection; if so, counted */
    boolean race(long time, int tid, String what) {
        for (Map.Entry<Integer, Operation> other : fBusy.entrySet()) {
            if (other.getKey() != tid) {
                fWriter.modify(time, fRace, other.getKey() + " " + other.getValue().label() + " / " + tid + ' ' + what); //$NON-NLS-1$
                fNode.counter(RACES).add(time, 1);
                return true;
            }
        }
        return false;
    }

    Counter counter(String direction, String type) {
        return fMessages.computeIfAbsent(direction + '/' + type,
                key -> new Counter(fWriter, fWriter.attribute(NODES, fNode.fKey, CONNECTIONS, fPath, direction, type)));
    }

    /** A client read starts: the requests it completes started with the first read since the last request. */
    void readStarted(long time) {
        fLastRead = time;
        if (fFirstUnparsedRead == UNKNOWN) {
            fFirstUnparsedRead = time;
        }
    }

    /**
     * A client read brought bytes: they wait in the query buffer until a command they complete consumes them.
     * Only a read's total is traced, not where its commands end: the bytes of a read that completes commands are
     * taken as consumed whole, so a command begun after them in the same read is not seen (Redis reads a large
     * argument's remaining bytes exactly, so a read that completes such a command ends with it).
     */
    void queued(long time, long bytes) {
        if (fQueued != UNKNOWN) {
            fQueued += bytes;
            fWriter.modify(time, fQueryBuffer, fQueued);
        }
    }

    /** A command was read whole: a request, from the first read that brought its bytes, that awaits its reply. */
    void requested(long time, String command) {
        long start = fFirstUnparsedRead != UNKNOWN ? fFirstUnparsedRead : fLastRead;
        fFirstUnparsedRead = UNKNOWN;
        fPending.add(new Pending(command, start));
        if (fReplyBytes != null) {
            fReplyBytes.requested(time);
        }
        if (fQueued != 0) {
            fQueued = 0;
            fWriter.modify(time, fQueryBuffer, 0L);
        }
        fWriter.modify(time, fRepliesOwed, (long) fPending.size());
    }

    /** The oldest request of that command not yet executed has. */
    void executed(String command) {
        for (Pending pending : fPending) {
            if (!pending.fExecuted && pending.fCommand.equals(command)) {
                pending.fExecuted = true;
                break;
            }
        }
    }

    /** The oldest {@code count} requests not yet executed have. */
    void executed(int count) {
        int left = count;
        for (Iterator<Pending> it = fPending.iterator(); it.hasNext() && left > 0;) {
            Pending pending = it.next();
            if (!pending.fExecuted) {
                pending.fExecuted = true;
                left--;
            }
        }
    }

    /** @return whether every request read has executed */
    boolean allExecuted() {
        return fPending.stream().allMatch(p -> p.fExecuted);
    }

    /**
     * A write carries the replies of the requests executed: completes them, in order, those of known start to the
     * consumer; the replies owed are those of the requests left.
     */
    void replied(long time, Consumer<Request> requests) {
        int owed = fPending.size();
        for (Iterator<Pending> it = fPending.iterator(); it.hasNext();) {
            Pending pending = it.next();
            if (!pending.fExecuted) {
                break;
            }
            it.remove();
            fReplied++;
            fRecent.addFirst(pending.fCommand);
            if (fRecent.size() > RECENT_REPLIES) {
                fRecent.removeLast();
            }
            if (pending.fStart != UNKNOWN) {
                requests.accept(new Request(pending.fStart, time, fNode.fKey, fFd, pending.fCommand, fPeerValue));
            }
        }
        if (fPending.size() != owed) {
            fWriter.modify(time, fRepliesOwed, (long) fPending.size());
        }
    }

    /** A write given {@code offered} bytes ended: the reply bytes held ({@link ReplyBytes}). */
    void wrote(long time, long written, long offered) {
        replyBytes().written(time, written, offered);
    }

    /** A new client, on a node whose writes tell what they were given: Redis holds no reply for it yet. */
    void noReplyHeld(long time) {
        replyBytes().none(time);
    }

    private ReplyBytes replyBytes() {
        if (fReplyBytes == null) {
            fReplyBytes = new ReplyBytes(fWriter, fWriter.attribute(NODES, fNode.fKey, CONNECTIONS, fPath, REPLY_BYTES));
        }
        return fReplyBytes;
    }

    /** The trace ended: the reply bytes that wait for a write that tells all are placed ({@link ReplyBytes#end}). */
    void traceEnded() {
        if (fReplyBytes != null) {
            fReplyBytes.end();
        }
    }

    /**
     * @param reply
     *            a reply's ordinal on the connection, from 1
     * @return the command it answered, null when not known (the ordinals are not known, or it is too old)
     */
    String repliedCommand(long reply) {
        if (!fOrdinalsKnown) {
            return null;
        }
        long back = fReplied - reply;
        return back >= 0 && back < fRecent.size() ? fRecent.stream().skip(back).findFirst().orElseThrow() : null;
    }

    /**
     * Events were lost: its operation and command are unknown, and so are its reads, requests and memory (the
     * query buffer until a command consumes it, the replies owed until the next request, the reply bytes until a
     * write tells all).
     */
    void forget(long time) {
        stage(time, null, null);
        fWriter.modify(time, fOperation, null);
        fWriter.modify(time, fCommand, null);
        fWriter.modify(time, fDataStructure, null);
        fQueued = UNKNOWN;
        fWriter.modify(time, fQueryBuffer, null);
        fWriter.modify(time, fRepliesOwed, null);
        if (fReplyBytes != null) {
            fReplyBytes.forget(time);
        }
        fPending.clear();
        fBusy.clear();
        fWriter.modify(time, fRace, null);
        fOrdinalsKnown = false;
        fLastRead = UNKNOWN;
        fFirstUnparsedRead = UNKNOWN;
    }

    /**
     * Everything of the connection becomes null, the descriptor may be reused by another; but a close that
     * raced with another thread's read or write leaves its race until the descriptor's next event (that
     * thread's end, typically): nulled at once, the race would last no time and no history would keep it.
     */
    void close(long time) {
        for (int quark : new int[] { fOperation, fKind, fPeer, fThread, fCommand, fDataStructure, fFileEvents, fQueryBuffer, fRepliesOwed }) {
            fWriter.modify(time, quark, null);
        }
        if (fReplyBytes != null) {
            fReplyBytes.close(time);
        }
        if (fBusy.isEmpty()) {
            fWriter.modify(time, fRace, null);
        }
        fBytesIn.clear(time);
        fBytesOut.clear(time);
        fMessages.values().forEach(counter -> counter.clear(time));
        stage(time, null, null);
    }

    /** A request read and not yet answered. */
    private static final class Pending {
        final String fCommand;
        final long fStart;
        boolean fExecuted;

        Pending(String command, long start) {
            fCommand = command;
            fStart = start;
        }
    }
}
