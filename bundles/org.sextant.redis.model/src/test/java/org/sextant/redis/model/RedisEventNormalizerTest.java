// SPDX-License-Identifier: EPL-2.0
package org.sextant.redis.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/**
 * Each version's events in, as decoded values, and the model's current form out, one readable line per call:
 * "time call thread fd what".
 */
class RedisEventNormalizerTest {

    private static final String NODE = "4242";
    private static final int MAIN = 4242;
    private static final int IO = 4243;
    private static final long[] NONE = {};

    private final CallLog fModel = new CallLog();
    private final RedisEventNormalizer fEvents = new RedisEventNormalizer(fModel);

    @Test
    void version1TellsEachCommandsStartAndEnd() {
        fEvents.startReadClientQuery(10, NODE, MAIN, 9);
        fEvents.endReadClientQuery(11, NODE, MAIN, 9, 27, -1, "", NONE);
        fEvents.callCommandStart(11, NODE, MAIN, 9, "set", 12182);
        fEvents.callCommandEnd(13, NODE, MAIN, 9, "set");
        fEvents.writeToClientStart(13, NODE, MAIN, 9);
        fEvents.writeToClientEnd(14, NODE, MAIN, 9, 5, -1, -1);

        assertEquals(List.of("10 called t4242", "10 readStart t4242 fd9", "11 readEnd t4242 fd9 27", "11 commandStart t4242 fd9 set slot 12182",
                "13 commandEnd t4242 fd9 set", "13 called t4242", "13 writeStart t4242 fd9", "14 writeEnd t4242 fd9 5"), fModel.fLines);
    }

    @Test
    void version2EndsAPipelinesCommandsInOneEventAndTellsWhatIsReadable() {
        fEvents.afterSleep(10, NODE, MAIN, 2);
        fEvents.readable(10, NODE, MAIN, new long[] { 9, 10 });
        fEvents.callCommandsEnd(12, NODE, MAIN, 9, 3);

        assertEquals(List.of("10 called t4242", "10 wake t4242 2", "10 called t4242", "10 readable fd9", "10 readable fd10",
                "12 commandsEnd t4242 fd9 3"), fModel.fLines);
    }

    @Test
    void version3TellsAReadsCommandsInOneEventAndVersion4WithItsEnd() {
        fEvents.callCommandsStart(11, NODE, MAIN, 9, "incr get", new long[] { 5, -1 });
        fEvents.endReadClientQuery(20, NODE, MAIN, 9, 40, -1, "del", new long[] { 7 });

        assertEquals(List.of("11 commandStart t4242 fd9 incr slot 5", "11 commandStart t4242 fd9 get slot -1", "20 readEnd t4242 fd9 40",
                "20 commandStart t4242 fd9 del slot 7"), fModel.fLines);
    }

    @Test
    void version5TellsAnUntoldStartByItsEnd() {
        fEvents.endReadClientQuery(100, NODE, MAIN, 9, 27, 30, "", NONE); // the node's first event: its start may precede the trace
        fEvents.beforeSleep(110, NODE, IO);
        fEvents.writeToClientEnd(120, NODE, MAIN, 9, 5, 4, -1); // started at 116
        fEvents.writeToClientEnd(130, NODE, MAIN, 9, 5, 100, -1); // started at 30, but the node's latest event was at 120

        assertEquals(List.of("100 called t4242", "100 readStart t4242 fd9", "100 readEnd t4242 fd9 27", "110 called t4243", "110 sleep t4243",
                "116 called t4242", "116 writeStart t4242 fd9", "120 writeEnd t4242 fd9 5", "120 called t4242", "120 writeStart t4242 fd9",
                "130 writeEnd t4242 fd9 5"), fModel.fLines);
    }

