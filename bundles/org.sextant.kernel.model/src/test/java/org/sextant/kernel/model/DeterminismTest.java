// SPDX-License-Identifier: EPL-2.0
package org.sextant.kernel.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

import org.junit.jupiter.api.Test;
import org.sextant.common.model.state.StateWriter;
import org.sextant.parallel.model.ChunkAnalysis;
import org.sextant.parallel.model.ParallelBuilder;
import org.sextant.parallel.model.ParallelDecoder;

/**
 * The parallel builds are deterministic: built again and again, on one thread and on two, the count's event
 * sequence and the cpu and io histories hash the same. The suite builds the sample three times per mode in
 * chunks of one packet (many chunks, many deferred changes); {@code tools/determinism.sh TRACE RUNS} sets
 * {@code sextant.determinism.trace} and {@code .runs} for a long campaign on a large trace.
 */
class DeterminismTest {

    private static final Path TRACE = Path.of(System.getProperty("sextant.determinism.trace",
            Path.of(System.getProperty("sextant.fixtures"), "perf-sched-syscalls").toString()));
    private static final int RUNS = Integer.getInteger("sextant.determinism.runs", 3);
    /** The builds' default chunk size on a given trace; one packet per chunk on the sample. */
    private static final long CHUNK_BYTES = Long.getLong("sextant.determinism.chunk", System.getProperty("sextant.determinism.trace") == null ? 1 : 8L << 20);
    private static final int[] THREADS = { 1, 2 };

    @Test
    void everyBuildHashesTheSame() throws Exception {
        KernelEventLayout layout = KernelEventLayouts.perf(SyscallTable.X86_64);
        Map<String, Supplier<ChunkAnalysis>> analyses = new LinkedHashMap<>();
        analyses.put("cpu", () -> new CpuUsageAnalysis(layout));
        analyses.put("io", () -> new IoAnalysis(layout, IoAnalysisTest.SWITCHES));
        Map<String, List<String>> hashes = new LinkedHashMap<>();
        for (int run = 0; run < RUNS; run++) {
            for (int threads : THREADS) {
                hashes.computeIfAbsent("count", k -> new ArrayList<>()).add(countHash(threads));
                for (Map.Entry<String, Supplier<ChunkAnalysis>> analysis : analyses.entrySet()) {
                    HashingWriter writer = new HashingWriter();
                    new ParallelBuilder(threads, CHUNK_BYTES).build(TRACE, analysis.getValue().get(), writer, (done, total) -> { },
                            new AtomicBoolean());
                    hashes.computeIfAbsent(analysis.getKey(), k -> new ArrayList<>()).add(writer.hash());
                }
            }
        }
        hashes.forEach((analysis, list) -> {
            System.out.println("[determinism] " + analysis + ": " + list.size() + " builds (" + RUNS + " runs x threads 1, 2) of " + TRACE
                    + ": " + list.stream().distinct().count() + " distinct hash " + list.get(0));
            assertEquals(1, list.stream().distinct().count(), analysis + ": " + list);
        });
    }

    /** The count's input: every event's time, CPU and class, in the order the merge delivers them. */
    private static String countHash(int threads) throws Exception {
        MessageDigest digest = MessageDigest.getInstance("SHA-256");
        ByteBuffer numbers = ByteBuffer.allocate(12);
        new ParallelDecoder(threads, CHUNK_BYTES).decode(TRACE, (nanos, cpu, name) -> {
            digest.update(numbers.clear().putLong(nanos).putInt(cpu).array());
            digest.update(name.getBytes(StandardCharsets.UTF_8));
        }, (done, total) -> { }, new AtomicBoolean());
        return HexFormat.of().formatHex(digest.digest());
    }

    /** A history as a hash of its attributes and of every change, in the order written. */
    private static final class HashingWriter implements StateWriter {
        private final MessageDigest fDigest;
        private final Map<String, Integer> fAttributes = new LinkedHashMap<>();

        HashingWriter() throws Exception {
            fDigest = MessageDigest.getInstance("SHA-256");
        }

        @Override
        public int attribute(String... path) {
            return fAttributes.computeIfAbsent(String.join("/", path), key -> {
                fDigest.update(("+" + key + '\n').getBytes(StandardCharsets.UTF_8));
                return fAttributes.size();
            });
        }

        @Override
        public void modify(long time, int attribute, Object value) {
            fDigest.update((time + " " + attribute + " " + value + '\n').getBytes(StandardCharsets.UTF_8));
        }

        String hash() {
            return HexFormat.of().formatHex(fDigest.digest());
        }
    }
}
