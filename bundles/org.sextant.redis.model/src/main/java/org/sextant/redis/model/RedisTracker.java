// SPDX-License-Identifier: EPL-2.0
package org.sextant.redis.model;

import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

import org.sextant.common.model.state.StateWriter;

/**
 * The Redis resource model of Kabamba, Khouzam and Dagenais (Connections, Requests, Bus, Threads, Event-loop),
 * fed in time order with what the nodes did ({@link RedisActivity}: the current form of the events of
 * {@code docs/redis-events.md}, which {@link RedisEventNormalizer} makes of every version's). It writes the state
 * of every node to a {@link StateWriter} and hands each completed request to a consumer. It keeps each node
 * ({@link NodeState}: its threads and event loop, {@link ThreadState}) and each open connection
 * ({@link ConnectionState}: its requests, stage and races), and here the rules that tie them together.
 *
 * <p>
 * Attribute tree ({@code <node>} is the process id, {@code <fd>} a descriptor, {@code <tid>} a thread id):
 * </p>
 *
 * <pre>
 * Nodes/&lt;node&gt;                              its address, "127.0.0.1:7000" (lowest listening port), null until it listens
 *   Event-loop                              the main thread's {@link Operation} (the thread that waits for events), null until it first waits
 *     Ready                                 events returned by the last wait
 *   Threads/&lt;tid&gt;                          the thread's {@link Operation}
 *     Fd                                    the connection it works on, null when waiting or idle
 *     Command                               the command it executes, null otherwise
 *   Connections/&lt;fd&gt;                       the connection's {@link Operation} (idle between requests, race while two threads overlap), null when closed or never seen
 *     Kind                                  {@link ConnectionKind#label()}
 *     Peer                                  remote "address:port", null when the connection's start was not traced
 *     Thread                                the last thread that did I/O on it
 *     Command                               the command in execution, null otherwise
 *     Data structure                        (version 6) its {@link DataStructure#label()}, null otherwise
 *     Bytes in, Bytes out                   bytes read from and written to it since it opened
 *     File events                           what the event loop watches it for: 1 readable, 2 writable
 *     Query buffer                          (version 6) bytes read and not yet consumed by a command (see below)
 *     Replies owed                          (version 6) requests read and not yet answered by a write
 *     Reply bytes                           (version 7) bytes of replies Redis holds, not yet written (see below)
 *     Sent/&lt;TYPE&gt;, Received/&lt;TYPE&gt;         bus messages of that type ({@link BusMessages}) since it opened
 *     Race                                  while two threads work on it at once: "&lt;tid&gt; &lt;operation&gt; / &lt;tid&gt; &lt;operation&gt;", the first
 *                                           thread's operation then the second's ("close" for a close, whose race
 *                                           lasts until the descriptor's next event), null otherwise
 *   Connections opened/&lt;kind&gt;              connections of that kind opened so far (one whose kind is learnt
 *                                           later, an outgoing one at its first write, moves from unknown then)
 *   Commands/&lt;command&gt;                     requests of that command so far
 *   Data structures/&lt;structure&gt;            (version 6) requests on that {@link DataStructure} so far
 *   Redirections/MOVED, ASK                 redirection replies so far
 *   Races                                   races on its connections so far
 *   Volume/Client in, Client out, Bus in, Bus out   bytes so far
 *   Bus/Sent/&lt;TYPE&gt;, Bus/Received/&lt;TYPE&gt;    bus messages so far (broadcast types, such as PUBLISH and FAIL, count once per link)
 *   Stages/&lt;fd&gt;                            (version 4) a client connection's {@link Stage}, null between requests, when closed or never read
 *     Thread                                the thread reading or writing it, the main thread while executing, null while pending
 * </pre>
 *
 * <p>
 * Stages (version 4), for the io-threads hand-offs of Redis 6 and 7 ({@code io-threads N}, {@code io-threads-do-reads
 * yes}: the main thread's {@code handleClientsWithPendingReadsUsingThreads} hands the clients the wait returned
 * readable to the io threads and itself, waits for their reads, executes every command read, then
 * {@code handleClientsWithPendingWritesUsingThreads} hands the clients with replies out to be written the same
 * way). Measured: <em>pending read</em> starts when the wait returns the connection readable ({@link #readable}),
 * <em>reading</em> and <em>writing</em> are the read and the write, on the thread that made them. Inferred:
 * <em>executing</em> starts when a read completes a command; where the main thread read it and no io thread read
 * or wrote in this loop iteration or the last, the commands ran right after their read and it ends with their
 * end (the thread's next traced call, {@link #called}: measured); otherwise the main thread runs them when every read of the iteration is
 * done, unseen, so executing (the wait for the other reads included) ends when the node's write phase starts, at
 * its first write of a client. <em>Pending write</em> lasts from there to the connection's own write.
 * </p>
 *
 * <p>
 * Counters are Longs, cumulative, null until first counted (the byte counters of a connection start at 0 when it opens). A request lasts from the start of the read
 * that brought its first bytes (for pipelined commands, the read they arrived in) to the end of the first write
 * on its connection after its execution that wrote all it was given (where the tracer tells what a write was given,
 * events version 10; else the first write: a write the kernel took part of leaves the end of the last reply,
 * though it may complete earlier ones). Missing information stays unknown: an event on a connection whose
 * opening was not traced creates the connection with kind {@code unknown} and no peer, a request whose read
 * was not traced is counted but has no latency, an end with no start only ends what is in progress, and where
 * the tracer discarded events ({@link #lost}) a node's operations are unknown until its next events.
 * </p>
 *
 * <p>
 * Memory (version 6), Kabamba et al.'s Connections -> Memory, as far as the system calls show it: the <em>query
 * buffer</em> is the bytes of the client reads since the last read that completed a command (a read that completes
 * commands is taken to end with the last of them, {@code ConnectionState#queued}); Redis's {@code CLIENT LIST}
 * {@code qbuf} shows the same bytes less the arguments of the command under way that Redis has already parsed. The
 * reply side is counted twice: in replies, the requests read whose reply no write has carried yet, a write
 * carrying every reply executed before it when it wrote all it was given (see requests above); and (version 7, from events version 10's bytes each write was given) in
 * <em>reply bytes</em>, what Redis holds for the client not yet written ({@code CLIENT LIST}'s {@code obl} and
 * {@code omem} count them too, with reply blocks at their allocated size and the part of the first already
 * written; {@code ReplyBytes} says how they are found, and where the value is a lower bound).
 * </p>
 *
 * <p>
 * A race is two threads working on one connection at once: a thread starts reading or writing it, or closes it,
 * while another thread's read or write on it has started and not ended (the io-threads double free of Kabamba et
 * al.: an io thread reading a client the main thread frees). Redis's io threads never share a client with the
 * main thread by design, so on a sound run there is none.
 * </p>
 *
 * <p>
 * The hops of requests from connection to connection and node to node (redirections and their retries, PUBLISH
 * fan-out on the bus, replication streams) go to a consumer of {@link Link}s ({@link RedisPaths} has the rules).
 * </p>
 */
