// SPDX-License-Identifier: EPL-2.0
package org.sextant.parallel.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.ctf.model.Packet;
import org.sextant.ctf.model.TraceFormatException;

class PartitionerTest {

    private static final Path STREAM = Path.of("s");

    private static Packet packet(long offset, long bytes, long begin, long end) {
        return new Packet(offset, bytes * 8, bytes * 8, begin, end, 0);
    }

    @Test
    void groupsConsecutivePacketsUpToTheTarget() {
        List<Packet> packets = List.of(packet(0, 100, 0, 9), packet(100, 100, 10, 19), packet(200, 100, 20, 29),
                packet(300, 250, 30, 39), packet(550, 100, 40, 49));
        List<Chunk> chunks = Partitioner.chunks(STREAM, packets, 200);
        assertEquals(List.of(new Chunk(STREAM, 0, 2, 0, 200, 0, 19), new Chunk(STREAM, 2, 1, 200, 300, 20, 29),
                new Chunk(STREAM, 3, 1, 300, 550, 30, 39), new Chunk(STREAM, 4, 1, 550, 650, 40, 49)), chunks,
                "a packet larger than the target is a chunk of its own");
    }

    @Test
    void partitionsRealTracesInChronologicalOrder() throws Exception {
        for (Path trace : List.of(Fixtures.PERF, Fixtures.UST)) {
            Partitioner.Partition partition = Partitioner.partition(trace, 4096);
            assertEquals(2, partition.packets().size(), trace.toString());
            for (int i = 1; i < partition.chunks().size(); i++) {
                assertTrue(partition.chunks().get(i - 1).timestampBegin() <= partition.chunks().get(i).timestampBegin());
            }
            long bytes = partition.chunks().stream().mapToLong(Chunk::bytes).sum();
            long streamBytes = 0;
            for (Path stream : partition.packets().keySet()) {
                streamBytes += java.nio.file.Files.size(stream);
            }
            assertEquals(streamBytes, bytes, "the chunks cover every byte of every stream once");
        }
        assertEquals(2, Partitioner.partition(Fixtures.UST, 4096).indexed());
        assertEquals(0, Partitioner.partition(Fixtures.PERF, 4096).indexed());
    }

    @Test
    void directoryWithoutMetadataIsNotACtfTrace(@TempDir Path dir) {
        TraceFormatException error = assertThrows(TraceFormatException.class, () -> Partitioner.partition(dir, 1));
        assertEquals(dir + ": not a CTF trace (no metadata file)", error.getMessage());
    }
}
