// SPDX-License-Identifier: EPL-2.0
package org.sextant.callstack.model;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Inputs of one call path as deep as asked, of distinct functions {@code f0} (outermost) to {@code f<depth-1>}, in
 * the formats whose readers take stacks of any depth: what {@link DeepStacksTest} checks and
 * {@link DeepStacksBenchmark} times.
 */
final class DeepStacks {

    private DeepStacks() {
    }

    /**
     * @return a folded-stacks file of the one path, its innermost function costing {@code cost} (the others
     *         nothing); written once in a directory
     */
    static Path folded(Path dir, int depth, long cost) throws IOException {
        Path file = dir.resolve("deep-" + depth + "-" + cost + ".folded");
        if (Files.exists(file)) {
            return file;
        }
        StringBuilder line = new StringBuilder();
        for (int i = 0; i < depth; i++) {
            line.append(i == 0 ? "" : ";").append('f').append(i);
        }
        Files.writeString(file, line.append(' ').append(cost).append('\n'), StandardCharsets.ISO_8859_1);
        return file;
    }

    /**
     * @return a callgrind output where each function costs 1 itself and calls the next once: every node of the
     *         chain has a cost of its own, and the file's total is the depth
     */
    static Path callgrind(Path dir, int depth) throws IOException {
        Path file = dir.resolve("deep-" + depth + ".callgrind");
        try (Writer out = Files.newBufferedWriter(file, StandardCharsets.ISO_8859_1)) {
            out.write("# callgrind format\nversion: 1\npositions: line\nevents: Ir\n");
            for (int i = 0; i < depth; i++) {
                out.write("fn=f" + i + "\n1 1\n");
                if (i + 1 < depth) {
                    out.write("cfn=f" + (i + 1) + "\ncalls=1 1\n1 " + (depth - i - 1) + "\n");
                }
            }
            out.write("totals: " + depth + "\n");
        }
        return file;
    }

    /**
     * @return perf script of Intel PT's call/return flow, one thread calling down the chain and returning up it,
     *         a branch a nanosecond: {@code 2 * (depth - 1)} lines
     */
    static Path perf(Path dir, int depth) throws IOException {
        Path file = dir.resolve("deep-" + depth + ".perf");
        String line = "deep 4242/4242 [000] %d.%09d:   %s   401136 f%d+0x16 (/tmp/deep) =>   401196 f%d+0x4 (/tmp/deep)\n";
        try (Writer out = Files.newBufferedWriter(file, StandardCharsets.ISO_8859_1)) {
            long time = 0;
            for (int i = 0; i + 1 < depth; i++, time++) {
                out.write(String.format(line, 1000 + time / 1_000_000_000, time % 1_000_000_000, "call", i, i + 1));
            }
            for (int i = depth - 1; i > 0; i--, time++) {
                out.write(String.format(line, 1000 + time / 1_000_000_000, time % 1_000_000_000, "return", i, i - 1));
            }
        }
        return file;
    }
}