public final class RedisTracker implements RedisActivity {

    /** Bump when the attribute tree above or its values change, so that existing histories are rebuilt. */
    public static final int VERSION = 8;

    /** The top-level attribute. */
    public static final String NODES = "Nodes";
    /** A node's event loop. */
    public static final String EVENT_LOOP = "Event-loop";
    /** Ready events of the last wait, under the event loop. */
    public static final String READY = "Ready";
    /** A node's threads. */
    public static final String THREADS = "Threads";
    /** A node's connections. */
    public static final String CONNECTIONS = "Connections";
    /** A connection's kind. */
    public static final String KIND = "Kind";
    /** A connection's peer. */
    public static final String PEER = "Peer";
    /** A connection's last thread. */
    public static final String THREAD = "Thread";
    /** The command of a thread or connection. */
    public static final String COMMAND = "Command";
    /** A thread's connection. */
    public static final String FD = "Fd";
    /** Bytes read from a connection. */
    public static final String BYTES_IN = "Bytes in";
    /** Bytes written to a connection. */
    public static final String BYTES_OUT = "Bytes out";
    /** The event loop's interest in a connection. */
    public static final String FILE_EVENTS = "File events";
    /** Bus messages sent, per type. */
    public static final String SENT = "Sent";
    /** Bus messages received, per type. */
    public static final String RECEIVED = "Received";
    /** Connections opened per kind. */
    public static final String OPENED = "Connections opened";
    /** Requests per command. */
    public static final String COMMANDS = "Commands";
    /** A node's requests per data structure. */
    public static final String DATA_STRUCTURES = "Data structures";
    /** The data structure of a connection's command. */
    public static final String DATA_STRUCTURE = "Data structure";
    /** A connection's bytes read and not yet consumed by a command. */
    public static final String QUERY_BUFFER = "Query buffer";
    /** A connection's requests read and not yet answered. */
    public static final String REPLIES_OWED = "Replies owed";
    /** A connection's reply bytes not yet written. */
    public static final String REPLY_BYTES = "Reply bytes";
    /** A node's byte counters. */
    public static final String VOLUME = "Volume";
    /** Bytes read from clients (and replicas). */
    public static final String CLIENT_IN = "Client in";
    /** Bytes written to clients (and replicas). */
    public static final String CLIENT_OUT = "Client out";
    /** Bytes read from the cluster bus. */
    public static final String BUS_IN = "Bus in";
    /** Bytes written to the cluster bus. */
    public static final String BUS_OUT = "Bus out";
    /** A node's bus message counters. */
    public static final String BUS = "Bus";
    /** Races on a connection, and a node's count of them. */
    public static final String RACE = "Race";
    /** A node's count of races. */
    public static final String RACES = "Races";
    /** What a race's closing thread does. */
    private static final String CLOSE = "close";
    /** Client connections' stages, per descriptor. */
    public static final String STAGES = "Stages";
    /** A node's redirection replies, per kind (MOVED, ASK). */
    public static final String REDIRECTIONS = "Redirections";
    /** The command a publication comes from. */
    private static final String PUBLISH = "publish";
    /** Commands after which the server writes messages that answer no request: reply ordinals no longer name requests. */
    private static final Set<String> PUSHING = Set.of("subscribe", "psubscribe", "ssubscribe", "monitor");

