// SPDX-License-Identifier: EPL-2.0
package org.sextant.callstack.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The call tree of callgrind profiles nobody tuned the reader for (tests/fixtures/callgrind-variety: recursion,
 * inlining, threads, callers on a cycle, instruction-level dumps with jumps and nine events, compressed names)
 * against callgrind's own numbers: the tree's total is the file's {@code totals:}, and every function's own
 * cost is what {@code callgrind_annotate} prints for it.
 */
class CallgrindOracleTest {

    private static final Path FIXTURE = Path.of(System.getProperty("sextant.fixtures"), "callgrind-variety");
    /** A function line of callgrind_annotate: its first event's cost, then file:function and maybe [object]. */
    private static final Pattern FUNCTION = Pattern.compile("^\\s*([\\d,]+) \\(\\s*[\\d.]+%\\)\\s+(?:.*%\\)\\s+)?[^:]*:(.+?)(?: \\[[^\\]]*\\])?$");

    @ParameterizedTest
    @ValueSource(strings = { "recursion", "threads-instr", "threads-compressed" })
    void totalsAndOwnCostsAreCallgrinds(String profile) throws Exception {
        CallTree tree;
        try (BufferedReader in = Files.newBufferedReader(FIXTURE.resolve(profile + ".callgrind"))) {
            tree = CallgrindReader.read(in, profile);
        }
        List<String> lines = Files.readAllLines(FIXTURE.resolve(profile + ".callgrind"));
        String totals = lines.stream().filter(line -> line.startsWith("totals:")).findFirst().orElseThrow();
        assertEquals(Long.parseLong(totals.split("\\s+")[1]), tree.root().total());

        Map<String, Long> own = new TreeMap<>();
        for (CallTree.Node node : tree.nodes()) {
            if (node.self() > 0) {
                own.merge(node.name(), node.self(), Long::sum);
            }
        }
        assertEquals(annotated(FIXTURE.resolve(profile + ".annotate.txt")), own);
    }

    /** Each function's own cost as callgrind_annotate prints it, per source file: added up per function. */
    private static Map<String, Long> annotated(Path file) throws IOException {
        Map<String, Long> own = new TreeMap<>();
        boolean functions = false;
        for (String line : Files.readAllLines(file)) {
            if (line.endsWith("file:function")) {
                functions = true;
                continue;
            }
            Matcher matcher = FUNCTION.matcher(line);
            if (functions && matcher.matches()) {
                long cost = Long.parseLong(matcher.group(1).replace(",", ""));
                if (cost > 0) {
                    own.merge(matcher.group(2), cost, Long::sum);
                }
            }
        }
        return own;
    }
}
