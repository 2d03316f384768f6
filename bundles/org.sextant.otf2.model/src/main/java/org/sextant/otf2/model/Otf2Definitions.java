// SPDX-License-Identifier: EPL-2.0
package org.sextant.otf2.model;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The global definitions of an OTF2 archive (its {@code traces.def}), by id in the order they were written. References
 * between definitions stay ids, as in the file ({@link #UNDEFINED_32} / {@link #UNDEFINED_64} for none), so that
 * a definition the archive lacks never makes the reader fail; {@link #string(long)} resolves names. Record types
 * this reader does not use (callsites, calling contexts, properties, topologies, ...) are skipped by their length
 * and counted in {@link #skipped()}.
 */
public final class Otf2Definitions {

    /** OTF2's "undefined" reference in 32-bit id spaces. */
    public static final long UNDEFINED_32 = 0xffffffffL;
    /** OTF2's "undefined" reference in 64-bit id spaces (locations). */
    public static final long UNDEFINED_64 = -1L;

    /** OTF2_GROUP_TYPE_COMM_LOCATIONS: the locations of a paradigm's ranks, rank i at index i. */
    public static final int GROUP_COMM_LOCATIONS = 4;
    /** OTF2_GROUP_TYPE_COMM_GROUP: a communicator's ranks, as indices into its paradigm's COMM_LOCATIONS group. */
    public static final int GROUP_COMM_GROUP = 5;

    private static final int CLOCK_PROPERTIES = 5;
    private static final int STRING = 10;
    private static final int ATTRIBUTE = 11;
    private static final int SYSTEM_TREE_NODE = 12;
    private static final int LOCATION_GROUP = 13;
    private static final int LOCATION = 14;
    private static final int REGION = 15;
    private static final int GROUP = 18;
    private static final int METRIC_MEMBER = 19;
    private static final int METRIC_CLASS = 20;
    private static final int COMM = 22;
    private static final int RMA_WIN = 24;

    /** Ticks per second, the first timestamp and the length of the trace in ticks. */
    public record ClockProperties(long ticksPerSecond, long globalOffset, long traceLength) {
    }

    /** An attribute that events may carry in their attribute lists, with its {@link Otf2Type} code. */
    public record Attribute(long id, long name, long description, int type) {
    }

    /** A node of the system tree (machine, node, ...); {@code parent} is {@link #UNDEFINED_32} at the root. */
    public record SystemTreeNode(long id, long name, long className, long parent) {
    }

    /** A location group (an MPI rank, a process) under a system-tree node. */
    public record LocationGroup(long id, long name, int type, long systemTreeParent) {
    }

    /** A location (a thread, a GPU stream) whose events one event file holds. */
    public record Location(long id, long name, int type, long numberOfEvents, long group) {
    }

    /** A code region entered and left by Enter and Leave events. */
    public record Region(long id, long name, long canonicalName, long description, int role, int paradigm,
            long flags, long sourceFile, long beginLine, long endLine) {
    }

    /** A group of locations, ranks, regions or metrics; communicators name a group of ranks. */
    public record Group(long id, long name, int type, int paradigm, long flags, long[] members) {
    }

    /** One metric a metric class measures. */
    public record MetricMember(long id, long name, long description, int metricType, int mode, int valueType,
            int base, long exponent, long unit) {
    }

    /** A set of metric members recorded together by Metric events. */
    public record MetricClass(long id, long[] members, int occurrence, int recorderKind) {
    }

    /** A communicator over a group of ranks. */
    public record Comm(long id, long name, long group, long parent) {
    }

    /** An RMA window over a communicator. */
    public record RmaWin(long id, long name, long comm) {
    }

    private final Map<Long, String> fStrings = new LinkedHashMap<>();
    private final Map<Long, Attribute> fAttributes = new LinkedHashMap<>();
    private final Map<Long, SystemTreeNode> fSystemTree = new LinkedHashMap<>();
    private final Map<Long, LocationGroup> fLocationGroups = new LinkedHashMap<>();
    private final Map<Long, Location> fLocations = new LinkedHashMap<>();
    private final Map<Long, Region> fRegions = new LinkedHashMap<>();
    private final Map<Long, Group> fGroups = new LinkedHashMap<>();
    private final Map<Long, MetricMember> fMetricMembers = new LinkedHashMap<>();
    private final Map<Long, MetricClass> fMetricClasses = new LinkedHashMap<>();
    private final Map<Long, Comm> fComms = new LinkedHashMap<>();
    private final Map<Long, RmaWin> fRmaWins = new LinkedHashMap<>();
    private ClockProperties fClock = new ClockProperties(1, 0, 0);
    private long fSkipped;

    private Otf2Definitions() {
    }

    /** Reads a global definitions file whose chunks are {@code chunkSize} bytes. */
    static Otf2Definitions read(Otf2Buffer in, long chunkSize) throws Otf2FormatException {
        Otf2Definitions defs = new Otf2Definitions();
        Otf2Records.forEach(in, chunkSize, (type, end) -> defs.record(in, type, end));
        return defs;
    }

    private boolean record(Otf2Buffer in, int type, long end) throws Otf2FormatException {
        switch (type) {
        case CLOCK_PROPERTIES -> fClock = new ClockProperties(in.uint64(), in.uint64(), in.uint64());
        case STRING -> fStrings.put(in.uint32(), in.string());
        case ATTRIBUTE -> {
            long id = in.uint32();
            long name = in.uint32();
            int attributeType = in.uint8();
            fAttributes.put(id, new Attribute(id, name, in.uint32(), attributeType));
        }
        case SYSTEM_TREE_NODE -> {
            long id = in.uint32();
            fSystemTree.put(id, new SystemTreeNode(id, in.uint32(), in.uint32(), in.uint32()));
        }
        case LOCATION_GROUP -> {
            long id = in.uint32();
            fLocationGroups.put(id, new LocationGroup(id, in.uint32(), in.uint8(), in.uint32()));
        }
        case LOCATION -> {
            long id = in.uint64();
            fLocations.put(id, new Location(id, in.uint32(), in.uint8(), in.uint64(), in.uint32()));
        }
        case REGION -> {
            long id = in.uint32();
            long name = in.uint32();
            long description = in.uint32();
            in.uint8(); // the region type of OTF2 1.0, superseded by role and paradigm below
            long file = in.uint32();
            long begin = in.uint32();
            long endLine = in.uint32();
            long canonical = in.uint32();
            int role = in.uint8();
            int paradigm = in.uint8();
            fRegions.put(id, new Region(id, name, canonical, description, role, paradigm, in.uint32(), file, begin,
                    endLine));
        }
        case GROUP -> {
            long id = in.uint32();
            long name = in.uint32();
            in.uint8(); // the group type of OTF2 1.0-1.1, superseded by the one after the members
            long count = in.uint32();
            long[] members = new long[checkedCount(in, count, end)];
            for (int i = 0; i < members.length; i++) {
                members[i] = in.uint64();
            }
            int groupType = in.uint8();
            fGroups.put(id, new Group(id, name, groupType, in.uint8(), in.uint32(), members));
        }
        case METRIC_MEMBER -> {
            long id = in.uint32();
            fMetricMembers.put(id, new MetricMember(id, in.uint32(), in.uint32(), in.uint8(), in.uint8(), in.uint8(),
                    in.uint8(), in.uint64(), in.uint32()));
        }
        case METRIC_CLASS -> {
            long id = in.uint32();
            long[] members = new long[checkedCount(in, in.uint8(), end)];
            for (int i = 0; i < members.length; i++) {
                members[i] = in.uint32();
            }
            fMetricClasses.put(id, new MetricClass(id, members, in.uint8(), in.uint8()));
        }
        case COMM -> {
            long id = in.uint32();
            fComms.put(id, new Comm(id, in.uint32(), in.uint32(), in.uint32()));
        }
        case RMA_WIN -> {
            long id = in.uint32();
            fRmaWins.put(id, new RmaWin(id, in.uint32(), in.uint32()));
        }
        default -> {
            fSkipped++;
            return false;
        }
        }
        return true;
    }

    /** A member count that cannot exceed the bytes left in its record (each member takes at least one). */
    static int checkedCount(Otf2Buffer in, long count, long end) throws Otf2FormatException {
        if (count > end - in.position()) {
            throw in.error(in.position(), "a count of " + count + " members does not fit in the record");
        }
        return (int) count;
    }

    /** @return the string of this id, or "&lt;undefined&gt;" when the archive defines none */
    public String string(long id) {
        return fStrings.getOrDefault(id, "<undefined>");
    }

    /** @return the strings by id */
    public Map<Long, String> strings() {
        return Collections.unmodifiableMap(fStrings);
    }

    /** @return the attributes by id */
    public Map<Long, Attribute> attributes() {
        return Collections.unmodifiableMap(fAttributes);
    }

    /** @return the system-tree nodes by id */
    public Map<Long, SystemTreeNode> systemTree() {
        return Collections.unmodifiableMap(fSystemTree);
    }

    /** @return the location groups by id */
    public Map<Long, LocationGroup> locationGroups() {
        return Collections.unmodifiableMap(fLocationGroups);
    }

    /** @return the locations by id, in definition order */
    public Map<Long, Location> locations() {
        return Collections.unmodifiableMap(fLocations);
    }

    /** @return the regions by id */
    public Map<Long, Region> regions() {
        return Collections.unmodifiableMap(fRegions);
    }

    /** @return the groups by id */
    public Map<Long, Group> groups() {
        return Collections.unmodifiableMap(fGroups);
    }

    /** @return the metric members by id */
    public Map<Long, MetricMember> metricMembers() {
        return Collections.unmodifiableMap(fMetricMembers);
    }

    /** @return the metric classes by id */
    public Map<Long, MetricClass> metricClasses() {
        return Collections.unmodifiableMap(fMetricClasses);
    }

    /** @return the communicators by id */
    public Map<Long, Comm> comms() {
        return Collections.unmodifiableMap(fComms);
    }

    /**
     * The location of a rank of a communicator, as MPI records name their peers. A communicator's group is
     * either a COMM_GROUP, whose members index the COMM_LOCATIONS group of the same paradigm (how Score-P and
     * tools/otf2-measure write it), or directly a group of locations (how python3-otf2 writes it).
     *
     * @param comm
     *            a communicator id
     * @param rank
     *            a rank in it
     * @return the location id, or {@link #UNDEFINED_64} if the definitions do not resolve it
     */
    public long location(long comm, long rank) {
        Comm c = fComms.get(comm);
        Group group = c == null ? null : fGroups.get(c.group());
        if (group == null || rank < 0 || rank >= group.members().length) {
            return UNDEFINED_64;
        }
        long member = group.members()[(int) rank];
        if (group.type() != GROUP_COMM_GROUP) {
            return member;
        }
        for (Group locations : fGroups.values()) {
            if (locations.type() == GROUP_COMM_LOCATIONS && locations.paradigm() == group.paradigm()) {
                return member >= 0 && member < locations.members().length ? locations.members()[(int) member]
                        : UNDEFINED_64;
            }
        }
        return UNDEFINED_64;
    }

    /** @return the RMA windows by id */
    public Map<Long, RmaWin> rmaWins() {
        return Collections.unmodifiableMap(fRmaWins);
    }

    /** @return the clock properties (1 tick per second and offset 0 when the archive has none) */
    public ClockProperties clock() {
        return fClock;
    }

    /** @return how many definition records of types this reader does not use were skipped */
    public long skipped() {
        return fSkipped;
    }
}