    private final StateWriter fWriter;
    private final Consumer<Request> fRequests;
    private final RedisPaths fPaths;
    private final Map<String, NodeState> fNodes = new HashMap<>();
    /** Nodes by their address, "address:port" of their lowest listening port. */
    private final Map<String, NodeState> fByAddress = new HashMap<>();

    /**
     * @param writer
     *            where the state goes
     * @param requests
     *            takes each request whose latency is known, at its end
     */
    public RedisTracker(StateWriter writer, Consumer<Request> requests) {
        this(writer, requests, link -> {
            // paths are not wanted
        });
    }

    /**
     * @param writer
     *            where the state goes
     * @param requests
     *            takes each request whose latency is known, at its end
     * @param links
     *            takes each hop of a request's path, when both its ends are known
     */
    public RedisTracker(StateWriter writer, Consumer<Request> requests, Consumer<Link> links) {
        fWriter = writer;
        fRequests = requests;
        fPaths = new RedisPaths(links);
    }

    @Override
    public void listen(long time, String node, String address, int port) {
        NodeState n = node(node, time);
        boolean lowest = n.fPorts.isEmpty() || port < n.fPorts.first();
        n.fPorts.add(port);
        if (lowest) {
            fByAddress.remove(n.fAddress);
            n.fAddress = address + ':' + port;
            fByAddress.put(n.fAddress, n);
            fWriter.modify(time, n.fQuark, n.fAddress);
        }
    }

