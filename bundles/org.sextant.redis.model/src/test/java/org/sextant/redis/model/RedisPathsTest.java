// SPDX-License-Identifier: EPL-2.0
package org.sextant.redis.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * The hops of requests' paths from decoded values, each sequence the shape of what the tracer emits on two nodes:
 * A (pid 1, 127.0.0.1:7101) and B (pid 2, 127.0.0.1:7102).
 */
class RedisPathsTest {

    private static final String A = "1";
    private static final String B = "2";

    private final List<Link> fLinks = new ArrayList<>();
    private final RedisTracker fTracker = new RedisTracker(new StateLog(), request -> {
        // requests are RedisTrackerTest's
    }, fLinks::add);

    private void nodes() {
        fTracker.listen(1, A, "127.0.0.1", 7101);
        fTracker.listen(1, B, "127.0.0.1", 7102);
    }

    /** A client request on a node, from its read to its reply's write. */
    private void request(long time, String node, int fd, String command, int slot) {
        int tid = Integer.parseInt(node);
        fTracker.readStart(time, node, tid, fd, false);
        fTracker.readEnd(time + 1, node, tid, fd, false, 30);
        fTracker.commandStart(time + 1, node, tid, fd, command, slot);
        fTracker.commandEnd(time + 2, node, tid, fd, command);
        fTracker.writeStart(time + 3, node, tid, fd, false);
        fTracker.writeEnd(time + 4, node, tid, fd, false, 30, -1);
    }

    @Test
    void aMovedIsLinkedToTheSameClientsRetryOfTheSameCommandAndSlotOnTheNodeNamed() {
        nodes();
        fTracker.open(2, A, 1, 9, "127.0.0.1:7101", "127.0.0.1:50000", true, ConnectionKind.CLIENT);
        fTracker.open(2, B, 2, 9, "127.0.0.1:7102", "10.0.0.9:50001", true, ConnectionKind.CLIENT); // another client
        fTracker.open(2, B, 2, 10, "127.0.0.1:7102", "127.0.0.1:50002", true, ConnectionKind.CLIENT);
        request(10, A, 9, "get", 12182);
        request(20, A, 9, "set", 3443);
        fTracker.redirect(24, A, 9, 2, "MOVED", 3443, "127.0.0.1:7102"); // the second reply: the set
        request(30, B, 9, "set", 3443);  // another client's
        request(40, B, 10, "get", 3443); // another command
        request(50, B, 10, "set", 3443); // the retry
        request(60, B, 10, "set", 3443); // a later one, not linked again
        assertEquals(List.of(new Link(Link.Kind.REDIRECT, 24, A, 9, 51, B, 10, "set")), fLinks);
    }

    @Test
    void aRedirectionWhoseRepliesWereNotAllSeenIsNotLinked() {
        nodes();
        request(10, A, 9, "set", 3443); // its connection's opening was not traced: ordinals unknown
        fTracker.redirect(14, A, 9, 1, "MOVED", 3443, "127.0.0.1:7102");
        fTracker.open(15, B, 2, 10, "127.0.0.1:7102", ":0", true, ConnectionKind.CLIENT);
        request(20, B, 10, "set", 3443);
        assertEquals(List.of(), fLinks);
    }

    @Test
    void eachPublishIsBroadcastOnEachOutgoingLinkLaterAndEachMessageMeetsItsReadingInOrder() {
        nodes();
        fTracker.open(2, A, 1, 9, "127.0.0.1:7101", "127.0.0.1:50000", true, ConnectionKind.CLIENT);
        fTracker.open(2, A, 1, 20, "127.0.0.1:40000", "127.0.0.1:17102", false, ConnectionKind.UNKNOWN); // A's link to B
        fTracker.kind(3, A, 20, ConnectionKind.BUS); // at its first write
        fTracker.open(2, B, 2, 30, "127.0.0.1:17102", "127.0.0.1:40000", true, ConnectionKind.BUS);
        // two pipelined publishes execute; Redis writes their broadcasts when the link is writable
        fTracker.commandStart(10, A, 1, 9, "publish", 5);
        fTracker.commandStart(10, A, 1, 9, "publish", 5);
        fTracker.commandEnd(11, A, 1, 9, "publish");
        fTracker.commandEnd(11, A, 1, 9, "publish");
        fTracker.busMessage(12, A, 20, true, "PING", 7101); // gossip: no publication's
        fTracker.busMessage(13, A, 20, true, "PUBLISH", 7101);
        fTracker.busMessage(13, A, 20, true, "PUBLISH", 7101);
        fTracker.busMessage(20, B, 30, false, "PING", 7101);
        fTracker.busMessage(21, B, 30, false, "PUBLISH", 7101);
        fTracker.busMessage(22, B, 30, false, "PUBLISH", 7101);
        assertEquals(List.of(new Link(Link.Kind.FAN_OUT, 10, A, 9, 13, A, 20, "PUBLISH"), new Link(Link.Kind.FAN_OUT, 10, A, 9, 13, A, 20, "PUBLISH"),
                new Link(Link.Kind.BUS, 13, A, 20, 21, B, 30, "PUBLISH"), new Link(Link.Kind.BUS, 13, A, 20, 22, B, 30, "PUBLISH")), fLinks);
    }

