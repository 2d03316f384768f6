// SPDX-License-Identifier: EPL-2.0
package org.sextant.otf2.model;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * A location's local definitions ({@code traces/ID.def}): the mapping tables that turn the local ids its event
 * file uses into global ids. A location without the file, or without a table for an id space, uses global ids.
 * Other local definitions (clock offsets among them: see docs/architecture.md) are skipped and counted.
 */
final class Otf2Mappings {

    private static final int MAPPING_TABLE = 5;
    private static final int ID_MAP_DENSE = 0;

    private final Map<Long, Long>[] fTables;
    private long fSkipped;

    @SuppressWarnings("unchecked")
    private Otf2Mappings() {
        fTables = new Map[Otf2EventType.Mapping.values().length];
    }

    static Otf2Mappings none() {
        return new Otf2Mappings();
    }

    static Otf2Mappings read(Path file, long chunkSize) throws Otf2FormatException {
        Otf2Mappings mappings = new Otf2Mappings();
        if (!Files.exists(file)) {
            return mappings;
        }
        Otf2Buffer in = Otf2Buffer.open(file);
        Otf2Records.forEach(in, chunkSize, (type, end) -> {
            if (type != MAPPING_TABLE) {
                mappings.fSkipped++;
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

    long map(Otf2EventType.Mapping mapping, long local) {
        Map<Long, Long> table = fTables[mapping.ordinal()];
        return table == null ? local : table.getOrDefault(local, local);
    }

    long skipped() {
        return fSkipped;
    }
}