    /**
     * A connection accepted or connected; one still open with the same descriptor ends first (its close was
     * lost).
     *
     * @param time
     *            nanoseconds
     * @param node
     *            the node's key
     * @param tid
     *            the thread
     * @param fd
     *            its descriptor
     * @param peer
     *            the remote "address:port"
     * @param kind
     *            its kind as far as known
     */
    public void open(long time, String node, int tid, int fd, String peer, ConnectionKind kind) {
        open(time, node, tid, fd, "", peer, true, kind);
    }

    @Override
    public void open(long time, String node, int tid, int fd, String local, String peer, boolean accepted, ConnectionKind kind) {
        NodeState n = node(node, time);
        close(time, n, fd);
        ConnectionState c = n.open(time, fd, kind);
        c.fPeerValue = peer;
        c.fLocalValue = local;
        c.fAccepted = accepted;
        c.fOrdinalsKnown = true;
        c.fOpeningTraced = true;
        if (n.fOffersTold && accepted && kind == ConnectionKind.CLIENT) {
            c.noReplyHeld(time);
        }
        if (kind == ConnectionKind.BUS && !accepted) {
            fPaths.busLink(n.fKey, fd, true);
        }
        fWriter.modify(time, c.fPeer, peer);
        fWriter.modify(time, c.fThread, tid);
    }

    @Override
    public void kind(long time, String node, int fd, ConnectionKind kind) {
        NodeState n = node(node, time);
        ConnectionState c = connection(time, n, fd, kind);
        if (c.fKindValue != kind) {
            n.counter(OPENED, c.fKindValue.label()).add(time, -1);
            n.counter(OPENED, kind.label()).add(time, 1);
            c.setKind(time, kind);
            if (kind == ConnectionKind.BUS && c.fOpeningTraced && !c.fAccepted) {
                fPaths.busLink(n.fKey, fd, true);
            }
        }
    }

    /**
     * A connection closed ({@code free_client}).
     *
     * @param time
     *            nanoseconds
     * @param node
     *            the node's key
     * @param fd
     *            the descriptor
     */
    public void close(long time, String node, int fd) {
        close(time, node(node, time), fd);
    }

    @Override
    public void close(long time, String node, int tid, int fd) {
        NodeState n = node(node, time);
        ConnectionState c = n.fConnections.get(fd);
        if (c != null) {
            c.race(time, tid, CLOSE);
        }
        close(time, n, fd);
    }

    @Override
    public void readable(long time, String node, int fd) {
        NodeState n = node(node, time);
        ConnectionState c = connection(time, n, fd, ConnectionKind.UNKNOWN);
        if (c.fStageValue == null) {
            c.stage(time, Stage.PENDING_READ, null);
        }
    }

    @Override
    public void readStart(long time, String node, int tid, int fd, boolean bus) {
        NodeState n = node(node, time);
        ConnectionState c = connection(time, n, fd, bus ? ConnectionKind.BUS : ConnectionKind.UNKNOWN);
        if (!bus) {
            c.readStarted(time);
            n.transfer(tid);
            c.stage(time, Stage.READING_QUERY, tid);
        }
        Operation operation = bus ? Operation.BUS_READING : Operation.READING;
        c.begin(time, operation, tid);
        n.thread(tid).set(time, operation, fd, null);
    }

    @Override
    public long latest(String node) {
        NodeState n = fNodes.get(node);
        return n == null ? Long.MIN_VALUE : n.fLatest;
    }

    @Override
    public void readEnd(long time, String node, int tid, int fd, boolean bus, long bytes) {
        transferEnd(time, node, tid, fd, bus, bytes, true, true);
    }

