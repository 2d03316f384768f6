// SPDX-License-Identifier: EPL-2.0
package org.sextant.redis.model;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;

import org.sextant.common.model.state.StateWriter;

/**
 * The Redis resource model of Kabamba, Khouzam and Dagenais (Connections, Requests, Bus, Threads, Event-loop),
 * fed with decoded events in time order, one method per event of {@code docs/redis-events.md}. It writes the
 * state of every node to a {@link StateWriter} and hands each completed request to a consumer.
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
 *     Bytes in, Bytes out                   bytes read from and written to it since it opened
 *     File events                           what the event loop watches it for: 1 readable, 2 writable
 *     Sent/&lt;TYPE&gt;, Received/&lt;TYPE&gt;         bus messages of that type ({@link BusMessages}) since it opened
 *     Race                                  while two threads work on it at once: "&lt;tid&gt; &lt;operation&gt; / &lt;tid&gt; &lt;operation&gt;", the first
 *                                           thread's operation then the second's ("close" for a close, whose race
 *                                           lasts until the descriptor's next event), null otherwise
 *   Connections opened/&lt;kind&gt;              connections of that kind opened so far (one whose kind is learnt
 *                                           later, an outgoing one at its first write, moves from unknown then)
 *   Commands/&lt;command&gt;                     requests of that command so far
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
 * on its connection after its execution. Missing information stays unknown: an event on a connection whose
 * opening was not traced creates the connection with kind {@code unknown} and no peer, a request whose read
 * was not traced is counted but has no latency, an end with no start only ends what is in progress, and where
 * the tracer discarded events ({@link #lost}) a node's operations are unknown until its next events.
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
public final class RedisTracker {

    /** Bump when the attribute tree above or its values change, so that existing histories are rebuilt. */
    public static final int VERSION = 5;

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
    /** Commands remembered per connection for the redirections that name them by ordinal. */
    private static final int RECENT_REPLIES = 64;

    private static final long UNKNOWN = Long.MIN_VALUE;

    private final StateWriter fWriter;
    private final Consumer<Request> fRequests;
    private final RedisPaths fPaths;
    private final Map<String, Node> fNodes = new HashMap<>();
    /** Nodes by their address, "address:port" of their lowest listening port. */
    private final Map<String, Node> fByAddress = new HashMap<>();

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

    /**
     * A listening socket: the node's address.
     *
     * @param time
     *            nanoseconds
     * @param node
     *            the node's key
     * @param address
     *            the listening address
     * @param port
     *            its port
     */
    public void listen(long time, String node, String address, int port) {
        Node n = node(node, time);
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

    /**
     * A connection accepted or connected, with both its ends; one still open with the same descriptor ends first
     * (its close was lost).
     *
     * @param time
     *            nanoseconds
     * @param node
     *            the node's key
     * @param tid
     *            the thread
     * @param fd
     *            its descriptor
     * @param local
     *            the local "address:port", empty when unknown
     * @param peer
     *            the remote "address:port"
     * @param accepted
     *            true when accepted on a listening socket, false when the node connected
     * @param kind
     *            its kind as far as known
     */
    public void open(long time, String node, int tid, int fd, String local, String peer, boolean accepted, ConnectionKind kind) {
        Node n = node(node, time);
        close(time, n, fd);
        Connection c = n.open(time, fd, kind);
        c.fPeerValue = peer;
        c.fLocalValue = local;
        c.fAccepted = accepted;
        c.fOrdinalsKnown = true;
        c.fOpeningTraced = true;
        if (kind == ConnectionKind.BUS && !accepted) {
            fPaths.busLink(n.fKey, fd, true);
        }
        fWriter.modify(time, c.fPeer, peer);
        fWriter.modify(time, c.fThread, tid);
    }

    /**
     * The first bytes of a connection told its kind.
     *
     * @param time
     *            nanoseconds
     * @param node
     *            the node's key
     * @param fd
     *            the descriptor
     * @param kind
     *            the kind
     */
    public void kind(long time, String node, int fd, ConnectionKind kind) {
        Node n = node(node, time);
        Connection c = connection(time, n, fd, kind);
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

    /**
     * A connection closed by a thread: a race if another thread is reading or writing it.
     *
     * @param time
     *            nanoseconds
     * @param node
     *            the node's key
     * @param tid
     *            the closing thread
     * @param fd
     *            the descriptor
     */
    public void close(long time, String node, int tid, int fd) {
        Node n = node(node, time);
        Connection c = n.fConnections.get(fd);
        if (c != null) {
            c.race(time, tid, CLOSE);
        }
        close(time, n, fd);
    }

    /**
     * The event loop's wait returned a client connection readable: its read is pending.
     *
     * @param time
     *            nanoseconds
     * @param node
     *            the node's key
     * @param fd
     *            the descriptor
     */
    public void readable(long time, String node, int fd) {
        Node n = node(node, time);
        Connection c = connection(time, n, fd, ConnectionKind.UNKNOWN);
        if (c.fStageValue == null) {
            c.stage(time, Stage.PENDING_READ, null);
        }
    }

    /**
     * A read starts on a connection.
     *
     * @param time
     *            nanoseconds
     * @param node
     *            the node's key
     * @param tid
     *            the reading thread
     * @param fd
     *            the descriptor
     * @param bus
     *            whether it is a cluster bus read
     */
    public void readStart(long time, String node, int tid, int fd, boolean bus) {
        Node n = node(node, time);
        Connection c = connection(time, n, fd, bus ? ConnectionKind.BUS : ConnectionKind.UNKNOWN);
        if (!bus) {
            c.fLastRead = time;
            if (c.fFirstUnparsedRead == UNKNOWN) {
                c.fFirstUnparsedRead = time;
            }
            n.transfer(tid);
            c.stage(time, Stage.READING_QUERY, tid);
        }
        Operation operation = bus ? Operation.BUS_READING : Operation.READING;
        c.begin(time, operation, tid);
        n.thread(tid).set(time, operation, fd, null);
    }

    /**
     * When a client read or write started whose start the tracer did not tell in an event of its own (events
     * version 5: its end's {@code took} before the end; version 7 tells a write's end after the fact too, which is
     * taken the same way), as the model can take it: not before the node's latest event, since the state is written
     * in time order. Only a call that overlaps events of the node's other threads moves; the tracer tells the starts
     * of every call once a second thread does client I/O. A node's first event gives no bound, and its call may have
     * started before the trace did: it starts at its end.
     *
     * @param start
     *            nanoseconds, the call's start by the tracer's clock
     * @param end
     *            nanoseconds, its end
     * @param node
     *            the node's key
     * @return the start, or the node's latest event's time if later; the end for a node's first event
     */
    public long untoldStart(long start, long end, String node) {
        Node n = fNodes.get(node);
        return n == null ? end : Math.max(start, n.fLatest);
    }

    /**
     * A read ends.
     *
     * @param time
     *            nanoseconds
     * @param node
     *            the node's key
     * @param tid
     *            the reading thread
     * @param fd
     *            the descriptor
     * @param bus
     *            whether it is a cluster bus read
     * @param bytes
     *            the read's return value: bytes read, 0 at end of file, negative on error
     */
    public void readEnd(long time, String node, int tid, int fd, boolean bus, long bytes) {
        transferEnd(time, node, tid, fd, bus, bytes, true);
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

    /**
     * A command of a client was read whole and starts executing, with the slot of its key.
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
     * @param slot
     *            the cluster slot of its key (its second argument), -1 when unknown or none
     */
    public void commandStart(long time, String node, int tid, int fd, String command, int slot) {
        Node n = node(node, time);
        Connection c = connection(time, n, fd, ConnectionKind.UNKNOWN);
        n.started(tid).merge(c, 1, Integer::sum);
        long start = c.fFirstUnparsedRead != UNKNOWN ? c.fFirstUnparsedRead : c.fLastRead;
        c.fFirstUnparsedRead = UNKNOWN;
        c.fPending.add(new Pending(command, start));
        n.counter(COMMANDS, command).add(time, 1);
        if (PUSHING.contains(command)) {
            c.fOrdinalsKnown = false;
        }
        c.set(time, Operation.EXECUTING, tid);
        fWriter.modify(time, c.fCommand, command);
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

    /**
     * A command has executed.
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
     *            the command's name
     */
    public void commandEnd(long time, String node, int tid, int fd, String command) {
        Node n = node(node, time);
        Connection c = connection(time, n, fd, ConnectionKind.UNKNOWN);
        n.ended(tid, c, 1);
        for (Pending pending : c.fPending) {
            if (!pending.fExecuted && pending.fCommand.equals(command)) {
                pending.fExecuted = true;
                break;
            }
        }
        executed(time, n, c, tid);
    }

    /**
     * The commands a thread started on a connection have executed, the oldest first ({@code call_commands_end},
     * events versions 2 and 3: one event for a pipeline's commands).
     *
     * @param time
     *            nanoseconds
     * @param node
     *            the node's key
     * @param tid
     *            the executing thread
     * @param fd
     *            the client's descriptor
     * @param count
     *            how many of its commands started and not ended end now
     */
    public void commandsEnd(long time, String node, int tid, int fd, int count) {
        Node n = node(node, time);
        Connection c = connection(time, n, fd, ConnectionKind.UNKNOWN);
        n.ended(tid, c, count);
        commandsExecuted(time, n, c, tid, count);
    }

    /**
     * A thread made a traced call (any of its events but a command's start, a connection's kind, or an earlier
     * version's command end): the commands it started since its last call have executed, those of each connection
     * the oldest first. Events version 4 tells no more: a thread's commands end at its next call. Versions 1 to 3
     * end them with {@code call_command_end} and {@code call_commands_end} at that call, before its other
     * events, so nothing is left to end here; their commands left without an end (a recording stopped and started
     * again in between) end here too.
     *
     * @param time
     *            nanoseconds
     * @param node
     *            the node's key
     * @param tid
     *            the thread
     */
    public void called(long time, String node, int tid) {
        Node n = node(node, time);
        Map<Connection, Integer> started = n.fStarted.remove(tid);
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
    private void commandsExecuted(long time, Node n, Connection c, int tid, int count) {
        int left = count;
        for (Iterator<Pending> it = c.fPending.iterator(); it.hasNext() && left > 0;) {
            Pending pending = it.next();
            if (!pending.fExecuted) {
                pending.fExecuted = true;
                left--;
            }
        }
        executed(time, n, c, tid);
    }

    /**
     * A write to a connection comes after the commands read on it ran: those a thread read and has not ended have
     * executed by now. An io thread hands the commands it parsed to the main thread, which runs them and may
     * answer before the io thread's next traced call, where the io thread's commands would otherwise end.
     */
    private void executedBeforeWrite(long time, Node n, Connection c) {
        for (Iterator<Map.Entry<Integer, Map<Connection, Integer>>> it = n.fStarted.entrySet().iterator(); it.hasNext();) {
            Map.Entry<Integer, Map<Connection, Integer>> started = it.next();
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
    private void executed(long time, Node n, Connection c, int tid) {
        if (!c.fExecutionDeferred && c.fStageValue == Stage.EXECUTING_COMMANDS && c.fPending.stream().allMatch(p -> p.fExecuted)) {
            c.stage(time, Stage.PENDING_WRITE, null);
        }
        c.set(time, Operation.IDLE, tid);
        fWriter.modify(time, c.fCommand, null);
        if (n.executes(tid)) {
            n.thread(tid).set(time, Operation.IDLE, null, null);
        }
    }

    /**
     * A MOVED or ASK reply was written to a client: its command is redirected to another node.
     *
     * @param time
     *            nanoseconds
     * @param node
     *            the node's key
     * @param fd
     *            the client's descriptor
     * @param reply
     *            the reply's ordinal on the connection, from 1
     * @param kind
     *            MOVED or ASK
     * @param slot
     *            the key's slot
     * @param target
     *            the node named, "address:port"
     */
    public void redirect(long time, String node, int fd, long reply, String kind, int slot, String target) {
        Node n = node(node, time);
        n.counter(REDIRECTIONS, kind).add(time, 1);
        Connection c = n.fConnections.get(fd);
        if (c == null || !c.fOrdinalsKnown) {
            return;
        }
        long back = c.fReplied - reply;
        if (back >= 0 && back < c.fRecent.size()) {
            String command = c.fRecent.stream().skip(back).findFirst().orElseThrow();
            fPaths.redirect(time, n.fKey, fd, c.fPeerValue, command, slot, target);
        }
    }

    /**
     * A write starts on a connection.
     *
     * @param time
     *            nanoseconds
     * @param node
     *            the node's key
     * @param tid
     *            the writing thread
     * @param fd
     *            the descriptor
     * @param bus
     *            whether it is a cluster bus write
     */
    public void writeStart(long time, String node, int tid, int fd, boolean bus) {
        Node n = node(node, time);
        Connection c = connection(time, n, fd, bus ? ConnectionKind.BUS : ConnectionKind.UNKNOWN);
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

    /**
     * A write ends; it carries the replies of the requests executed before it.
     *
     * @param time
     *            nanoseconds
     * @param node
     *            the node's key
     * @param tid
     *            the writing thread
     * @param fd
     *            the descriptor
     * @param bus
     *            whether it is a cluster bus write
     * @param bytes
     *            the write's return value: bytes written, negative on error
     */
    public void writeEnd(long time, String node, int tid, int fd, boolean bus, long bytes) {
        transferEnd(time, node, tid, fd, bus, bytes, false);
    }

    /** A read or a write ended: its bytes count, and a write carries the replies of the requests executed. */
    private void transferEnd(long time, String node, int tid, int fd, boolean bus, long bytes, boolean read) {
        Node n = node(node, time);
        Connection c = connection(time, n, fd, bus ? ConnectionKind.BUS : ConnectionKind.UNKNOWN);
        if (bytes > 0) {
            (read ? c.fBytesIn : c.fBytesOut).add(time, bytes);
            String volume = bus ? (read ? BUS_IN : BUS_OUT) : (read ? CLIENT_IN : CLIENT_OUT);
            n.counter(VOLUME, volume).add(time, bytes);
            if (!read) {
                replied(time, n, c);
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

    /**
     * A cluster bus message whose header was read or written, with its sender.
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
     * @param senderPort
     *            the sender's data port (the header's), -1 when unknown
     */
    public void busMessage(long time, String node, int fd, boolean sent, String type, int senderPort) {
        Node n = node(node, time);
        Connection c = connection(time, n, fd, ConnectionKind.BUS);
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

    /**
     * The event loop starts or stops watching a connection for some events.
     *
     * @param time
     *            nanoseconds
     * @param node
     *            the node's key
     * @param fd
     *            the descriptor; ignored unless it is a known connection
     * @param mask
     *            1 readable, 2 writable
     * @param added
     *            true when watching starts, false when it stops
     */
    public void fileEvent(long time, String node, int fd, int mask, boolean added) {
        Connection c = node(node, time).fConnections.get(fd);
        if (c != null) {
            c.fMask = added ? c.fMask | mask : c.fMask & ~mask;
            fWriter.modify(time, c.fFileEvents, c.fMask);
        }
    }

    /**
     * The event loop waits for events: its thread is the node's main thread.
     *
     * @param time
     *            nanoseconds
     * @param node
     *            the node's key
     * @param tid
     *            the thread
     */
    public void sleep(long time, String node, int tid) {
        Node n = node(node, time);
        if (n.fMainTid == null) {
            n.fMainTid = tid;
        }
        n.thread(tid).set(time, Operation.WAITING, null, null);
    }

    /**
     * The event loop's wait returned.
     *
     * @param time
     *            nanoseconds
     * @param node
     *            the node's key
     * @param tid
     *            the thread
     * @param ready
     *            events returned, negative on error
     */
    public void wake(long time, String node, int tid, int ready) {
        Node n = node(node, time);
        if (ready >= 0 && Integer.valueOf(tid).equals(n.fMainTid)) {
            fWriter.modify(time, n.fReady, ready);
            n.fThreadedBefore = n.fIoTransfers;
            n.fIoTransfers = false;
        }
        n.thread(tid).set(time, Operation.IDLE, null, null);
    }

    /**
     * The tracer discarded events of a node (its buffers were full): what the node was doing is unknown from
     * then on, until its next events tell. Its connections and threads have no operation, and the requests it had
     * read and not answered are dropped: they are counted, but a write after the gap may not be theirs, so
     * they get no latency, nor do requests whose read started before the gap.
     *
     * @param time
     *            nanoseconds, the start of the gap
     * @param node
     *            the node's key
     */
    public void lost(long time, String node) {
        Node n = node(node, time);
        n.fConnections.values().forEach(c -> c.forget(time));
        n.fAwaitingWrites.clear();
        n.fStarted.clear();
        n.fThreads.values().forEach(t -> t.set(time, null, null, null));
        fPaths.lost(n.fKey, n.fPorts.isEmpty() ? -1 : n.fPorts.first());
    }

    /** @return the node, which has an event at that time */
    private Node node(String key, long time) {
        Node n = fNodes.computeIfAbsent(key, Node::new);
        n.fLatest = Math.max(n.fLatest, time);
        return n;
    }

    /** @return the open connection with that descriptor, opened now with no peer if its start was not traced */
    private Connection connection(long time, Node node, int fd, ConnectionKind kind) {
        Connection c = node.fConnections.get(fd);
        return c != null ? c : node.open(time, fd, kind);
    }

    private void close(long time, Node node, int fd) {
        Connection c = node.fConnections.remove(fd);
        if (c != null) {
            node.fAwaitingWrites.remove(c);
            c.close(time);
            fPaths.busLink(node.fKey, fd, false);
        }
    }

    /** Completes, in order, the requests of the connection that have executed. */
    private void replied(long time, Node node, Connection c) {
        for (Iterator<Pending> it = c.fPending.iterator(); it.hasNext();) {
            Pending pending = it.next();
            if (!pending.fExecuted) {
                return;
            }
            it.remove();
            c.fReplied++;
            c.fRecent.addFirst(pending.fCommand);
            if (c.fRecent.size() > RECENT_REPLIES) {
                c.fRecent.removeLast();
            }
            if (pending.fStart != UNKNOWN) {
                fRequests.accept(new Request(pending.fStart, time, node.fKey, c.fFd, pending.fCommand, c.fPeerValue));
            }
        }
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

    /** A cumulative counter attribute, null until it is first written. */
    private final class Counter {
        private final int fQuark;
        private long fValue;

        Counter(int quark) {
            fQuark = quark;
        }

        void add(long time, long amount) {
            fValue += amount;
            fWriter.modify(time, fQuark, fValue);
        }

        void clear(long time) {
            fWriter.modify(time, fQuark, null);
        }
    }

    /** A node's attributes and what it knows of its connections and threads. */
    private final class Node {
        final String fKey;
        final int fQuark;
        final int fReady;
        final TreeSet<Integer> fPorts = new TreeSet<>();
        final Map<Integer, Connection> fConnections = new HashMap<>();
        final Map<Integer, NodeThread> fThreads = new HashMap<>();
        final Map<String, Counter> fCounters = new HashMap<>();
        Integer fMainTid;
        /** Its "address:port", null until it listens. */
        String fAddress;
        /** Whether an io thread read or wrote a client in this loop iteration, and in the last one. */
        boolean fIoTransfers;
        boolean fThreadedBefore;
        /** The time of its latest event. */
        long fLatest = Long.MIN_VALUE;
        /** Connections whose commands the main thread runs unseen, before the write phase starts. */
        final Set<Connection> fAwaitingWrites = new LinkedHashSet<>();
        /** Per thread, the commands it started and has not ended, per connection in the order first started. */
        final Map<Integer, Map<Connection, Integer>> fStarted = new HashMap<>();

        Node(String key) {
            fKey = key;
            fQuark = fWriter.attribute(NODES, key);
            fReady = fWriter.attribute(NODES, key, EVENT_LOOP, READY);
        }

        Connection open(long time, int fd, ConnectionKind kind) {
            Connection c = new Connection(time, this, fd, kind);
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
            for (Connection c : fAwaitingWrites) {
                if (c.fStageValue == Stage.EXECUTING_COMMANDS) {
                    c.stage(time, Stage.PENDING_WRITE, null);
                }
            }
            fAwaitingWrites.clear();
        }

        /** @return the commands the thread started and has not ended, per connection */
        Map<Connection, Integer> started(int tid) {
            return fStarted.computeIfAbsent(tid, t -> new LinkedHashMap<>());
        }

        /** Up to {@code count} commands the thread started on the connection have ended. */
        void ended(int tid, Connection c, int count) {
            Map<Connection, Integer> started = fStarted.get(tid);
            if (started != null) {
                started.computeIfPresent(c, (connection, left) -> left > count ? left - count : null);
                if (started.isEmpty()) {
                    fStarted.remove(tid);
                }
            }
        }

        NodeThread thread(int tid) {
            return fThreads.computeIfAbsent(tid, t -> new NodeThread(this, t));
        }

        /** @return the counter under this node at that relative path, created at 0 now if new */
        Counter counter(String... path) {
            return fCounters.computeIfAbsent(String.join("/", path), p -> {
                String[] full = new String[path.length + 2];
                full[0] = NODES;
                full[1] = fKey;
                System.arraycopy(path, 0, full, 2, path.length);
                return new Counter(fWriter.attribute(full));
            });
        }
    }

    /** A thread of a node. */
    private final class NodeThread {
        final int fOperation;
        final int fFd;
        final int fCommand;
        final int fEventLoop;
        final Node fNode;
        final int fTid;

        NodeThread(Node node, int tid) {
            String t = Integer.toString(tid);
            fNode = node;
            fTid = tid;
            fOperation = fWriter.attribute(NODES, node.fKey, THREADS, t);
            fFd = fWriter.attribute(NODES, node.fKey, THREADS, t, FD);
            fCommand = fWriter.attribute(NODES, node.fKey, THREADS, t, COMMAND);
            fEventLoop = fWriter.attribute(NODES, node.fKey, EVENT_LOOP);
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

    /** An open connection of a node. */
    private final class Connection {
        final Node fNode;
        final int fFd;
        final String fPath;
        final int fOperation;
        final int fKind;
        final int fPeer;
        final int fThread;
        final int fCommand;
        final int fFileEvents;
        final int fRace;
        final Counter fBytesIn;
        final Counter fBytesOut;
        final Map<String, Counter> fMessages = new HashMap<>();
        final Deque<Pending> fPending = new ArrayDeque<>();
        /** When its last read or write started. */
        long fTransferStart = UNKNOWN;
        /** The threads reading or writing it now. */
        final Map<Integer, Operation> fBusy = new HashMap<>();
        ConnectionKind fKindValue;
        String fPeerValue = "";
        String fLocalValue = "";
        boolean fOpeningTraced;
        boolean fAccepted;
        /** Whether its replies have been counted since it opened, so that an ordinal names a request. */
        boolean fOrdinalsKnown;
        long fReplied;
        /** The commands of the last replies, the latest first. */
        final Deque<String> fRecent = new ArrayDeque<>();
        int fMask;
        long fLastRead = UNKNOWN;
        long fFirstUnparsedRead = UNKNOWN;
        /** Its stage attribute and its thread's, created at its first stage: a bus connection has none. */
        int fStage = -1;
        int fStageThread = -1;
        Stage fStageValue;
        /** Whether its commands run unseen, after the io threads' reads: they end with the write phase. */
        boolean fExecutionDeferred;

        Connection(long time, Node node, int fd, ConnectionKind kind) {
            fNode = node;
            fFd = fd;
            fPath = Integer.toString(fd);
            fOperation = fWriter.attribute(NODES, node.fKey, CONNECTIONS, fPath);
            fKind = fWriter.attribute(NODES, node.fKey, CONNECTIONS, fPath, KIND);
            fPeer = fWriter.attribute(NODES, node.fKey, CONNECTIONS, fPath, PEER);
            fThread = fWriter.attribute(NODES, node.fKey, CONNECTIONS, fPath, THREAD);
            fCommand = fWriter.attribute(NODES, node.fKey, CONNECTIONS, fPath, COMMAND);
            fFileEvents = fWriter.attribute(NODES, node.fKey, CONNECTIONS, fPath, FILE_EVENTS);
            fRace = fWriter.attribute(NODES, node.fKey, CONNECTIONS, fPath, RACE);
            fBytesIn = new Counter(fWriter.attribute(NODES, node.fKey, CONNECTIONS, fPath, BYTES_IN));
            fBytesOut = new Counter(fWriter.attribute(NODES, node.fKey, CONNECTIONS, fPath, BYTES_OUT));
            fBytesIn.add(time, 0);
            fBytesOut.add(time, 0);
            fWriter.modify(time, fOperation, Operation.IDLE.label());
            fWriter.modify(time, fRace, null);
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
                    key -> new Counter(fWriter.attribute(NODES, fNode.fKey, CONNECTIONS, fPath, direction, type)));
        }

        /** Events were lost: its operation and command are unknown, and so are its reads and requests. */
        void forget(long time) {
            stage(time, null, null);
            fWriter.modify(time, fOperation, null);
            fWriter.modify(time, fCommand, null);
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
            for (int quark : new int[] { fOperation, fKind, fPeer, fThread, fCommand, fFileEvents }) {
                fWriter.modify(time, quark, null);
            }
            if (fBusy.isEmpty()) {
                fWriter.modify(time, fRace, null);
            }
            fBytesIn.clear(time);
            fBytesOut.clear(time);
            fMessages.values().forEach(counter -> counter.clear(time));
            stage(time, null, null);
        }
    }
}
