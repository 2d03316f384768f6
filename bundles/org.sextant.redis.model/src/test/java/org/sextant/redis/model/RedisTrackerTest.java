// SPDX-License-Identifier: EPL-2.0
package org.sextant.redis.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/** The model's state and requests for short event sequences, each the shape of what the tracer emits. */
class RedisTrackerTest {

    private static final String NODE = "4242";
    private static final int MAIN = 4242;
    private static final String CONN = "Nodes/4242/Connections/9";

    private final StateLog fState = new StateLog();
    private final List<Request> fRequests = new ArrayList<>();
    private final RedisTracker fTracker = new RedisTracker(fState, fRequests::add);

    @Test
    void requestLifeCycle() {
        fTracker.listen(1, NODE, "127.0.0.1", 7101);
        fTracker.listen(2, NODE, "127.0.0.1", 17101);
        fTracker.sleep(10, NODE, MAIN);
        fTracker.wake(20, NODE, MAIN, 1);
        fTracker.open(21, NODE, MAIN, 9, "127.0.0.1:50000", ConnectionKind.CLIENT);
        fTracker.fileEvent(22, NODE, 9, 1, true);
        fTracker.readStart(30, NODE, MAIN, 9, false);
        fTracker.readEnd(31, NODE, MAIN, 9, false, 27);
        fTracker.commandStart(32, NODE, MAIN, 9, "set");
        fTracker.sleep(33, NODE, MAIN); // the next traced call ends the command, as the tracer does
        fTracker.commandEnd(33, NODE, MAIN, 9, "set");
        fTracker.writeStart(40, NODE, MAIN, 9, false);
        fTracker.writeEnd(41, NODE, MAIN, 9, false, 5, -1);
        fTracker.close(50, NODE, 9);

        assertEquals("127.0.0.1:7101", fState.last("Nodes/4242"));
        assertEquals(List.of(new Request(30, 41, NODE, 9, "set", "127.0.0.1:50000")), fRequests);
        assertEquals(List.of("21=idle", "30=reading", "31=idle", "32=executing", "33=idle", "40=writing", "41=idle", "50=null"),
                fState.history(CONN));
        assertEquals(List.of("10=waiting", "20=idle", "30=reading", "31=idle", "32=executing", "33=waiting", "33=idle", "40=writing", "41=idle"),
                fState.history("Nodes/4242/Event-loop"));
        assertEquals(List.of("21=0", "31=27", "50=null"), fState.history(CONN + "/Bytes in"));
        assertEquals("5", fState.last("Nodes/4242/Volume/Client out"));
        assertEquals("1", fState.last("Nodes/4242/Commands/set"));
        assertEquals("1", fState.last("Nodes/4242/Connections opened/client"));
        assertEquals(List.of("22=1", "50=null"), fState.history(CONN + "/File events"));
    }

    @Test
    void pipelinedCommandsShareTheirReadAndReplyWrite() {
        fTracker.open(1, NODE, MAIN, 9, "127.0.0.1:50000", ConnectionKind.CLIENT);
        fTracker.readStart(10, NODE, MAIN, 9, false);
        fTracker.readEnd(11, NODE, MAIN, 9, false, 60);
        fTracker.commandStart(12, NODE, MAIN, 9, "incr");
        fTracker.commandStart(12, NODE, MAIN, 9, "get");
        fTracker.commandEnd(13, NODE, MAIN, 9, "incr");
        fTracker.commandEnd(13, NODE, MAIN, 9, "get");
        fTracker.readStart(14, NODE, MAIN, 9, false); // a third command, whose reply is not written yet
        fTracker.readEnd(15, NODE, MAIN, 9, false, 20);
        fTracker.commandStart(16, NODE, MAIN, 9, "del");
        fTracker.writeEnd(20, NODE, MAIN, 9, false, 9, -1);

        assertEquals(List.of(new Request(10, 20, NODE, 9, "incr", "127.0.0.1:50000"), new Request(10, 20, NODE, 9, "get", "127.0.0.1:50000")),
                fRequests);
    }