    /**
     * A command of a client was read whole and starts executing. Read by an io thread, it executes later on the
     * event loop's thread, when the tracer cannot see: the connection shows it executing, the io thread does not.
     *
     * @param time
     *            nanoseconds
     * @param node
     *            the node's key
     * @param tid
     *            the executing thread
     * @param fd
     *            the client's descriptor
     * @param command
     *            the command's name, lower case
     */
    public void commandStart(long time, String node, int tid, int fd, String command) {
        commandStart(time, node, tid, fd, command, -1);
    }

    @Override
    public void commandStart(long time, String node, int tid, int fd, String command, int slot) {
        NodeState n = node(node, time);
        ConnectionState c = connection(time, n, fd, ConnectionKind.UNKNOWN);
        n.started(tid).merge(c, 1, Integer::sum);
        c.requested(time, command);
        n.counter(COMMANDS, command).add(time, 1);
        String structure = DataStructure.of(command).label();
        n.counter(DATA_STRUCTURES, structure).add(time, 1);
        if (PUSHING.contains(command)) {
            c.fOrdinalsKnown = false;
        }
        c.set(time, Operation.EXECUTING, tid);
        fWriter.modify(time, c.fCommand, command);
        fWriter.modify(time, c.fDataStructure, structure);
        c.fExecutionDeferred = !n.executes(tid) || n.threaded();
        if (c.fExecutionDeferred) {
            n.fAwaitingWrites.add(c);
        }
        if (c.fStageValue != Stage.EXECUTING_COMMANDS) {
            c.stage(time, Stage.EXECUTING_COMMANDS, n.fMainTid);
        }
        if (n.executes(tid)) {
            n.thread(tid).set(time, Operation.EXECUTING, fd, command);
        }
        if (PUBLISH.equals(command)) {
            fPaths.publish(time, n.fKey, fd);
        }
        fPaths.command(time, n.fKey, n.fAddress, fd, c.fPeerValue, command, slot);
    }

    @Override
    public void commandEnd(long time, String node, int tid, int fd, String command) {
        NodeState n = node(node, time);
        ConnectionState c = connection(time, n, fd, ConnectionKind.UNKNOWN);
        n.ended(tid, c, 1);
        c.executed(command);
        executed(time, n, c, tid);
    }

    @Override
    public void commandsEnd(long time, String node, int tid, int fd, int count) {
        NodeState n = node(node, time);
        ConnectionState c = connection(time, n, fd, ConnectionKind.UNKNOWN);
        n.ended(tid, c, count);
        commandsExecuted(time, n, c, tid, count);
    }

    @Override
    public void called(long time, String node, int tid) {
        NodeState n = node(node, time);
        Map<ConnectionState, Integer> started = n.fStarted.remove(tid);
        if (started == null) {
            return;
        }
        started.forEach((c, count) -> {
            if (n.fConnections.get(c.fFd) == c) {   // not closed since
                commandsExecuted(time, n, c, tid, count);
            }
        });
    }

    /** The oldest {@code count} commands of the connection not yet executed have. */
    private void commandsExecuted(long time, NodeState n, ConnectionState c, int tid, int count) {
        c.executed(count);
        executed(time, n, c, tid);
    }

    /**
     * A write to a connection comes after the commands read on it ran: those a thread read and has not ended have
     * executed by now. An io thread hands the commands it parsed to the main thread, which runs them and may
     * answer before the io thread's next traced call, where the io thread's commands would otherwise end.
     */
    private void executedBeforeWrite(long time, NodeState n, ConnectionState c) {
        for (Iterator<Map.Entry<Integer, Map<ConnectionState, Integer>>> it = n.fStarted.entrySet().iterator(); it.hasNext();) {
            Map.Entry<Integer, Map<ConnectionState, Integer>> started = it.next();
            Integer count = started.getValue().remove(c);
            if (count != null) {
                commandsExecuted(time, n, c, started.getKey(), count);
            }
            if (started.getValue().isEmpty()) {
                it.remove();
            }
        }
    }

