// SPDX-License-Identifier: EPL-2.0
package org.sextant.otf2.model;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A location's local definitions ({@code traces/ID.def}): the mapping tables that turn the local ids its event
 * file uses into global ids (a location without the file, or without a table for an id space, uses global ids),
 * and the clock offsets that correct its timestamps. As in OTF2, each pair of consecutive offsets makes an
 * interval in which the correction is interpolated linearly; times before the first interval or after the last
 * extrapolate it; a single offset corrects nothing. Other local definitions are skipped.
 */
final class Otf2LocalDefinitions {

    private static final int MAPPING_TABLE = 5;
    private static final int CLOCK_OFFSET = 6;
    private static final int ID_MAP_DENSE = 0;

    /** A clock offset: at {@code time} on the location's clock, the global clock is {@code offset} ahead. */
    private record ClockOffset(long time, long offset) {
    }

    private final Map<Long, Long>[] fTables;
    private final List<ClockOffset> fOffsets = new ArrayList<>();
    private int fInterval;

    @SuppressWarnings("unchecked")
    private Otf2LocalDefinitions() {
        fTables = new Map[Otf2EventType.Mapping.values().length];
    }

    static Otf2LocalDefinitions read(Path file, long chunkSize) throws Otf2FormatException {
        Otf2LocalDefinitions mappings = new Otf2LocalDefinitions();
        if (!Files.exists(file)) {
            return mappings;
        }
        Otf2Buffer in = Otf2Buffer.open(file);
        Otf2Records.forEach(in, chunkSize, (type, end) -> {
            if (type == CLOCK_OFFSET) {
                mappings.clockOffset(in);
                return true;
            }
            if (type != MAPPING_TABLE) {
                return false;
            }
            int at = in.position();
            int code = in.uint8();
            long size = in.uint64();
            int mode = in.uint8();
            int count = Otf2Definitions.checkedCount(in, size, end);
            Map<Long, Long> table = new HashMap<>();
            for (long i = 0; i < count; i++) {
                long local = mode == ID_MAP_DENSE ? i : in.uint64();
                table.put(local, in.uint64());
            }
            for (Otf2EventType.Mapping mapping : Otf2EventType.Mapping.values()) {
                if (mapping.fCode == code) {
                    mappings.fTables[mapping.ordinal()] = table;
                    return true;
                }
            }
            throw in.error(at, "unknown mapping type " + code);
        });
        return mappings;
    }

    private void clockOffset(Otf2Buffer in) throws Otf2FormatException {
        int at = in.position();
        long time = in.fullUint64();
        long offset = in.uint64();
        in.float64(); // the standard deviation of the offset, which corrects nothing
        if (!fOffsets.isEmpty() && Long.compareUnsigned(time, fOffsets.get(fOffsets.size() - 1).time()) <= 0) {
            throw in.error(at, "clock offset at " + Long.toUnsignedString(time) + " does not follow the one at "
                    + Long.toUnsignedString(fOffsets.get(fOffsets.size() - 1).time()));
        }
        fOffsets.add(new ClockOffset(time, offset));
    }

    /**
     * @param time
     *            a timestamp of the location's clock, not earlier than the one corrected before
     * @return the timestamp on the global clock
     */
    long correct(long time) {
        if (fOffsets.size() < 2) {
            return time;
        }
        while (fInterval < fOffsets.size() - 2 && Long.compareUnsigned(time, fOffsets.get(fInterval + 1).time()) > 0) {
            fInterval++;
        }
        ClockOffset begin = fOffsets.get(fInterval);
        ClockOffset end = fOffsets.get(fInterval + 1);
        // The same double arithmetic as OTF2's. The correction is rounded on its own (half to even), then added:
        // otf2-print 3.0.2's times, checked by Otf2ArchiveTest, differ from rounding the corrected time where the
        // correction ends in .5.
        double slope = ((double) end.offset() - (double) begin.offset())
                / ((double) end.time() - (double) begin.time());
        return time + (long) Math.rint(begin.offset() + slope * ((double) time - (double) begin.time()));
    }

    long map(Otf2EventType.Mapping mapping, long local) {
        Map<Long, Long> table = fTables[mapping.ordinal()];
        return table == null ? local : table.getOrDefault(local, local);
    }
}