    @Test
    void aPipelinesCommandsEndInOneEvent() {
        fTracker.open(1, NODE, MAIN, 9, "127.0.0.1:50000", ConnectionKind.CLIENT);
        fTracker.readStart(10, NODE, MAIN, 9, false);
        fTracker.readEnd(11, NODE, MAIN, 9, false, 80);
        fTracker.commandStart(12, NODE, MAIN, 9, "incr");
        fTracker.commandStart(12, NODE, MAIN, 9, "get");
        fTracker.commandStart(12, NODE, MAIN, 9, "del");
        fTracker.commandsEnd(13, NODE, MAIN, 9, 2); // the first two only: the third is still running
        fTracker.writeEnd(20, NODE, MAIN, 9, false, 9, -1);
        fTracker.commandsEnd(21, NODE, MAIN, 9, 1);
        fTracker.writeEnd(22, NODE, MAIN, 9, false, 4, -1);

        assertEquals(List.of(new Request(10, 20, NODE, 9, "incr", "127.0.0.1:50000"), new Request(10, 20, NODE, 9, "get", "127.0.0.1:50000"),
                new Request(10, 22, NODE, 9, "del", "127.0.0.1:50000")), fRequests);
        assertEquals(List.of("12=incr", "12=get", "12=del", "13=null", "21=null"), fState.history(CONN + "/Command"));
    }

    @Test
    void commandsEndAtTheirThreadsNextCall() { // events version 4 has no event for it
        fTracker.open(1, NODE, MAIN, 9, "127.0.0.1:50000", ConnectionKind.CLIENT);
        fTracker.called(10, NODE, MAIN);
        fTracker.readStart(10, NODE, MAIN, 9, false);
        fTracker.called(11, NODE, MAIN);
        fTracker.readEnd(11, NODE, MAIN, 9, false, 60);
        fTracker.commandStart(11, NODE, MAIN, 9, "incr");
        fTracker.commandStart(11, NODE, MAIN, 9, "get");
        fTracker.called(12, NODE, MAIN + 1); // another thread's call ends none of them
        fTracker.called(13, NODE, MAIN);
        fTracker.writeStart(13, NODE, MAIN, 9, false);
        fTracker.called(14, NODE, MAIN);
        fTracker.writeEnd(14, NODE, MAIN, 9, false, 9, -1);

        assertEquals(List.of(new Request(10, 14, NODE, 9, "incr", "127.0.0.1:50000"), new Request(10, 14, NODE, 9, "get", "127.0.0.1:50000")),
                fRequests);
        assertEquals(List.of("11=incr", "11=get", "13=null"), fState.history(CONN + "/Command"));
    }

    @Test
    void aWriteAnswersCommandsAnotherThreadRead() { // an io thread's reads run on the main thread, before its next call
        int io = MAIN + 1;
        fTracker.open(1, NODE, MAIN, 9, "127.0.0.1:50000", ConnectionKind.CLIENT);
        fTracker.called(10, NODE, io);
        fTracker.readStart(10, NODE, io, 9, false);
        fTracker.readEnd(11, NODE, io, 9, false, 60);
        fTracker.commandStart(11, NODE, io, 9, "set");
        fTracker.called(13, NODE, MAIN);
        fTracker.writeStart(13, NODE, MAIN, 9, false);
        fTracker.writeEnd(14, NODE, MAIN, 9, false, 5, -1);
        fTracker.called(20, NODE, io); // ends nothing more

        assertEquals(List.of(new Request(10, 14, NODE, 9, "set", "127.0.0.1:50000")), fRequests);
    }

    @Test
    void anUntoldStartIsNoEarlierThanItsNodesLatestEvent() { // events version 5: a read's start from its end's took
        RedisEventNormalizer normalizer = new RedisEventNormalizer(fTracker); // the tracker knows its nodes' latest events
        fTracker.sleep(10, NODE, MAIN);
        fTracker.wake(20, NODE, MAIN, 1);
        assertEquals(25, normalizer.untold(25, 30, NODE));
        assertEquals(20, normalizer.untold(15, 30, NODE), "another thread's event came after it started");
        assertEquals(30, normalizer.untold(15, 30, "4343"), "a node's first event: it may have started before the trace");
        assertEquals(20, normalizer.untold(30 - Long.MAX_VALUE, 30, NODE), "a damaged took reaches back no further");
    }