    @Test
    void version6WritesRunsOfOneCommandOnce() {
        fEvents.callCommandsStart(11, NODE, MAIN, 9, "get*3 set", new long[] { 1, 2, 3, 4 });
        fEvents.callCommandsStart(12, NODE, MAIN, 9, "a*b c", new long[] { -1, -1 }); // as many names as commands: names of versions 3 to 5

        assertEquals(List.of("11 commandStart t4242 fd9 get slot 1", "11 commandStart t4242 fd9 get slot 2", "11 commandStart t4242 fd9 get slot 3",
                "11 commandStart t4242 fd9 set slot 4", "12 commandStart t4242 fd9 a*b slot -1", "12 commandStart t4242 fd9 c slot -1"),
                fModel.fLines);
    }

    @Test
    void version7TellsTheWritesAThreadKeptInOneEvent() {
        fEvents.afterSleep(100, NODE, MAIN, 2);
        fEvents.writesEnd(200, NODE, MAIN, new long[] { 9, -1, 10 }, new long[] { 5, 6, 7 }, new long[] { 10, 10, 10 }, new long[] { 50, 40, 20 }, new long[0]);

        assertEquals(List.of("100 called t4242", "100 wake t4242 2", "140 called t4242", "140 writeStart t4242 fd9", "150 writeEnd t4242 fd9 5",
                "170 called t4242", "170 writeStart t4242 fd10", "180 writeEnd t4242 fd10 7"), fModel.fLines);
    }

    @Test
    void version10TellsWhatEachWriteWasGiven() {
        fEvents.afterSleep(100, NODE, MAIN, 2);
        fEvents.writeToClientEnd(110, NODE, MAIN, 9, 5, 2, 5);
        fEvents.writesEnd(200, NODE, MAIN, new long[] { 9, 10 }, new long[] { 5, 70000 }, new long[] { 10, 10 }, new long[] { 50, 20 },
                new long[] { 5, 90000 });

        assertEquals(List.of("100 called t4242", "100 wake t4242 2", "108 called t4242", "108 writeStart t4242 fd9", "110 writeEnd t4242 fd9 5 of 5",
                "140 called t4242", "140 writeStart t4242 fd9", "150 writeEnd t4242 fd9 5 of 5", "170 called t4242", "170 writeStart t4242 fd10",
                "180 writeEnd t4242 fd10 70000 of 90000"), fModel.fLines);
    }

    @Test
    void version8TellsTheReadsAThreadKeptWithTheirCommands() {
        fEvents.afterSleep(100, NODE, MAIN, 2);
        fEvents.readsEnd(200, NODE, MAIN, new long[] { 9, 10 }, new long[] { 60, 20 }, new long[] { 10, 5 }, new long[] { 80, 30 },
                new long[] { 2, 1 }, "get*2 set", new long[] { 1, 2, 3 });

        assertEquals(List.of("100 called t4242", "100 wake t4242 2", "110 called t4242", "110 readStart t4242 fd9", "120 readEnd t4242 fd9 60",
                "120 commandStart t4242 fd9 get slot 1", "120 commandStart t4242 fd9 get slot 2", "165 called t4242",
                "165 readStart t4242 fd10", "170 readEnd t4242 fd10 20", "170 commandStart t4242 fd10 set slot 3"), fModel.fLines);
    }

    @Test
    void aStaticInstrumentationMayNameABusMessagesTypeByItsNumberOnly() {
        fEvents.busMessage(10, NODE, MAIN, 20, false, 1, "", 7001);
        fEvents.busMessage(11, NODE, MAIN, 20, true, 0, "PING", -1);

        assertEquals(List.of("10 called t4242", "10 busMessage fd20 received PONG from 7001", "11 called t4242", "11 busMessage fd20 sent PING from -1"),
                fModel.fLines);
    }

    @Test
    void anEventWithoutItsConnectionIsStillItsThreadsCall() {
        fEvents.freeClient(10, NODE, MAIN, -1);
        fEvents.connectionKind(11, NODE, -1, "replica");

        assertEquals(List.of("10 called t4242"), fModel.fLines);
    }

