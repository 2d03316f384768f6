// SPDX-License-Identifier: EPL-2.0
package org.sextant.ctf.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CtfMetadataTest {

    /** A clock that is not 1 GHz: cycles scaled without rounding, offsets in seconds and in cycles applied. */
    @Test
    void clockConversionIsExactAtAnyFrequency(@TempDir Path dir) throws Exception {
        Path metadata = dir.resolve("metadata");
        Files.writeString(metadata, """
                /* CTF 1.8 */
                trace { byte_order = le; packet.header := struct { integer { size = 32; } magic; }; };
                clock { name = c; freq = 3000000; offset_s = 2; offset = 1500000; };
                """);
        CtfMetadata parsed = CtfMetadata.read(metadata);
        assertEquals(2_500_000_000L, parsed.toNanos(0), "offset: 1.5M cycles at 3 MHz = 0.5 s, plus 2 s");
        assertEquals(2_500_000_333L, parsed.toNanos(1), "one cycle is 333.3 ns");
        long large = 3_000_000L * 1_000_000_000L; // 10^9 s worth of cycles: beyond double precision in ns
        assertEquals(1_000_000_000_000_000_000L + 2_000_000_000L, parsed.toNanos(large - 1_500_000L), "plus the 1.5M-cycle offset: 10^9 s exactly, plus 2 s");
    }

    @Test
    void perfClockIsNanoseconds() throws Exception {
        assertEquals(123_456_789L, CtfMetadata.read(Fixtures.PERF.resolve("metadata")).toNanos(123_456_789L));
    }
}