    /** Commands of the connection have executed: it and the thread are idle again. */
    private void executed(long time, NodeState n, ConnectionState c, int tid) {
        if (!c.fExecutionDeferred && c.fStageValue == Stage.EXECUTING_COMMANDS && c.allExecuted()) {
            c.stage(time, Stage.PENDING_WRITE, null);
        }
        c.set(time, Operation.IDLE, tid);
        fWriter.modify(time, c.fCommand, null);
        fWriter.modify(time, c.fDataStructure, null);
        if (n.executes(tid)) {
            n.thread(tid).set(time, Operation.IDLE, null, null);
        }
    }

    @Override
    public void redirect(long time, String node, int fd, long reply, String kind, int slot, String target) {
        NodeState n = node(node, time);
        n.counter(REDIRECTIONS, kind).add(time, 1);
        ConnectionState c = n.fConnections.get(fd);
        String command = c == null ? null : c.repliedCommand(reply);
        if (command != null) {
            fPaths.redirect(time, n.fKey, fd, c.fPeerValue, command, slot, target);
        }
    }

    @Override
    public void writeStart(long time, String node, int tid, int fd, boolean bus) {
        NodeState n = node(node, time);
        ConnectionState c = connection(time, n, fd, bus ? ConnectionKind.BUS : ConnectionKind.UNKNOWN);
        if (!bus) {
            executedBeforeWrite(time, n, c);
            n.transfer(tid);
            n.fAwaitingWrites.remove(c);
            n.writePhase(time);
            c.stage(time, Stage.WRITING_REPLY, tid);
        }
        Operation operation = bus ? Operation.BUS_WRITING : Operation.WRITING;
        c.begin(time, operation, tid);
        n.thread(tid).set(time, operation, fd, null);
    }

    @Override
    public void writeEnd(long time, String node, int tid, int fd, boolean bus, long bytes, long offered) {
        // a write that left some of what it was given leaves the end of the last reply: it carries none whole
        ConnectionState c = transferEnd(time, node, tid, fd, bus, bytes, false, offered < 0 || bytes >= offered);
        if (!bus && offered >= 0 && c.fKindValue != ConnectionKind.REPLICA) {
            c.fNode.fOffersTold = true;
            c.wrote(time, bytes, offered);
        }
    }

    /**
     * A read or a write ended: its bytes count, and a write that {@code carries} them completes the replies of the
     * requests executed.
     *
     * @return the connection
     */
    private ConnectionState transferEnd(long time, String node, int tid, int fd, boolean bus, long bytes, boolean read, boolean carries) {
        NodeState n = node(node, time);
        ConnectionState c = connection(time, n, fd, bus ? ConnectionKind.BUS : ConnectionKind.UNKNOWN);
        if (bytes > 0) {
            (read ? c.fBytesIn : c.fBytesOut).add(time, bytes);
            String volume = bus ? (read ? BUS_IN : BUS_OUT) : (read ? CLIENT_IN : CLIENT_OUT);
            n.counter(VOLUME, volume).add(time, bytes);
            if (!read) {
                if (carries) {
                    c.replied(time, fRequests);
                }
            } else if (!bus) {
                c.queued(time, bytes);
            }
            if (c.fKindValue == ConnectionKind.REPLICA && c.fOpeningTraced && read != c.fAccepted) {
                // the stream flows from the primary, which accepted the connection, to the replica, which made it
                if (read) {
                    fPaths.replicationRead(time, n.fKey, fd, c.fLocalValue, c.fPeerValue, bytes);
                } else {
                    fPaths.replicationWrite(c.startOfTransfer(time), n.fKey, fd, c.fLocalValue, c.fPeerValue, bytes);
                }
            }
        }
        c.end(time, tid);
        n.thread(tid).set(time, Operation.IDLE, null, null);
        if (!bus && c.fStageValue != Stage.EXECUTING_COMMANDS) {
            c.stage(time, null, null);   // a read that completes a command has it executing next, at its start
        }
        return c;
    }