    @Test
    void commandsEndedByTheirEventAreNotEndedAgainAtTheNextCall() { // versions 1 to 3
        fTracker.open(1, NODE, MAIN, 9, "127.0.0.1:50000", ConnectionKind.CLIENT);
        fTracker.readEnd(11, NODE, MAIN, 9, false, 60);
        fTracker.commandStart(12, NODE, MAIN, 9, "incr");
        fTracker.commandStart(12, NODE, MAIN, 9, "get");
        fTracker.commandsEnd(13, NODE, MAIN, 9, 2);
        fTracker.called(13, NODE, MAIN);

        assertEquals(List.of("12=incr", "12=get", "13=null"), fState.history(CONN + "/Command"));
    }

    @Test
    void commandsOfAConnectionClosedMeanwhileEndWithIt() {
        fTracker.open(1, NODE, MAIN, 9, "127.0.0.1:50000", ConnectionKind.CLIENT);
        fTracker.readEnd(11, NODE, MAIN + 1, 9, false, 60);
        fTracker.commandStart(12, NODE, MAIN + 1, 9, "get"); // read by an io thread
        fTracker.called(13, NODE, MAIN);
        fTracker.close(13, NODE, MAIN, 9);
        fTracker.called(14, NODE, MAIN + 1); // the io thread's next call: its command's connection is gone

        assertEquals("null", fState.last(CONN));
        assertEquals("null", fState.last(CONN + "/Kind"));
    }

    @Test
    void aConnectionSeenMidLifeHasUnknownKindPeerAndLatency() {
        fTracker.commandStart(5, NODE, MAIN, 12, "ping");
        fTracker.commandEnd(6, NODE, MAIN, 12, "ping");
        fTracker.writeEnd(7, NODE, MAIN, 12, false, 7, -1);
        fTracker.readEnd(8, NODE, MAIN, 12, false, 14); // its start was lost

        assertEquals(List.of(), fRequests);
        assertEquals("unknown", fState.last("Nodes/4242/Connections/12/Kind"));
        assertEquals("null", fState.last("Nodes/4242/Connections/12/Peer"));
        assertEquals("1", fState.last("Nodes/4242/Commands/ping"));
        assertEquals("14", fState.last("Nodes/4242/Connections/12/Bytes in"));
        assertEquals("null", fState.last("Nodes/4242/Event-loop"));
    }

    @Test
    void aReusedDescriptorIsANewConnection() {
        fTracker.open(1, NODE, MAIN, 9, "127.0.0.1:50000", ConnectionKind.CLIENT);
        fTracker.readEnd(2, NODE, MAIN, 9, false, 10);
        fTracker.open(3, NODE, MAIN, 9, "127.0.0.1:50002", ConnectionKind.CLIENT); // its close was lost
        fTracker.readEnd(4, NODE, MAIN, 9, false, 4);

        assertEquals(List.of("1=0", "2=10", "3=null", "3=0", "4=4"), fState.history(CONN + "/Bytes in"));
        assertEquals("127.0.0.1:50002", fState.last(CONN + "/Peer"));
        assertEquals("2", fState.last("Nodes/4242/Connections opened/client"));
        assertEquals("14", fState.last("Nodes/4242/Volume/Client in"));
    }

