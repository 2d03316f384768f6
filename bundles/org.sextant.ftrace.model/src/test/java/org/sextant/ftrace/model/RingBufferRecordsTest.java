// SPDX-License-Identifier: EPL-2.0
package org.sextant.ftrace.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The ring buffer's records that the captures here hardly ever hold, written by hand into the last page of CPU 0
 * of a real capture: an event whose length is in its second word (type 0), a discarded event (padding with a time
 * delta), a time extend, an absolute timestamp (type 31, used by histogram triggers, which this kernel lacks) and
 * the padding that ends a page. The events copy a real event's data, so only their times are new.
 */
class RingBufferRecordsTest {

    private static final int PAGE = 4096;
    private static final int DATA = 16;

    @TempDir
    Path fTemporary;

    @Test
    void everyKindOfRecordMovesTimeAsTheKernelMeansIt() throws Exception {
        Path original = Fixtures.file(Fixtures.SMALL, "trace.dat");
        long page = lastPageOfCpu0(original);
        byte[] dat = Files.readAllBytes(original);
        ByteBuffer file = ByteBuffer.wrap(dat).order(ByteOrder.LITTLE_ENDIAN);
        long pageTime = file.getLong((int) page);
        int typeLength = file.getInt((int) page + DATA) & 0x1F;
        assertTrue(typeLength > 0 && typeLength <= 28, "the page starts with an event");
        byte[] payload = Arrays.copyOfRange(dat, (int) page + DATA + 4, (int) page + DATA + 4 + 4 * typeLength);
        String model = Fixtures.describe(Fixtures.read(original).stream().filter(event -> event.cpu() == 0 && event.timestamp() >= pageTime)
                .findFirst().orElseThrow()).replaceFirst("^\\d+ ", "");

        ByteBuffer records = ByteBuffer.allocate(PAGE - DATA).order(ByteOrder.LITTLE_ENDIAN);
        long a = pageTime + 100;
        records.putInt(typeLength | 100 << 5).put(payload);
        records.putInt(29 | 50 << 5).putInt(12).putLong(-1);
        records.putInt(30 | 5 << 5).putInt(1);
        long b = a + 50 + (1L << 27) + 5 + 7;
        records.putInt(7 << 5).putInt(payload.length + 4).put(payload);
        long c = b + 1000;
        records.putInt(31 | (int) (c & ((1 << 27) - 1)) << 5).putInt((int) (c >>> 27));
        records.putInt(typeLength).put(payload);
        records.putInt(29).putLong(-1);
        file.putLong((int) page + 8, records.position());
        System.arraycopy(records.array(), 0, dat, (int) page + DATA, records.position());
        Path built = Files.write(fTemporary.resolve("records.dat"), dat);

        List<FtraceEvent> last = Fixtures.read(built).stream().filter(event -> event.cpu() == 0 && event.timestamp() >= pageTime).toList();
        assertEquals(List.of(a, b, c), last.stream().map(FtraceEvent::timestamp).toList());
        for (FtraceEvent event : last) {
            assertEquals(model, Fixtures.describe(event).replaceFirst("^\\d+ ", ""));
        }
    }

    private static long lastPageOfCpu0(Path dat) throws Exception {
        try (FileBytes bytes = new FileBytes(dat)) {
            for (DatFile.Buffer buffer : DatFile.read(bytes).buffers()) {
                for (DatFile.Region region : buffer.regions()) {
                    if (region.cpu() == 0 && region.size() > 0) {
                        return region.offset() + region.size() - PAGE;
                    }
                }
            }
        }
        throw new AssertionError("no page of CPU 0 in " + dat);
    }
}