    /**
     * A cluster bus message whose header was read or written.
     *
     * @param time
     *            nanoseconds
     * @param node
     *            the node's key
     * @param fd
     *            the bus connection
     * @param sent
     *            true when written, false when read
     * @param type
     *            its type's name ({@link BusMessages#name})
     */
    public void busMessage(long time, String node, int fd, boolean sent, String type) {
        busMessage(time, node, fd, sent, type, -1);
    }

    @Override
    public void busMessage(long time, String node, int fd, boolean sent, String type, int senderPort) {
        NodeState n = node(node, time);
        ConnectionState c = connection(time, n, fd, ConnectionKind.BUS);
        String direction = sent ? SENT : RECEIVED;
        n.counter(BUS, direction, type).add(time, 1);
        c.counter(direction, type).add(time, 1);
        int port = n.fPorts.isEmpty() ? -1 : n.fPorts.first();
        if (sent) {
            fPaths.busSent(c.startOfTransfer(time), n.fKey, port, fd, c.fPeerValue, type);
        } else {
            fPaths.busReceived(time, n.fKey, port, fd, type, senderPort);
        }
    }

    @Override
    public void fileEvent(long time, String node, int fd, int mask, boolean added) {
        ConnectionState c = node(node, time).fConnections.get(fd);
        if (c != null) {
            c.fMask = added ? c.fMask | mask : c.fMask & ~mask;
            fWriter.modify(time, c.fFileEvents, c.fMask);
        }
    }

    @Override
    public void sleep(long time, String node, int tid) {
        NodeState n = node(node, time);
        if (n.fMainTid == null) {
            n.fMainTid = tid;
        }
        n.thread(tid).set(time, Operation.WAITING, null, null);
    }

    @Override
    public void wake(long time, String node, int tid, int ready) {
        NodeState n = node(node, time);
        if (ready >= 0 && Integer.valueOf(tid).equals(n.fMainTid)) {
            fWriter.modify(time, n.fReady, ready);
            n.fThreadedBefore = n.fIoTransfers;
            n.fIoTransfers = false;
        }
        n.thread(tid).set(time, Operation.IDLE, null, null);
    }

    @Override
    public void lost(long time, String node) {
        NodeState n = node(node, time);
        n.fConnections.values().forEach(c -> c.forget(time));
        n.fAwaitingWrites.clear();
        n.fStarted.clear();
        n.fThreads.values().forEach(t -> t.set(time, null, null, null));
        fPaths.lost(n.fKey, n.fPorts.isEmpty() ? -1 : n.fPorts.first());
    }

    /**
     * The trace ended, after its last event: what the model holds back to place earlier, the reply bytes of
     * connections whose last writes may have been given part of what was held, is placed.
     */
    public void traceEnded() {
        fNodes.values().forEach(n -> n.fConnections.values().forEach(ConnectionState::traceEnded));
    }

    /** @return the node, which has an event at that time */
    private NodeState node(String key, long time) {
        NodeState n = fNodes.computeIfAbsent(key, k -> new NodeState(fWriter, k));
        n.fLatest = Math.max(n.fLatest, time);
        return n;
    }

    /** @return the open connection with that descriptor, opened now with no peer if its start was not traced */
    private ConnectionState connection(long time, NodeState node, int fd, ConnectionKind kind) {
        ConnectionState c = node.fConnections.get(fd);
        return c != null ? c : node.open(time, fd, kind);
    }

    private void close(long time, NodeState node, int fd) {
        ConnectionState c = node.fConnections.remove(fd);
        if (c != null) {
            node.fAwaitingWrites.remove(c);
            c.close(time);
            fPaths.busLink(node.fKey, fd, false);
        }
    }

}