    @Test
    void busMessagesAndBytesPerLinkAndNode() {
        fTracker.open(1, NODE, MAIN, 20, "127.0.0.1:17102", ConnectionKind.UNKNOWN);
        fTracker.writeStart(2, NODE, MAIN, 20, true);
        fTracker.busMessage(3, NODE, 20, true, BusMessages.name(0));
        fTracker.kind(3, NODE, 20, ConnectionKind.BUS);
        fTracker.writeEnd(3, NODE, MAIN, 20, true, 2256, -1);
        fTracker.readStart(4, NODE, MAIN, 20, true);
        fTracker.busMessage(5, NODE, 20, false, BusMessages.name(1));
        fTracker.readEnd(5, NODE, MAIN, 20, true, 2256);
        fTracker.busMessage(6, NODE, 21, false, BusMessages.name(4)); // an inbound link opened before tracing

        assertEquals(List.of("1=unknown", "3=bus"), fState.history("Nodes/4242/Connections/20/Kind"));
        assertEquals(List.of("1=1", "3=0"), fState.history("Nodes/4242/Connections opened/unknown"));
        assertEquals(List.of("3=1", "6=2"), fState.history("Nodes/4242/Connections opened/bus"));
        assertEquals(List.of("2=bus write", "3=idle", "4=bus read", "5=idle"), fState.history("Nodes/4242/Connections/20").subList(1, 5));
        assertEquals("1", fState.last("Nodes/4242/Bus/Sent/PING"));
        assertEquals("1", fState.last("Nodes/4242/Bus/Received/PONG"));
        assertEquals("1", fState.last("Nodes/4242/Bus/Received/PUBLISH"));
        assertEquals("1", fState.last("Nodes/4242/Connections/20/Received/PONG"));
        assertEquals("bus", fState.last("Nodes/4242/Connections/21/Kind"));
        assertEquals("2256", fState.last("Nodes/4242/Volume/Bus out"));
        assertEquals("2256", fState.last("Nodes/4242/Volume/Bus in"));
        assertEquals(List.of(), fRequests);
    }

    @Test
    void lostEventsMakeWhatWasInProgressUnknown() {
        fTracker.sleep(1, NODE, MAIN);
        fTracker.wake(2, NODE, MAIN, 1);
        fTracker.open(3, NODE, MAIN, 9, "127.0.0.1:50000", ConnectionKind.CLIENT);
        fTracker.readStart(10, NODE, MAIN, 9, false);
        fTracker.readEnd(11, NODE, MAIN, 9, false, 14);
        fTracker.commandStart(12, NODE, MAIN, 9, "ping");
        fTracker.lost(13, NODE); // its end, its reply, the next read and the next command's start were discarded
        fTracker.commandEnd(30, NODE, MAIN, 9, "ping");
        fTracker.writeStart(31, NODE, MAIN, 9, false);
        fTracker.writeEnd(32, NODE, MAIN, 9, false, 7, -1);
        fTracker.readStart(40, NODE, MAIN, 9, false);
        fTracker.readEnd(41, NODE, MAIN, 9, false, 14);
        fTracker.commandStart(42, NODE, MAIN, 9, "ping");
        fTracker.commandEnd(43, NODE, MAIN, 9, "ping");
        fTracker.writeEnd(44, NODE, MAIN, 9, false, 7, -1);

        assertEquals(List.of("12=executing", "13=null", "30=idle"), fState.history(CONN).subList(3, 6));
        assertEquals(List.of("12=executing", "13=null", "30=idle"), fState.history("Nodes/4242/Event-loop").subList(4, 7));
        assertEquals(List.of(new Request(40, 44, NODE, 9, "ping", "127.0.0.1:50000")), fRequests, "no request spans the gap");
        assertEquals("2", fState.last("Nodes/4242/Commands/ping"));
    }

    @Test
    void ioThreadsReadWhileTheMainThreadWaits() {
        fTracker.sleep(1, NODE, MAIN);
        fTracker.readStart(2, NODE, MAIN + 1, 9, false);
        fTracker.readStart(2, NODE, MAIN + 2, 10, false);
        fTracker.readEnd(3, NODE, MAIN + 1, 9, false, 30);

        fTracker.commandStart(4, NODE, MAIN + 1, 9, "get"); // parsed by the io thread, executed by the main thread later
        fTracker.commandEnd(5, NODE, MAIN + 1, 9, "get");

        assertEquals("waiting", fState.last("Nodes/4242/Event-loop"));
        assertEquals(List.of("2=reading", "3=idle"), fState.history("Nodes/4242/Threads/4243"));
        assertEquals(List.of("4=executing", "5=idle"), fState.history("Nodes/4242/Connections/9").subList(3, 5));
        assertEquals("10", fState.last("Nodes/4242/Threads/4244/Fd"));
        assertEquals("4244", fState.last("Nodes/4242/Connections/10/Thread"));
    }

