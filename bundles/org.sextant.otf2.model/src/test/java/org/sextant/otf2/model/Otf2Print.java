// SPDX-License-Identifier: EPL-2.0
package org.sextant.otf2.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Renders decoded events the way {@code otf2-print} (OTF2 3.0.2) prints them, so that a test can compare the
 * reader with that tool's output line for line. Only the enum names the fixtures use are spelled; any other
 * prints as its number and fails the comparison visibly.
 */
final class Otf2Print {

    private static final Map<Integer, String> COLLECTIVE_OPS = Map.of(0, "BARRIER", 1, "BCAST", 11, "ALLREDUCE");
    private static final Map<Integer, String> PARADIGMS = Map.of(3, "OPENMP", 4, "MPI");
    private static final Map<Integer, String> TYPES = Map.of(Otf2Type.UINT32, "UINT32", Otf2Type.UINT64, "UINT64",
            Otf2Type.STRING, "STRING", Otf2Type.INT64, "INT64", Otf2Type.DOUBLE, "DOUBLE");
    private static final long UNDEFINED_32 = Otf2Definitions.UNDEFINED_32;

    private final Otf2Definitions fDefs;

    Otf2Print(Otf2Definitions defs) {
        fDefs = defs;
    }

    /** The event's line, then one line of its additional attributes if it has any. */
    List<String> lines(Otf2Event event) {
        String location = Long.toString(event.location());
        StringBuilder line = new StringBuilder(event.type().name());
        while (line.length() + location.length() < 48) {
            line.append(' ');
        }
        line.append(location).append(String.format("%21d", event.time())).append("  ").append(fields(event));
        List<String> lines = new ArrayList<>(List.of(line.toString()));
        if (!event.attributes().isEmpty()) {
            List<String> attributes = new ArrayList<>();
            for (Otf2Event.Attribute attribute : event.attributes()) {
                attributes.add("(" + ref(fDefs.attributes().get(attribute.attribute()).name(), attribute.attribute())
                        + "; " + TYPES.getOrDefault(attribute.type(), Integer.toString(attribute.type())) + "; "
                        + value(attribute.type(), attribute.value()) + ")");
            }
            lines.add(" ".repeat(71) + "ADDITIONAL ATTRIBUTES: " + String.join(", ", attributes));
        }
        return lines;
    }

    private String fields(Otf2Event event) {
        long[] f = event.fields();
        return switch (event.type()) {
        case ENTER, LEAVE -> "Region: " + ref(fDefs.regions().get(f[0]).name(), f[0]);
        case MPI_SEND, MPI_ISEND -> "Receiver: " + peer(f[1], f[0]) + message(f);
        case MPI_RECV, MPI_IRECV -> "Sender: " + peer(f[1], f[0]) + message(f);
        case MPI_ISEND_COMPLETE, MPI_IRECV_REQUEST -> "Request: " + f[0];
        case MPI_COLLECTIVE_BEGIN -> "";
        case MPI_COLLECTIVE_END -> "Operation: " + COLLECTIVE_OPS.getOrDefault((int) f[0], Long.toString(f[0]))
                + ", Communicator: " + comm(f[1]) + ", Root: " + (f[2] == UNDEFINED_32 ? "NONE" : peer(f[1], f[2]))
                + ", Sent: " + f[3] + ", Received: " + f[4];
        case METRIC -> metric(f);
        case RMA_WIN_CREATE, RMA_WIN_DESTROY -> "Window: " + ref(fDefs.rmaWins().get(f[0]).name(), f[0]);
        case THREAD_FORK -> "Model: " + PARADIGMS.get((int) f[0]) + ", # Requested Threads: " + f[1];
        case THREAD_JOIN -> "Model: " + PARADIGMS.get((int) f[0]);
        case THREAD_TEAM_BEGIN, THREAD_TEAM_END -> "Thread Team: " + comm(f[0]);
        case PROGRAM_BEGIN -> {
            List<String> arguments = new ArrayList<>();
            for (int i = 0; i < f[1]; i++) {
                arguments.add(ref(f[2 + i], f[2 + i]));
            }
            yield "Name: " + ref(f[0], f[0]) + ", " + f[1] + " Arguments: " + String.join(", ", arguments);
        }
        case PROGRAM_END -> "Exit status: " + f[0];
        };
    }

    private String message(long[] f) {
        return ", Communicator: " + comm(f[1]) + ", Tag: " + f[2] + ", Length: " + f[3]
                + (f.length > 4 ? ", Request: " + f[4] : "");
    }

    /** A rank of a communicator, with the name of the location it stands for. */
    private String peer(long comm, long rank) {
        long location = fDefs.location(comm, rank);
        return rank + " (" + ref(fDefs.locations().get(location).name(), location) + ")";
    }

    private String comm(long id) {
        return ref(fDefs.comms().get(id).name(), id);
    }

    private String metric(long[] f) {
        long[] members = fDefs.metricClasses().get(f[0]).members();
        List<String> values = new ArrayList<>();
        for (int i = 0; i < f[1]; i++) {
            long member = members[i];
            int type = (int) f[2 + 2 * i];
            values.add("(" + ref(fDefs.metricMembers().get(member).name(), member) + "; " + TYPES.get(type) + "; "
                    + value(type, f[3 + 2 * i]) + ")");
        }
        return "Metric: " + f[0] + ", " + f[1] + (f[1] == 1 ? " Value: " : " Values: ") + String.join(", ", values);
    }

    private String value(int type, long value) {
        return switch (type) {
        case Otf2Type.STRING -> ref(value, value);
        case Otf2Type.DOUBLE -> doubleValue(Double.longBitsToDouble(value));
        default -> Long.toString(value);
        };
    }

    /** C's %g as far as the fixtures need it: whole numbers without a decimal point. */
    private static String doubleValue(double value) {
        return value == Math.rint(value) && Math.abs(value) < 1e15 ? Long.toString((long) value)
                : Double.toString(value);
    }

    private String ref(long stringId, long id) {
        return "\"" + fDefs.string(stringId) + "\" <" + id + ">";
    }
}
