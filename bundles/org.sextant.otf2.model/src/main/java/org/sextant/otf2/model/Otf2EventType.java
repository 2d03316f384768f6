// SPDX-License-Identifier: EPL-2.0
package org.sextant.otf2.model;

import java.util.List;

/**
 * The OTF2 event records this reader decodes, with their record type ids and their fields in file order.
 * Fields are decoded into a flat array of longs ({@link Otf2Event#fields()}): a list field stores its count
 * followed by its elements; Metric's values store the count, then for each member its {@link Otf2Type} code and
 * its value (a double as its raw bits). Every other event record type is skipped by its length and counted.
 */
public enum Otf2EventType {
    /** A region is entered. */
    ENTER(12, true, Field.u32("region", Mapping.REGION)),
    /** A region is left. */
    LEAVE(13, true, Field.u32("region", Mapping.REGION)),
    /** A blocking send; the receiver is a rank of the communicator. */
    MPI_SEND(14, false, Field.u32("receiver", Mapping.NONE), Field.u32("communicator", Mapping.COMM),
            Field.u32("msgTag", Mapping.NONE), Field.u64("msgLength")),
    /** A non-blocking send is started. */
    MPI_ISEND(15, false, Field.u32("receiver", Mapping.NONE), Field.u32("communicator", Mapping.COMM),
            Field.u32("msgTag", Mapping.NONE), Field.u64("msgLength"), Field.u64("requestID")),
    /** A non-blocking send completes. */
    MPI_ISEND_COMPLETE(16, true, Field.u64("requestID")),
    /** A non-blocking receive is posted. */
    MPI_IRECV_REQUEST(17, true, Field.u64("requestID")),
    /** A blocking receive; the sender is a rank of the communicator. */
    MPI_RECV(18, false, Field.u32("sender", Mapping.NONE), Field.u32("communicator", Mapping.COMM),
            Field.u32("msgTag", Mapping.NONE), Field.u64("msgLength")),
    /** A non-blocking receive completes. */
    MPI_IRECV(19, false, Field.u32("sender", Mapping.NONE), Field.u32("communicator", Mapping.COMM),
            Field.u32("msgTag", Mapping.NONE), Field.u64("msgLength"), Field.u64("requestID")),
    /** A collective operation begins. */
    MPI_COLLECTIVE_BEGIN(22, false),
    /** A collective operation ends. */
    MPI_COLLECTIVE_END(23, false, Field.u8("collectiveOp"), Field.u32("communicator", Mapping.COMM),
            Field.u32("root", Mapping.NONE), Field.u64("sizeSent"), Field.u64("sizeReceived")),
    /** Values of a metric class or instance. */
    METRIC(31, false, Field.u32("metric", Mapping.METRIC), new Field("values", Kind.METRIC_VALUES, Mapping.NONE)),
    /** An RMA window is created. */
    RMA_WIN_CREATE(35, false, Field.u32("win", Mapping.RMA_WIN)),
    /** An RMA window is destroyed. */
    RMA_WIN_DESTROY(36, false, Field.u32("win", Mapping.RMA_WIN)),
    /** A thread forks a team. */
    THREAD_FORK(53, false, Field.u8("model"), Field.u32("numberOfRequestedThreads", Mapping.NONE)),
    /** A team joins. */
    THREAD_JOIN(54, false, Field.u8("model")),
    /** The location enters a thread team (a communicator). */
    THREAD_TEAM_BEGIN(55, false, Field.u32("threadTeam", Mapping.COMM)),
    /** The location leaves a thread team. */
    THREAD_TEAM_END(56, false, Field.u32("threadTeam", Mapping.COMM)),
    /** The program begins (OTF2 3.0): its name and arguments as string ids. */
    PROGRAM_BEGIN(83, false, Field.u32("programName", Mapping.STRING),
            new Field("programArguments", Kind.LIST32, Mapping.STRING)),
    /** The program ends (OTF2 3.0) with its exit status. */
    PROGRAM_END(84, false, new Field("exitStatus", Kind.I64, Mapping.NONE));

    /**
     * Event record types written without a length byte: one compressed field follows the type. OTF2's generator
     * marks these "singleton"; this list is that of OTF2 3.0, so unknown records of these types can be skipped too.
     */
    private static final int[] SINGLETONS = { 12, 13, 16, 17, 20, 21, 24, 28, 29, 30, 69, 70, 71, 76, 77, 79 };
    private static final Otf2EventType[] BY_ID = new Otf2EventType[256];

    static {
        for (Otf2EventType type : values()) {
            BY_ID[type.fId] = type;
        }
    }

    /** How a field is encoded. */
    enum Kind {
        U8, U32, U64, I64, LIST32, METRIC_VALUES
    }

    /** The local definition mapping (OTF2_MappingType code) that turns a field's local id into a global one. */
    enum Mapping {
        NONE(-1), STRING(0), ATTRIBUTE(1), LOCATION(2), REGION(3), GROUP(4), METRIC(5), COMM(6), PARAMETER(7),
        RMA_WIN(8);

        final int fCode;

        Mapping(int code) {
            fCode = code;
        }
    }

    /** A field: its name as OTF2's documentation spells it, its encoding and its mapping. */
    record Field(String name, Kind kind, Mapping mapping) {
        static Field u8(String name) {
            return new Field(name, Kind.U8, Mapping.NONE);
        }

        static Field u32(String name, Mapping mapping) {
            return new Field(name, Kind.U32, mapping);
        }

        static Field u64(String name) {
            return new Field(name, Kind.U64, Mapping.NONE);
        }
    }

    private final int fId;
    private final boolean fSingleton;
    private final List<Field> fFields;

    Otf2EventType(int id, boolean singleton, Field... fields) {
        fId = id;
        fSingleton = singleton;
        fFields = List.of(fields);
    }

    /** @return the record type id in event files */
    public int id() {
        return fId;
    }

    /** @return the names of the fields, in file order */
    public List<String> fieldNames() {
        return fFields.stream().map(Field::name).toList();
    }

    List<Field> fields() {
        return fFields;
    }

    boolean singleton() {
        return fSingleton;
    }

    static Otf2EventType byId(int id) {
        return BY_ID[id];
    }

    static boolean isSingleton(int id) {
        for (int singleton : SINGLETONS) {
            if (singleton == id) {
                return true;
            }
        }
        return false;
    }
}