    @Test
    void queryBufferHoldsTheBytesOfACommandUnderWay() {
        fTracker.open(1, NODE, MAIN, 9, "127.0.0.1:50000", ConnectionKind.CLIENT);
        fTracker.readEnd(10, NODE, MAIN, 9, false, 50031); // a SET's header and the first part of its value
        fTracker.readEnd(20, NODE, MAIN, 9, false, 50000);
        fTracker.readEnd(30, NODE, MAIN, 9, false, 100002); // the rest: the command is whole
        fTracker.commandStart(30, NODE, MAIN, 9, "set");
        fTracker.commandEnd(31, NODE, MAIN, 9, "set");
        fTracker.writeEnd(40, NODE, MAIN, 9, false, 5, -1);
        fTracker.lost(50, NODE);
        fTracker.readEnd(60, NODE, MAIN, 9, false, 10); // a command begun before the loss: its first bytes unknown
        fTracker.commandStart(70, NODE, MAIN, 9, "get");
        fTracker.close(80, NODE, 9);

        assertEquals(List.of("1=0", "10=50031", "20=100031", "30=200033", "30=0", "50=null", "70=0", "80=null"),
                fState.history(CONN + "/Query buffer"));
        assertEquals(List.of("1=0", "30=1", "40=0", "50=null", "70=1", "80=null"), fState.history(CONN + "/Replies owed"));
    }

    @Test
    void pipelinedRepliesAreOwedUntilAWriteCarriesThem() {
        fTracker.open(1, NODE, MAIN, 9, "127.0.0.1:50000", ConnectionKind.CLIENT);
        fTracker.readEnd(10, NODE, MAIN, 9, false, 80);
        fTracker.commandStart(10, NODE, MAIN, 9, "lpush");
        fTracker.commandStart(10, NODE, MAIN, 9, "lrange");
        fTracker.commandsEnd(11, NODE, MAIN, 9, 2);
        fTracker.writeEnd(20, NODE, MAIN, 9, false, 900, -1);

        assertEquals(List.of("1=0", "10=1", "10=2", "20=0"), fState.history(CONN + "/Replies owed"));
        assertEquals(List.of("10=list", "10=list", "11=null"), fState.history(CONN + "/Data structure"));
    }

    @Test
    void aWriteTheKernelTookPartOfCarriesNoReplyWhole() {
        fTracker.open(1, NODE, MAIN, 9, "127.0.0.1:50000", ConnectionKind.CLIENT);
        fTracker.readStart(9, NODE, MAIN, 9, false);
        fTracker.readEnd(10, NODE, MAIN, 9, false, 27);
        fTracker.commandStart(10, NODE, MAIN, 9, "get");
        fTracker.writeStart(19, NODE, MAIN, 9, false);
        fTracker.writeEnd(20, NODE, MAIN, 9, false, 3, 9); // the client reads slowly: 6 bytes of the reply left
        fTracker.writeStart(29, NODE, MAIN, 9, false);
        fTracker.writeEnd(30, NODE, MAIN, 9, false, 6, 6);

        assertEquals(List.of(new Request(9, 30, NODE, 9, "get", "127.0.0.1:50000")), fRequests);
        assertEquals(List.of("1=0", "10=1", "30=0"), fState.history(CONN + "/Replies owed"));
    }

