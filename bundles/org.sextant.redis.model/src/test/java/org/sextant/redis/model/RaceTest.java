// SPDX-License-Identifier: EPL-2.0
package org.sextant.redis.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * Races, from decoded values: two threads of a node (the main thread 1, an io thread 2) on one connection, in the
 * shapes io-threads produce. Only an overlap of two threads' work is a race, never a hand-over.
 */
class RaceTest {

    private static final String NODE = "1";
    private static final int MAIN = 1;
    private static final int IO = 2;
    private static final String CONN = "Nodes/1/Connections/9";

    private final StateLog fState = new StateLog();
    private final RedisTracker fTracker = new RedisTracker(fState, request -> {
        // requests are RedisTrackerTest's
    });

    @Test
    void theMainThreadFreeingAClientAnIoThreadIsReadingIsARace() {
        fTracker.open(1, NODE, MAIN, 9, "127.0.0.1:50000", ConnectionKind.CLIENT);
        fTracker.readStart(10, NODE, IO, 9, false);
        fTracker.close(12, NODE, MAIN, 9);
        fTracker.readEnd(13, NODE, IO, 9, false, -9); // EBADF: the descriptor is gone
        // the race lasts from the close to the read's end, which finds a connection of unknown opening: no race
        // there; a race of no duration would be lost to a state history
        assertEquals(List.of("1=null", "12=2 reading / 1 close", "13=null", "13=null"), fState.history(CONN + "/Race"));
        assertEquals("1", fState.last("Nodes/1/Races"));
    }

    @Test
    void twoThreadsReadingAndWritingAtOnceIsARaceUntilOneEnds() {
        fTracker.open(1, NODE, MAIN, 9, "127.0.0.1:50000", ConnectionKind.CLIENT);
        fTracker.writeStart(10, NODE, MAIN, 9, false);
        fTracker.readStart(11, NODE, IO, 9, false);
        fTracker.writeEnd(12, NODE, MAIN, 9, false, 5, -1);
        fTracker.readEnd(13, NODE, IO, 9, false, 27);
        assertEquals(List.of("1=idle", "10=writing", "11=race", "13=idle"), fState.history(CONN));
        assertEquals(List.of("1=null", "11=1 writing / 2 reading", "12=null", "13=null"), fState.history(CONN + "/Race"));
        assertEquals("1", fState.last("Nodes/1/Races"));
    }

    @Test
    void aClientHandedFromTheMainThreadToAnIoThreadAndBackIsNoRace() {
        fTracker.open(1, NODE, MAIN, 9, "127.0.0.1:50000", ConnectionKind.CLIENT);
        fTracker.readStart(10, NODE, IO, 9, false);
        fTracker.readEnd(11, NODE, IO, 9, false, 27);
        fTracker.commandStart(11, NODE, IO, 9, "get");
        fTracker.commandEnd(12, NODE, IO, 9, "get");
        fTracker.writeStart(13, NODE, MAIN, 9, false);
        fTracker.writeEnd(14, NODE, MAIN, 9, false, 5, -1);
        fTracker.close(15, NODE, MAIN, 9);
        assertEquals(List.of("1=null", "11=null", "14=null", "15=null"), fState.history(CONN + "/Race"));
        assertEquals(List.of(), fState.history("Nodes/1/Races"));
    }
}
