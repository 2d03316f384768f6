// SPDX-License-Identifier: EPL-2.0
package org.sextant.redis.model;

/**
 * What Redis nodes did, in the model's terms and in time order: the current form of the tracer's events
 * ({@code docs/redis-events.md}), every call told with its start and end, every command with its name. The
 * {@link RedisTracker} takes it; {@link RedisEventNormalizer} makes it from the events of any version, so that no
 * version of the protocol reaches the tracker.
 */
public interface RedisActivity {

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
    void listen(long time, String node, String address, int port);

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
    void open(long time, String node, int tid, int fd, String local, String peer, boolean accepted, ConnectionKind kind);

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
    void kind(long time, String node, int fd, ConnectionKind kind);

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
    void close(long time, String node, int tid, int fd);

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
    void readable(long time, String node, int fd);

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
    void readStart(long time, String node, int tid, int fd, boolean bus);

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
    void readEnd(long time, String node, int tid, int fd, boolean bus, long bytes);

    /**
     * A command of a client was read whole and starts executing, with the slot of its key. Read by an io thread,
     * it executes later on the event loop's thread, when the tracer cannot see: the connection shows it executing,
     * the io thread does not.
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
    void commandStart(long time, String node, int tid, int fd, String command, int slot);

    /**
     * A command has executed, told by an event of its own (a static instrumentation's, as the tracer's events
     * version 1).
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
    void commandEnd(long time, String node, int tid, int fd, String command);

    /**
     * The commands a thread started on a connection have executed, the oldest first, told by an event of their
     * own (one for a pipeline's commands, as the tracer's events versions 2 and 3).
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
    void commandsEnd(long time, String node, int tid, int fd, int count);

    /**
     * A thread made a traced call: the commands it started since its last call have executed, those of each
     * connection the oldest first. Commands an event ended ({@link #commandEnd}, {@link #commandsEnd}) are not
     * left to end here; those left without an end (a recording stopped and started again in between) end here
     * too.
     *
     * @param time
     *            nanoseconds
     * @param node
     *            the node's key
     * @param tid
     *            the thread
     */
    void called(long time, String node, int tid);

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
    void redirect(long time, String node, int fd, long reply, String kind, int slot, String target);

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
    void writeStart(long time, String node, int tid, int fd, boolean bus);

    /**
     * A write ends; it carries the replies of the requests executed before it, unless it wrote less than it was
     * given.
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
     * @param offered
     *            the bytes the write was given, -1 when not known (events before version 10)
     */
    void writeEnd(long time, String node, int tid, int fd, boolean bus, long bytes, long offered);

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
    void busMessage(long time, String node, int fd, boolean sent, String type, int senderPort);

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
    void fileEvent(long time, String node, int fd, int mask, boolean added);

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
    void sleep(long time, String node, int tid);

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
    void wake(long time, String node, int tid, int ready);

    /**
     * The tracer discarded events of a node (its buffers were full): what the node was doing is unknown from
     * then on, until its next events tell.
     *
     * @param time
     *            nanoseconds, the start of the gap
     * @param node
     *            the node's key
     */
    void lost(long time, String node);

    /**
     * The time of the node's latest activity, before which nothing more of it can be told: the state is written
     * in time order.
     *
     * @param node
     *            the node's key
     * @return nanoseconds, {@link Long#MIN_VALUE} while the node has none
     */
    long latest(String node);
}