    /** The model's calls as lines, and each node's latest activity as the tracker keeps it. */
    private static final class CallLog implements RedisActivity {
        final List<String> fLines = new ArrayList<>();
        private final Map<String, Long> fLatest = new HashMap<>();

        private void log(long time, String node, String line) {
            fLatest.merge(node, time, Math::max);
            fLines.add(time + " " + line);
        }

        @Override
        public long latest(String node) {
            return fLatest.getOrDefault(node, Long.MIN_VALUE);
        }

        @Override
        public void listen(long time, String node, String address, int port) {
            log(time, node, "listen " + address + ':' + port);
        }

        @Override
        public void open(long time, String node, int tid, int fd, String local, String peer, boolean accepted, ConnectionKind kind) {
            log(time, node, "open t" + tid + " fd" + fd + ' ' + local + (accepted ? " <- " : " -> ") + peer + ' ' + kind.label());
        }

        @Override
        public void kind(long time, String node, int fd, ConnectionKind kind) {
            log(time, node, "kind fd" + fd + ' ' + kind.label());
        }

        @Override
        public void close(long time, String node, int tid, int fd) {
            log(time, node, "close t" + tid + " fd" + fd);
        }

        @Override
        public void readable(long time, String node, int fd) {
            log(time, node, "readable fd" + fd);
        }

        @Override
        public void readStart(long time, String node, int tid, int fd, boolean bus) {
            log(time, node, (bus ? "busReadStart t" : "readStart t") + tid + " fd" + fd);
        }

        @Override
        public void readEnd(long time, String node, int tid, int fd, boolean bus, long bytes) {
            log(time, node, (bus ? "busReadEnd t" : "readEnd t") + tid + " fd" + fd + ' ' + bytes);
        }

        @Override
        public void commandStart(long time, String node, int tid, int fd, String command, int slot) {
            log(time, node, "commandStart t" + tid + " fd" + fd + ' ' + command + " slot " + slot);
        }

        @Override
        public void commandEnd(long time, String node, int tid, int fd, String command) {
            log(time, node, "commandEnd t" + tid + " fd" + fd + ' ' + command);
        }

        @Override
        public void commandsEnd(long time, String node, int tid, int fd, int count) {
            log(time, node, "commandsEnd t" + tid + " fd" + fd + ' ' + count);
        }

        @Override
        public void called(long time, String node, int tid) {
            log(time, node, "called t" + tid);
        }

        @Override
        public void redirect(long time, String node, int fd, long reply, String kind, int slot, String target) {
            log(time, node, "redirect fd" + fd + " reply " + reply + ' ' + kind + ' ' + slot + ' ' + target);
        }

        @Override
        public void writeStart(long time, String node, int tid, int fd, boolean bus) {
            log(time, node, (bus ? "busWriteStart t" : "writeStart t") + tid + " fd" + fd);
        }

        @Override
        public void writeEnd(long time, String node, int tid, int fd, boolean bus, long bytes, long offered) {
            log(time, node, (bus ? "busWriteEnd t" : "writeEnd t") + tid + " fd" + fd + ' ' + bytes + (offered >= 0 ? " of " + offered : ""));
        }

        @Override
        public void busMessage(long time, String node, int fd, boolean sent, String type, int senderPort) {
            log(time, node, "busMessage fd" + fd + (sent ? " sent " : " received ") + type + " from " + senderPort);
        }

        @Override
        public void fileEvent(long time, String node, int fd, int mask, boolean added) {
            log(time, node, "fileEvent fd" + fd + (added ? " +" : " -") + mask);
        }

        @Override
        public void sleep(long time, String node, int tid) {
            log(time, node, "sleep t" + tid);
        }

        @Override
        public void wake(long time, String node, int tid, int ready) {
            log(time, node, "wake t" + tid + ' ' + ready);
        }

        @Override
        public void lost(long time, String node) {
            log(time, node, "lost");
        }
    }
}
