// SPDX-License-Identifier: EPL-2.0
package org.sextant.redis.model;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Links the points of a request's path that lie on different connections or nodes ({@link Link}), from decoded
 * values that {@link RedisTracker} hands over in time order. Every link is exact or not made:
 * <ul>
 * <li>a redirection names its reply by ordinal on its connection; it is linked to the first later command of the
 * same name and key slot, from the same client address, on the node it named;</li>
 * <li>Redis broadcasts a PUBLISH to each peer on its outgoing link, later, when the link is writable: the n-th
 * PUBLISH message written on an outgoing link since it became a bus link is the n-th publish command executed
 * since then (a link that breaks closes, and its count starts again with the next);</li>
 * <li>bus messages of one link arrive in the order they were written (TCP): the n-th PUBLISH node A wrote on its
 * outgoing link to B is the n-th PUBLISH B read from A (its header's sender port);</li>
 * <li>a replica reads its primary's stream in order: a primary's write ends in the replica's read that brings the
 * write's last byte, counted from the first traced byte of both ends of the connection.</li>
 * </ul>
 * The reader's event may come first: the tracer emits a write's events when the write returns, and the peer may
 * have read the bytes by then. So both ends wait for each other, and a hop starts where its write started.
 */
final class RedisPaths {

    /** The bus message type of a publication. */
    private static final String PUBLISH = BusMessages.name(4);
    /** Reads of a replica kept waiting for its primary's writes, which come microseconds later if they come at all. */
    private static final int MAX_EARLY_READS = 1024;
    /** Bus ports are the data ports plus this (Redis's default cluster-port offset). */
    private static final int BUS_PORT_OFFSET = 10000;

    private final Consumer<Link> fLinks;
    /** Redirections waiting for their retry, oldest first. */
    private final List<Redirection> fRedirections = new ArrayList<>();
    /** PUBLISH bus messages written and not yet read, and read and not yet written, by "senderPort>receiverPort". */
    private final Map<String, Deque<Point>> fBus = new HashMap<>();
    private final Map<String, Deque<Point>> fBusRead = new HashMap<>();
    /** Data ports of nodes that lost events: their bus messages are no longer counted against their peers'. */
    private final Set<Integer> fUncounted = new HashSet<>();
    /** Publish commands not yet broadcast, per node, per outgoing bus link. */
    private final Map<String, Map<Integer, Deque<Point>>> fPublications = new HashMap<>();
    /** Replication writes not yet read, by the primary's connection "local>peer". */
    private final Map<String, Stream> fStreams = new HashMap<>();

    RedisPaths(Consumer<Link> links) {
        fLinks = links;
    }

    /** A point on a connection. */
    private record Point(long time, String node, int fd) {
    }

    private record Redirection(Point reply, String clientAddress, String command, int slot, String target) {
    }

    /** A primary's write on a replica connection: its bytes end at that offset of the stream. */
    private record Write(Point point, long end, long bytes) {
    }

    /** A replica's read: the stream's bytes up to this offset have arrived. */
    private record Read(Point point, long end) {
    }

    /** A primary's writes on one replica connection and the replica's reads, not yet linked; the bytes of each end so far. */
    private static final class Stream {
        String fPrimary;
        String fReplica;
        final Deque<Write> fWrites = new ArrayDeque<>();
        final Deque<Read> fReads = new ArrayDeque<>();
        long fWritten;
        long fRead;
        /** Whether an end lost events: the offsets no longer match. */
        boolean fBroken;

        Stream(String primary) {
            fPrimary = primary;
        }
    }

    /**
     * A MOVED or ASK reply to the command.
     *
     * @param time
     *            nanoseconds
     * @param node
     *            the node that replied
     * @param fd
     *            the client's connection
     * @param peer
     *            the client's "address:port"
     * @param command
     *            the command redirected
     * @param slot
     *            its key's slot
     * @param target
     *            the node to ask, "address:port"
     */
    void redirect(long time, String node, int fd, String peer, String command, int slot, String target) {
        fRedirections.add(new Redirection(new Point(time, node, fd), address(peer), command, slot, target));
    }

    /**
     * A command starts on a node: the retry of a redirection, maybe.
     *
     * @param time
     *            nanoseconds
     * @param node
     *            the node's key
     * @param nodeAddress
     *            its "address:port", null when its listen was not traced
     * @param fd
     *            the client's connection
     * @param peer
     *            the client's "address:port"
     * @param command
     *            the command
     * @param slot
     *            its key's slot, -1 when unknown
     */
    void command(long time, String node, String nodeAddress, int fd, String peer, String command, int slot) {
        if (slot < 0 || nodeAddress == null || fRedirections.isEmpty()) {
            return;
        }
        String client = address(peer);
        for (Iterator<Redirection> it = fRedirections.iterator(); it.hasNext();) {
            Redirection r = it.next();
            if (r.slot() == slot && r.command().equals(command) && r.target().equals(nodeAddress) && r.clientAddress().equals(client)) {
                it.remove();
                fLinks.accept(new Link(Link.Kind.REDIRECT, r.reply().time(), r.reply().node(), r.reply().fd(), time, node, fd, command));
                return;
            }
        }
    }

    /**
     * An outgoing bus link of a node opened (its kind became known) or closed.
     *
     * @param node
     *            the node
     * @param fd
     *            the link's connection
     * @param open
     *            true when it opened, false when it closed
     */
    void busLink(String node, int fd, boolean open) {
        Map<Integer, Deque<Point>> links = fPublications.computeIfAbsent(node, k -> new HashMap<>());
        if (open) {
            links.put(fd, new ArrayDeque<>());
        } else {
            links.remove(fd);
        }
    }

    /**
     * A publish command starts executing: each of the node's outgoing links will carry it.
     *
     * @param time
     *            nanoseconds
     * @param node
     *            the node
     * @param fd
     *            the client's connection
     */
    void publish(long time, String node, int fd) {
        Point command = new Point(time, node, fd);
        fPublications.getOrDefault(node, Map.of()).values().forEach(queue -> queue.add(command));
    }

    /**
     * A bus message written.
     *
     * @param time
     *            nanoseconds
     * @param node
     *            the writing node
     * @param nodePort
     *            its data port, -1 when unknown
     * @param fd
     *            the bus connection
     * @param peer
     *            its peer "address:port": a peer's bus port on an outgoing link
     * @param type
     *            the message type's name
     */
    void busSent(long time, String node, int nodePort, int fd, String peer, String type) {
        if (!PUBLISH.equals(type)) {
            return;
        }
        Deque<Point> publications = fPublications.getOrDefault(node, Map.of()).get(fd);
        Point command = publications == null ? null : publications.poll();
        if (command != null) {
            fLinks.accept(new Link(Link.Kind.FAN_OUT, command.time(), command.node(), command.fd(), time, node, fd, type));
        }
        int peerPort = port(peer);
        if (nodePort >= 0 && peerPort > BUS_PORT_OFFSET && !fUncounted.contains(nodePort) && !fUncounted.contains(peerPort - BUS_PORT_OFFSET)) {
            meet(nodePort + ">" + (peerPort - BUS_PORT_OFFSET), new Point(time, node, fd), fBus, fBusRead, true); //$NON-NLS-1$
        }
    }

    /** A bus message's end: linked to the other end waiting, if any, else it waits. */
    private void meet(String key, Point end, Map<String, Deque<Point>> ours, Map<String, Deque<Point>> theirs, boolean written) {
        Deque<Point> other = theirs.get(key);
        Point match = other == null ? null : other.poll();
        if (match == null) {
            ours.computeIfAbsent(key, k -> new ArrayDeque<>()).add(end);
            return;
        }
        Point from = written ? end : match;
        Point to = written ? match : end;
        fLinks.accept(new Link(Link.Kind.BUS, from.time(), from.node(), from.fd(), to.time(), to.node(), to.fd(), PUBLISH));
    }

    /**
     * A bus message read.
     *
     * @param time
     *            nanoseconds
     * @param node
     *            the reading node
     * @param nodePort
     *            its data port, -1 when unknown
     * @param fd
     *            the bus connection
     * @param type
     *            the message type's name
     * @param senderPort
     *            the sender's data port, from the message's header
     */
    void busReceived(long time, String node, int nodePort, int fd, String type, int senderPort) {
        if (PUBLISH.equals(type) && nodePort >= 0 && senderPort >= 0 && !fUncounted.contains(nodePort) && !fUncounted.contains(senderPort)) {
            meet(senderPort + ">" + nodePort, new Point(time, node, fd), fBusRead, fBus, false); //$NON-NLS-1$
        }
    }

    /**
     * A primary wrote to a replica.
     *
     * @param time
     *            nanoseconds
     * @param node
     *            the primary
     * @param fd
     *            the replica's connection
     * @param local
     *            the connection's local "address:port"
     * @param peer
     *            its peer
     * @param bytes
     *            bytes written
     */
    void replicationWrite(long time, String node, int fd, String local, String peer, long bytes) {
        Stream stream = fStreams.computeIfAbsent(local + '>' + peer, k -> new Stream(node));
        if (stream.fBroken) {
            return;
        }
        stream.fPrimary = node;
        stream.fWritten += bytes;
        stream.fWrites.add(new Write(new Point(time, node, fd), stream.fWritten, bytes));
        link(stream);
    }

    /**
     * A replica read from its primary.
     *
     * @param time
     *            nanoseconds
     * @param node
     *            the replica
     * @param fd
     *            its connection to the primary
     * @param local
     *            the connection's local "address:port"
     * @param peer
     *            the primary's
     * @param bytes
     *            bytes read
     */
    void replicationRead(long time, String node, int fd, String local, String peer, long bytes) {
        Stream stream = fStreams.computeIfAbsent(peer + '>' + local, k -> new Stream(""));
        if (stream.fBroken) {
            return;
        }
        stream.fReplica = node;
        stream.fRead += bytes;
        stream.fReads.add(new Read(new Point(time, node, fd), stream.fRead));
        if (stream.fWrites.isEmpty() && stream.fReads.size() > MAX_EARLY_READS) {
            stream.fReads.poll(); // no write for them: the primary is not traced
        }
        link(stream);
    }

    /** Each write ends in the first read that brings its last byte; a read may bring several writes. */
    private void link(Stream stream) {
        while (!stream.fWrites.isEmpty() && !stream.fReads.isEmpty()) {
            Write write = stream.fWrites.peek();
            Read read = stream.fReads.peek();
            if (read.end() < write.end()) {
                stream.fReads.poll(); // it brings part of this write only: a later read ends it
                continue;
            }
            stream.fWrites.poll();
            Point from = write.point();
            Point to = read.point();
            fLinks.accept(new Link(Link.Kind.REPLICATION, from.time(), from.node(), from.fd(), to.time(), to.node(), to.fd(), Long.toString(write.bytes())));
        }
    }

    /**
     * A node's events were lost: what it wrote or read cannot be counted against its peers' any more. Its pending
     * publications are dropped, its bus links and replication streams are no longer linked from then on, and
     * with them go the links they would have made; its redirections stand (their retries are on other nodes).
     *
     * @param node
     *            the node
     * @param nodePort
     *            its data port, -1 when unknown
     */
    void lost(String node, int nodePort) {
        fPublications.remove(node);
        if (nodePort >= 0) {
            fUncounted.add(nodePort);
            for (Map<String, Deque<Point>> ends : List.of(fBus, fBusRead)) {
                ends.keySet().removeIf(key -> key.startsWith(nodePort + ">") || key.endsWith(">" + nodePort)); //$NON-NLS-1$ //$NON-NLS-2$
            }
        }
        for (Stream stream : fStreams.values()) {
            if (stream.fPrimary.equals(node) || node.equals(stream.fReplica)) {
                stream.fBroken = true;
                stream.fWrites.clear();
            }
        }
    }

    /** @return the address part of "address:port" */
    private static String address(String endpoint) {
        int colon = endpoint.lastIndexOf(':');
        return colon < 0 ? endpoint : endpoint.substring(0, colon);
    }

    /** @return the port of "address:port", -1 when there is none */
    static int port(String endpoint) {
        int colon = endpoint.lastIndexOf(':');
        try {
            return colon < 0 ? -1 : Integer.parseInt(endpoint.substring(colon + 1));
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