    @Test
    void replyBytesAreWhatAWriteWasGivenPlacedAtTheRequestsRead() {
        fTracker.open(1, NODE, MAIN, 9, "127.0.0.1:50000", ConnectionKind.CLIENT);
        fTracker.commandStart(10, NODE, MAIN, 9, "get");
        fTracker.writeEnd(20, NODE, MAIN, 9, false, 5, 5); // the first write whose offer is known: from here on
        fTracker.commandStart(30, NODE, MAIN, 9, "get");
        fTracker.writeEnd(40, NODE, MAIN, 9, false, 3, 9); // the kernel took 3 of the 9 held
        fTracker.commandStart(50, NODE, MAIN, 9, "get");
        fTracker.commandStart(50, NODE, MAIN, 9, "lrange");
        fTracker.writeEnd(60, NODE, MAIN, 9, false, 26, 26); // 6 left, 20 added by the two, read at once
        fTracker.writeEnd(70, NODE, MAIN, 9, false, 12, 12); // pushed (a subscriber's message): no request read
        fTracker.close(80, NODE, 9);

        assertEquals(List.of("20=0", "30=9", "40=6", "50=26", "60=0", "70=0", "80=null"), fState.history(CONN + "/Reply bytes"));
    }

    @Test
    void replyBytesWaitForAWriteGivenAllAfterWritesThatMayHaveBeenGivenPart() {
        fTracker.open(1, NODE, MAIN, 9, "127.0.0.1:50000", ConnectionKind.CLIENT);
        fTracker.writeEnd(5, NODE, MAIN, 9, false, 0, 0);
        fTracker.commandStart(10, NODE, MAIN, 9, "get");
        fTracker.commandStart(11, NODE, MAIN, 9, "get");
        fTracker.writeEnd(20, NODE, MAIN, 9, false, 65536, 65536); // 64 KB given: maybe part of what is held
        fTracker.writeEnd(30, NODE, MAIN, 9, false, 65536, 65536);
        fTracker.writeEnd(40, NODE, MAIN, 9, false, 60000, 60000); // all: 191,072 bytes in all
        fTracker.commandStart(50, NODE, MAIN, 9, "get");
        fTracker.writeEnd(60, NODE, MAIN, 9, false, -11, 65536); // EAGAIN: the client stopped reading
        fTracker.close(70, NODE, 9); // 65,536 at least were held

        assertEquals(List.of("5=0", "10=95536", "11=191072", "20=125536", "30=60000", "40=0", "50=65536", "60=65536", "70=null"),
                fState.history(CONN + "/Reply bytes"));
    }

    @Test
    void replyBytesOfABacklogThatNeverDrainsArePlacedAsTheyGo() {
        fTracker.open(1, NODE, MAIN, 9, "127.0.0.1:50000", ConnectionKind.CLIENT);
        fTracker.writeEnd(5, NODE, MAIN, 9, false, 0, 0);
        for (int i = 0; i < 1100; i++) { // every write is given 64 KB: none tells all
            fTracker.commandStart(10 + 10L * i, NODE, MAIN, 9, "get");
            fTracker.writeEnd(15 + 10L * i, NODE, MAIN, 9, false, 65536, 65536);
        }

        // the 1,025th such write is one more than may wait: all are placed, as at a close, by the least they tell
        // (64 KB per request); the 1,025th request had merged the runs of requests two by two
        List<String> history = fState.history(CONN + "/Reply bytes");
        assertEquals(List.of("5=0", "10=131072", "15=65536", "25=0", "30=131072"), history.subList(0, 5));
        assertEquals(List.of("10250=65536", "10255=0"), history.subList(history.size() - 2, history.size()));
    }

    @Test
    void replyBytesOfManyRequestsBetweenTwoWritesAreSharedInRuns() {
        fTracker.open(1, NODE, MAIN, 9, "127.0.0.1:50000", ConnectionKind.CLIENT);
        fTracker.writeEnd(5, NODE, MAIN, 9, false, 0, 0);
        for (int i = 0; i < 2000; i++) {
            fTracker.commandStart(10 + i, NODE, MAIN, 9, "ping");
        }
        fTracker.writeEnd(3000, NODE, MAIN, 9, false, 14000, 14000);

        // past 1,024 runs of requests, neighbouring runs merge: the first run holds 4 requests at the end
        List<String> history = fState.history(CONN + "/Reply bytes");
        assertEquals(List.of("5=0", "10=28"), history.subList(0, 2));
        assertEquals(List.of("2009=14000", "3000=0"), history.subList(history.size() - 2, history.size()));
        assertEquals(1 + 976 + 1, history.size());
    }