    @Test
    void afterLostEventsNothingIsCountedAgainstThePeers() {
        nodes();
        fTracker.open(2, A, 1, 20, "127.0.0.1:40000", "127.0.0.1:17102", false, ConnectionKind.BUS);
        fTracker.open(2, B, 2, 30, "127.0.0.1:17102", "127.0.0.1:40000", true, ConnectionKind.BUS);
        fTracker.open(2, A, 1, 9, "127.0.0.1:7101", "127.0.0.1:50000", true, ConnectionKind.CLIENT);
        fTracker.commandStart(10, A, 1, 9, "publish", 5);
        fTracker.busMessage(11, A, 20, true, "PUBLISH", 7101);
        fTracker.lost(12, B); // B may have read that message in the gap
        fTracker.busMessage(13, A, 20, true, "PUBLISH", 7101);
        fTracker.busMessage(14, B, 30, false, "PUBLISH", 7101);
        assertEquals(List.of(new Link(Link.Kind.FAN_OUT, 10, A, 9, 11, A, 20, "PUBLISH")), fLinks);
    }

    @Test
    void aPrimarysWriteEndsInTheReplicasReadThatBringsItsLastByte() {
        nodes();
        // B replicates A: A accepted B's connection, B made it
        fTracker.open(2, A, 1, 11, "127.0.0.1:7101", "127.0.0.1:45000", true, ConnectionKind.CLIENT);
        fTracker.kind(3, A, 11, ConnectionKind.REPLICA);
        fTracker.open(2, B, 2, 12, "127.0.0.1:45000", "127.0.0.1:7101", false, ConnectionKind.REPLICA);
        fTracker.writeStart(10, A, 1, 11, false);
        fTracker.writeEnd(11, A, 1, 11, false, 40, -1);
        fTracker.writeStart(12, A, 1, 11, false);
        fTracker.writeEnd(13, A, 1, 11, false, 60, -1);
        fTracker.readStart(20, B, 2, 12, false);
        fTracker.readEnd(21, B, 2, 12, false, 50); // all of the first write, part of the second
        fTracker.writeStart(22, B, 2, 12, false);  // the replica's acknowledgement flows back: no link
        fTracker.writeEnd(23, B, 2, 12, false, 30, -1);
        fTracker.readStart(30, B, 2, 12, false);
        fTracker.readEnd(31, B, 2, 12, false, 50);
        fTracker.readStart(32, A, 1, 11, false);
        fTracker.readEnd(33, A, 1, 11, false, 30);
        // each from the start of its write
        assertEquals(List.of(new Link(Link.Kind.REPLICATION, 10, A, 11, 21, B, 12, "40"), new Link(Link.Kind.REPLICATION, 12, A, 11, 31, B, 12, "60")),
                fLinks);
    }

    @Test
    void aReplicaReadingBeforeItsPrimarysWriteReturnedStillMeetsIt() {
        nodes();
        fTracker.open(2, A, 1, 11, "127.0.0.1:7101", "127.0.0.1:45000", true, ConnectionKind.REPLICA);
        fTracker.open(2, B, 2, 12, "127.0.0.1:45000", "127.0.0.1:7101", false, ConnectionKind.REPLICA);
        fTracker.writeStart(10, A, 1, 11, false);
        fTracker.readStart(11, B, 2, 12, false);
        fTracker.readEnd(12, B, 2, 12, false, 40); // the bytes are there before the writer's event says so
        fTracker.writeEnd(13, A, 1, 11, false, 40, -1);
        assertEquals(List.of(new Link(Link.Kind.REPLICATION, 10, A, 11, 12, B, 12, "40")), fLinks);
    }
}
