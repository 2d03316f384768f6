// SPDX-License-Identifier: EPL-2.0
package org.sextant.redis.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.sextant.redis.model.UseAfterFree.Action;
import org.sextant.redis.model.UseAfterFree.Kind;
import org.sextant.redis.model.UseAfterFree.Step;

/**
 * Uses after free and double frees from the decoded values of version 9 events, through the normalizer. The first
 * case is the end of a real crash of Redis 7.0.15 (issue #12540, recorded by tools/capture/redis-tls-crash.sh):
 * a read leaves 30 bytes in OpenSSL, the io thread (2) and the main thread (1) then read the client at once, the
 * main thread's read fails, it frees the client, and the node aborts (the second freeClient's assertion).
 */
class UseAfterFreeTrackerTest {

    private static final String NODE = "12968";
    private static final int MAIN = 1;
    private static final int IO = 2;

    private final StateLog fState = new StateLog();
    private final List<UseAfterFree> fFound = new ArrayList<>();
    private final RedisEventNormalizer fEvents = new RedisEventNormalizer(new RedisTracker(fState, request -> {
        // requests are RedisTrackerTest's
    }), new UseAfterFreeTracker(fState, fFound::add));

    private void open(long time, int fd) {
        fEvents.newConnection(time, NODE, MAIN, fd, "127.0.0.1:7311", "127.0.0.1:50000", true, "client");
    }

    @Test
    void aClientReadByTwoThreadsAtOnceFreedThenTheNodeAbortingIsADoubleFree() {
        open(1, 28);
        fEvents.startReadClientQuery(100, NODE, IO, 28);
        fEvents.endReadClientQuery(110, NODE, IO, 28, 761, -1, "set", new long[] { -1 });
        fEvents.tlsPending(111, NODE, IO, 28, 30);
        fEvents.startReadClientQuery(200, NODE, IO, 28);
        fEvents.startReadClientQuery(210, NODE, MAIN, 28);
        fEvents.endReadClientQuery(260, NODE, IO, 28, 976, -1, "get", new long[] { -1 });
        fEvents.endReadClientQuery(300, NODE, MAIN, 28, -1, -1, "set", new long[0]);
        fEvents.tlsFree(310, NODE, MAIN, 28, false);
        fEvents.freeClient(320, NODE, MAIN, 28);
        fEvents.closeUntracked(400, NODE, MAIN, 28, 0);   // the crash report's own file on the number: no second close
        assertEquals(List.of(), fFound);
        fEvents.abort(5000, NODE, MAIN);

        assertEquals(List.of(new UseAfterFree(NODE, 28, Kind.DOUBLE_FREE,
                List.of(new Step(111, IO, Action.PENDING, 30), new Step(200, IO, Action.READ_AT_ONCE, -1), new Step(210, MAIN, Action.READ_AT_ONCE, -1),
                        new Step(310, MAIN, Action.FREE, -1), new Step(5000, MAIN, Action.ABORT, -1)))),
                fFound);
        // written at the last step's time, the state being written in time order
        String finding = "Nodes/12968/Frees/0";
        assertEquals(List.of("5000=double free"), fState.history(finding));
        assertEquals("28", fState.last(finding + "/Fd"));
        assertEquals(List.of("5000=210"), fState.history(finding + "/Steps/2/Time"));
        assertEquals("1", fState.last(finding + "/Steps/2/Tid"));
        assertEquals("read at once", fState.last(finding + "/Steps/2/Action"));
        assertEquals("30", fState.last(finding + "/Steps/0/Bytes"));
        // the two reads at once are also a race of the Connections model
        assertEquals("1", fState.last("Nodes/12968/Races"));
    }

    @Test
    void aReadOfAFreedObjectIsAUseAfterFreeAndASecondFreeOfItADoubleFreeOnlyOnce() {
        open(1, 9);
        fEvents.tlsFree(10, NODE, MAIN, 9, false);
        fEvents.freeClient(11, NODE, MAIN, 9);
        fEvents.tlsFreedCall(20, NODE, IO, 9, "read");
        fEvents.tlsFree(30, NODE, MAIN, 9, true);
        assertEquals(List.of(new UseAfterFree(NODE, 9, Kind.USE_AFTER_FREE, List.of(new Step(10, MAIN, Action.FREE, -1), new Step(20, IO, Action.READ_FREED, -1)))),
                fFound);

        open(35, 9);   // the number again: a new connection, freed twice
        fEvents.freeClient(40, NODE, MAIN, 9);
        fEvents.closeUntracked(50, NODE, IO, 9, -9);
        assertEquals(new UseAfterFree(NODE, 9, Kind.DOUBLE_FREE, List.of(new Step(40, MAIN, Action.FREE, -1), new Step(50, IO, Action.CLOSE_AGAIN, -1))),
                fFound.get(1));
        assertEquals("use after free", fState.last("Nodes/12968/Frees/0"));
        assertEquals("double free", fState.last("Nodes/12968/Frees/1"));
    }

    @Test
    void anAbortAfterTheFreeOfAClientOneThreadAtATimeReadIsNone() {
        open(1, 9);
        fEvents.startReadClientQuery(10, NODE, IO, 9);
        fEvents.endReadClientQuery(11, NODE, IO, 9, 30, -1, "get", new long[] { -1 });
        fEvents.startReadClientQuery(12, NODE, MAIN, 9);
        fEvents.endReadClientQuery(13, NODE, MAIN, 9, 0, -1, "", new long[0]);
        fEvents.freeClient(14, NODE, MAIN, 9);
        fEvents.tlsPending(15, NODE, IO, 10, 100);
        fEvents.abort(20, NODE, MAIN);
        assertEquals(List.of(), fFound);
        assertEquals(List.of(), fState.history("Nodes/12968/Frees/0"));
    }
}