    @Test
    void replyBytesPushedBeforeAWriteGivenPartAreHeldBeforeIt() {
        fTracker.open(1, NODE, MAIN, 9, "127.0.0.1:50000", ConnectionKind.CLIENT);
        fTracker.writeEnd(2, NODE, MAIN, 9, false, 0, 0);
        fTracker.writeEnd(20, NODE, MAIN, 9, false, 65536, 100000); // a subscriber's messages, pushed
        fTracker.commandStart(25, NODE, MAIN, 9, "ping");
        fTracker.writeEnd(30, NODE, MAIN, 9, false, 34471, 34471); // the rest of them, and the PING's +PONG

        assertEquals(List.of("2=0", "20=34464", "25=34471", "30=0"), fState.history(CONN + "/Reply bytes"));
    }

    @Test
    void aReplicasLinkHasNoReplyBytes() {
        fTracker.open(1, NODE, MAIN, 9, "127.0.0.1:50000", ConnectionKind.CLIENT);
        fTracker.writeEnd(3, NODE, MAIN, 9, false, 5, 5);
        fTracker.commandStart(5, NODE, MAIN, 9, "replconf");
        fTracker.kind(6, NODE, 9, ConnectionKind.REPLICA); // the tracer learns it from REPLCONF
        fTracker.writeEnd(7, NODE, MAIN, 9, false, 5, 5);
        fTracker.writeEnd(8, NODE, MAIN, 9, false, 16384, 16384); // the replication stream

        assertEquals(List.of("3=0", "6=null"), fState.history(CONN + "/Reply bytes"));
    }

    @Test
    void replyBytesAreUnknownFromLostEventsToAWriteGivenAll() {
        fTracker.open(1, NODE, MAIN, 9, "127.0.0.1:50000", ConnectionKind.CLIENT);
        fTracker.writeEnd(5, NODE, MAIN, 9, false, 0, 0);
        fTracker.lost(10, NODE);
        fTracker.commandStart(20, NODE, MAIN, 9, "get");
        fTracker.writeEnd(30, NODE, MAIN, 9, false, 2, 7);
        fTracker.commandStart(40, NODE, MAIN, 9, "get");
        fTracker.writeEnd(50, NODE, MAIN, 9, false, 10, 10);

        assertEquals(List.of("5=0", "10=null", "30=5", "40=10", "50=0"), fState.history(CONN + "/Reply bytes"));
    }

    @Test
    void requestsCountPerDataStructure() {
        fTracker.open(1, NODE, MAIN, 9, "127.0.0.1:50000", ConnectionKind.CLIENT);
        List<String> commands = List.of("get", "SET", "incr", "mset", "lpush", "rpush", "lpop", "rpop", "lrange", "hset", "sadd",
                "spop", "zadd", "zpopmin", "xadd", "publish", "subscribe", "del", "ping", "client", "no-such-command");
        for (String command : commands) {
            fTracker.commandStart(10, NODE, MAIN, 9, command);
        }

        assertEquals(List.of("string=4", "list=5", "hash=1", "set=2", "sorted set=2", "stream=1", "pubsub=2", "keyspace=1", "other=3"),
                List.of(DataStructure.values()).stream()
                        .map(structure -> structure.label() + '=' + fState.last("Nodes/4242/Data structures/" + structure.label())).toList());
    }

    @Test
    void commandTypesFollowRedisFlags() {
        assertEquals(CommandType.READ, CommandType.of("GET"));
        assertEquals(CommandType.WRITE, CommandType.of("getex")); // it may set an expiry
        assertEquals(CommandType.OTHER, CommandType.of("publish"));
        assertEquals(CommandType.OTHER, CommandType.of("no-such-command"));
    }

    @Test
    void busMessageNamesFollowRedis() {
        assertEquals("PUBLISHSHARD", BusMessages.name(10));
        assertEquals("UNKNOWN_42", BusMessages.name(42));
        assertEquals("auth-req", BusMessages.clusterInfoName(BusMessages.name(5)));
        assertEquals("publish", BusMessages.clusterInfoName("PUBLISH"));
    }
}
