// SPDX-License-Identifier: EPL-2.0
package org.sextant.otf2.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

/**
 * The message pairing and the region profile on the real MPI run, against what otf2-print lists: every send
 * paired with a receive, and as many calls per region as otf2-print has Enters of it.
 */
class MpiStencilTrackersTest {

    private static final Pattern ENTER = Pattern.compile("^ENTER +\\d+ +\\d+ +Region: \"([^\"]+)\".*");
    /** OTF2_PARADIGM_OPENMP. */
    private static final long OPENMP = 3;

    @Test
    void everySendIsPairedWithItsReceive() throws Exception {
        Otf2Archive archive = Otf2Archive.open(Fixtures.MPI_STENCIL);
        Otf2Definitions defs = archive.definitions();
        List<long[]> arrows = new ArrayList<>();
        Map<Integer, long[]> open = new TreeMap<>();
        MessageMatcher matcher = new MessageMatcher(new MessageMatcher.Sink() {
            @Override
            public void sent(int slot, long time, long sender, long receiver) {
                open.put(slot, new long[] { time, sender, receiver });
            }

            @Override
            public void received(int slot, long time) {
                long[] send = open.remove(slot);
                arrows.add(new long[] { send[0], time, send[1], send[2] });
            }
        });
        archive.readEvents(event -> {
            switch (event.type()) {
            case MPI_SEND, MPI_ISEND -> matcher.send(event.time(), event.location(),
                    defs.location(event.field("communicator"), event.field("receiver")),
                    event.field("communicator"), event.field("msgTag"));
            case MPI_RECV, MPI_IRECV -> matcher.receive(event.time(), event.location(),
                    defs.location(event.field("communicator"), event.field("sender")),
                    event.field("communicator"), event.field("msgTag"));
            default -> {
            }
            }
        });
        long printedSends = Fixtures.printedEvents(Fixtures.MPI_STENCIL).stream()
                .filter(line -> line.startsWith("MPI_SEND ") || line.startsWith("MPI_ISEND ")).count();
        assertEquals(166, printedSends);
        assertEquals(printedSends, matcher.paired());
        assertEquals(printedSends, arrows.size());
        assertEquals(0, matcher.unpairedReceives());
        assertEquals(0, matcher.inFlight());
        for (long[] arrow : arrows) {
            assertTrue(arrow[0] <= arrow[1], "a message is received after it is sent");
            assertTrue(arrow[2] % 1000 == 0 && arrow[3] % 1000 == 0 && arrow[2] != arrow[3],
                    "messages go between the ranks' master threads");
        }
    }

    @Test
    void callsPerRegionEqualOtf2PrintsEntersAndExclusiveTimesAddUp() throws Exception {
        Otf2Archive archive = Otf2Archive.open(Fixtures.MPI_STENCIL);
        Otf2Definitions defs = archive.definitions();
        RegionProfile profile = new RegionProfile();
        long[] rootTime = { 0 };
        archive.readEvents(event -> {
            if (event.type() == Otf2EventType.ENTER) {
                profile.enter(event.location(), event.field("region"), event.time());
            } else if (event.type() == Otf2EventType.LEAVE) {
                long start = event.time();
                boolean root = profile.depth(event.location()) == 1;
                long before = sumInclusive(profile);
                profile.leave(event.location(), event.field("region"), start);
                if (root) {
                    rootTime[0] += sumInclusive(profile) - before;
                }
            }
        });
        Map<String, Long> printed = new TreeMap<>();
        for (String line : Fixtures.printedEvents(Fixtures.MPI_STENCIL)) {
            Matcher m = ENTER.matcher(line);
            if (m.matches()) {
                printed.merge(m.group(1), 1L, Long::sum);
            }
        }
        Map<String, Long> counted = new TreeMap<>();
        profile.regions().forEach((region, calls) -> counted.put(defs.string(defs.regions().get(region).name()),
                calls.count()));
        assertEquals(printed, counted);
        assertEquals(640, counted.get("update_row"), "16 rows a rank, 10 iterations, 4 ranks");
        long exclusive = profile.regions().values().stream().mapToLong(calls -> calls.exclusive().sum()).sum();
        assertEquals(rootTime[0], exclusive, "every tick of a root call is some region's exclusive time");
        profile.regions().values().forEach(calls -> {
            assertTrue(calls.exclusive().min() <= calls.exclusive().max() && calls.exclusive().max() <= calls.inclusive().max());
            assertTrue(calls.inclusive().min() <= calls.inclusive().max());
        });
    }

