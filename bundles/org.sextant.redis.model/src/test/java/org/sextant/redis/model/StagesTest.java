// SPDX-License-Identifier: EPL-2.0
package org.sextant.redis.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;

/** A client connection's stages through one loop iteration, with and without io threads, as the tracer emits it. */
class StagesTest {

    private static final String NODE = "4242";
    private static final int MAIN = 4242;
    private static final int IO = 4243;

    private final StateLog fState = new StateLog();
    private final RedisTracker fTracker = new RedisTracker(fState, request -> {
        // requests are RedisTrackerTest's
    });

    private void openClients(int... fds) {
        for (int fd : fds) {
            fTracker.open(1, NODE, MAIN, fd, "127.0.0.1:" + (50000 + fd), ConnectionKind.CLIENT);
        }
        fTracker.sleep(2, NODE, MAIN);
    }

    @Test
    void withIoThreadsExecutionEndsWhenTheWritePhaseStarts() {
        openClients(9, 10);
        fTracker.wake(20, NODE, MAIN, 2);
        fTracker.readable(20, NODE, 9);
        fTracker.readable(20, NODE, 10);
        // handleClientsWithPendingReadsUsingThreads: the io thread reads 9, the main thread 10; both only parse
        fTracker.readStart(30, NODE, IO, 9, false);
        fTracker.readStart(31, NODE, MAIN, 10, false);
        fTracker.readEnd(35, NODE, IO, 9, false, 27);
        fTracker.commandStart(35, NODE, IO, 9, "set");
        fTracker.readEnd(36, NODE, MAIN, 10, false, 27);
        fTracker.commandStart(36, NODE, MAIN, 10, "get");
        // the main thread executes both, unseen; handleClientsWithPendingWritesUsingThreads: it writes 10, the io thread 9
        fTracker.commandEnd(50, NODE, MAIN, 10, "get");
        fTracker.writeStart(50, NODE, MAIN, 10, false);
        fTracker.commandEnd(51, NODE, IO, 9, "set");
        fTracker.writeStart(51, NODE, IO, 9, false);
        fTracker.writeEnd(55, NODE, MAIN, 10, false, 5, -1);
        fTracker.writeEnd(56, NODE, IO, 9, false, 5, -1);
        fTracker.sleep(60, NODE, MAIN);

        assertEquals(List.of("20=pending read", "30=reading", "35=null", "35=executing", "50=pending write", "51=writing", "56=null"),
                fState.history("Nodes/4242/Stages/9"));
        assertEquals(List.of("20=null", "30=4243", "35=null", "35=4242", "50=null", "51=4243", "56=null"),
                fState.history("Nodes/4242/Stages/9/Thread"));
        assertEquals(List.of("20=pending read", "31=reading", "36=null", "36=executing", "50=writing", "55=null"),
                fState.history("Nodes/4242/Stages/10"));
        assertEquals(List.of("20=null", "31=4242", "36=null", "36=4242", "50=4242", "55=null"),
                fState.history("Nodes/4242/Stages/10/Thread"));
    }

    @Test
    void withoutIoThreadsExecutionEndsWithTheCommands() {
        openClients(9);
        fTracker.wake(20, NODE, MAIN, 1);
        fTracker.readable(20, NODE, 9);
        fTracker.readStart(30, NODE, MAIN, 9, false);
        fTracker.readEnd(31, NODE, MAIN, 9, false, 54);
        fTracker.commandStart(31, NODE, MAIN, 9, "set");
        fTracker.commandStart(31, NODE, MAIN, 9, "get");
        fTracker.commandEnd(33, NODE, MAIN, 9, "set"); // at the main thread's next traced call
        fTracker.commandEnd(33, NODE, MAIN, 9, "get");
        fTracker.writeStart(40, NODE, MAIN, 9, false);
        fTracker.writeEnd(41, NODE, MAIN, 9, false, 10, -1);

        assertEquals(List.of("20=pending read", "30=reading", "31=null", "31=executing", "33=pending write", "40=writing", "41=null"),
                fState.history("Nodes/4242/Stages/9"));
    }

    @Test
    void aReadOfPartOfACommandLeavesNoStageAndABusConnectionHasNone() {
        openClients(9);
        fTracker.open(3, NODE, MAIN, 11, "127.0.0.1:17000", ConnectionKind.BUS);
        fTracker.wake(20, NODE, MAIN, 2);
        fTracker.readable(20, NODE, 9);
        fTracker.readStart(30, NODE, MAIN, 9, false);
        fTracker.readEnd(31, NODE, MAIN, 9, false, 10);
        fTracker.readStart(32, NODE, MAIN, 11, true);
        fTracker.readEnd(33, NODE, MAIN, 11, true, 2256);
        fTracker.close(40, NODE, 9);

        assertEquals(List.of("20=pending read", "30=reading", "31=null", "40=null"), fState.history("Nodes/4242/Stages/9"));
        assertEquals(List.of(), fState.history("Nodes/4242/Stages/11"));
    }
}
