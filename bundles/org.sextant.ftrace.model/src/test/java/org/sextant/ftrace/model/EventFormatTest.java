// SPDX-License-Identifier: EPL-2.0
package org.sextant.ftrace.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The formats a real capture carries (every event of this kernel): each parses, and the fields the reader depends
 * on have the layout the kernel describes: fixed character arrays, signed longs, {@code __data_loc} strings, the
 * marker's text to the end of the event and its function pointer, which trace-cmd prints by name.
 */
class EventFormatTest {

    private static final Map<String, EventFormat> FORMATS = new HashMap<>();

    @BeforeAll
    static void parseEveryFormat() throws Exception {
        try (FileBytes bytes = new FileBytes(Fixtures.file(Fixtures.SMALL, "trace.dat"))) {
            DatFile file = DatFile.read(bytes);
            for (int id = 0; id < 1 << 16; id++) {
                EventFormat format = file.format(id);
                if (format != null) {
                    FORMATS.put(format.system() + '/' + format.name(), format);
                }
            }
        }
    }

    @Test
    void everyFormatOfTheKernelParses() {
        // trace-cmd dump --all trace.dat | grep -c '^name: '
        assertEquals(2323, FORMATS.size());
        assertTrue(FORMATS.values().stream().allMatch(format -> format.field("common_pid") != null));
    }

    @Test
    void fieldsHaveTheKernelsLayout() {
        EventFormat sched = FORMATS.get("sched/sched_switch");
        assertEquals(new EventFormat.Field("prev_comm", EventFormat.Kind.STRING, 8, 16, false, false, 0), sched.field("prev_comm"));
        assertEquals(new EventFormat.Field("prev_state", EventFormat.Kind.INTEGER, 32, 8, true, false, 0), sched.field("prev_state"));
        assertEquals(new EventFormat.Field("name", EventFormat.Kind.DYNAMIC_STRING, 12, 4, false, false, 0),
                FORMATS.get("irq/irq_handler_entry").field("name"));
        EventFormat print = FORMATS.get("ftrace/print");
        assertEquals(new EventFormat.Field("buf", EventFormat.Kind.REST_STRING, 16, 0, false, false, 0), print.field("buf"));
        assertEquals(1, print.field("ip").symbol(), "print fmt \"%ps: %s\", (void *)REC->ip, REC->buf");
        assertEquals(EventFormat.Kind.ARRAY, FORMATS.get("ftrace/kernel_stack").field("caller").kind());
    }
}