    /**
     * The OpenMP records: each team communicator is its rank's master and worker thread (thread i of the team at
     * rank i), begun and ended by exactly those threads, between the master's ThreadFork and its ThreadJoin.
     */
    @Test
    void everyThreadTeamIsItsRanksThreadsBetweenAForkAndItsJoin() throws Exception {
        Otf2Archive archive = Otf2Archive.open(Fixtures.MPI_STENCIL);
        Otf2Definitions defs = archive.definitions();
        Map<Long, Long> teamOf = new HashMap<>();
        Map<Long, Long> forked = new HashMap<>();
        Map<Long, Set<Long>> began = new TreeMap<>();
        long[] joins = { 0 };
        archive.readEvents(event -> {
            long location = event.location();
            switch (event.type()) {
            case THREAD_FORK -> {
                assertEquals(List.of(OPENMP, 2L), List.of(event.field("model"), event.field("numberOfRequestedThreads")));
                assertTrue(!forked.containsKey(location), "no fork inside a fork");
                forked.put(location, null);
            }
            case THREAD_TEAM_BEGIN -> {
                long team = event.field("threadTeam");
                assertTrue(forked.containsKey(defs.location(team, 0)), "a team begins after its master forks it");
                if (defs.location(team, 0) == location) {
                    forked.put(location, team);
                }
                assertEquals(null, teamOf.put(location, team));
                began.computeIfAbsent(team, t -> new TreeSet<>()).add(location);
            }
            case THREAD_TEAM_END -> assertEquals(event.field("threadTeam"), teamOf.remove(location));
            case THREAD_JOIN -> {
                assertEquals(OPENMP, event.field("model"));
                Long team = forked.remove(location);
                assertTrue(team != null && !teamOf.containsValue(team), "every member has left the team when its master joins it");
                joins[0]++;
            }
            default -> {
            }
            }
        });
        assertEquals(40, joins[0]);
        assertEquals(Set.of(1L, 2L, 3L, 4L), began.keySet());
        began.forEach((team, locations) -> {
            Otf2Definitions.Comm comm = defs.comms().get(team);
            assertEquals(Otf2Definitions.UNDEFINED_32, comm.parent(), "teams of the outermost level have no parent");
            Otf2Definitions.Group group = defs.groups().get(comm.group());
            assertEquals(List.of(Otf2Definitions.GROUP_COMM_GROUP, (int) OPENMP), List.of(group.type(), group.paradigm()));
            long master = (team - 1) * 1000;
            assertEquals(List.of(master, master + 1), List.of(defs.location(team, 0), defs.location(team, 1)));
            assertEquals(Set.of(master, master + 1), locations);
        });
    }

    @Test
    void aLeaveOfAnotherRegionIsRefused() {
        RegionProfile profile = new RegionProfile();
        profile.enter(7, 1, 100);
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> profile.leave(7, 2, 150));
        assertEquals("location 7 leaves region 2 at 150 while in region 1", e.getMessage());
        e = assertThrows(IllegalStateException.class, () -> profile.leave(8, 2, 150));
        assertEquals("location 8 leaves region 2 at 150 without entering it", e.getMessage());
    }

    private static long sumInclusive(RegionProfile profile) {
        return profile.regions().values().stream().mapToLong(calls -> calls.inclusive().sum()).sum();
    }
}
