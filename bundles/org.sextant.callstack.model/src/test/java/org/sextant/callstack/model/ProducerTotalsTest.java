// SPDX-License-Identifier: EPL-2.0
package org.sextant.callstack.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every reader keeps all of its producer's costs: the instructions and the time the text itself states, counted
 * here with no more than a regular expression per line, are the profile's trees' totals and what it reports
 * outside them (time in gaps of the trace, instructions before a thread's first function).
 */
class ProducerTotalsTest {

    private static final Path PT = Path.of(System.getProperty("sextant.fixtures"), "intel-pt");
    /** perf's IPC counts, {@code (instructions/cycles)}. */
    private static final Pattern IPC = Pattern.compile("IPC: [\\d.]+ \\((\\d+)/\\d+\\)");
    /** sptdecode's instruction counts, {@code [+ N]} after the time columns. */
    private static final Pattern SPT_COUNT = Pattern.compile("^(?:\\s*[\\d.]+\\s+\\[[+-][\\d.]*\\])?\\s*\\[\\+\\s*(\\d+)\\]");
    private static final Pattern SPT_TIME = Pattern.compile("^\\s*(\\d+)\\.(\\d{3})\\s+\\[");
    /** A perf sample's or decoder error's thread and time. */
    private static final Pattern PERF_TIME = Pattern.compile("(?:\\s(?:\\d+/)?(\\d+)\\s+\\[\\d+\\]\\s+(\\d+)\\.(\\d{9}):|time (\\d+)\\.(\\d{9}).*tid (\\d+))");

    @ParameterizedTest
    @ValueSource(strings = { "perf-script-branches", "perf-script-call-ret-trace", "perf-script-call-trace", "perf-script-insn-trace", "sptdecode" })
    void instructionsAndTimeAreTheTexts(String sample) throws Exception {
        Path file = PT.resolve(sample + ".txt");
        List<String> lines = Files.readAllLines(file);
        long instructions = 0;
        Map<Long, long[]> spans = new HashMap<>(); // thread: first, last time
        for (String line : lines) {
            Matcher ipc = IPC.matcher(line);
            if (ipc.find()) {
                instructions += Long.parseLong(ipc.group(1));
            }
            if (!sample.equals("sptdecode") && line.contains(" insn:")) {
                // perf's instruction lines; sptdecode's dumps are the instructions its counts already count
                instructions++;
            }
            Matcher count = SPT_COUNT.matcher(line);
            if (sample.equals("sptdecode") && count.find()) {
                instructions += Long.parseLong(count.group(1));
            }
            Matcher perf = PERF_TIME.matcher(line);
            Matcher spt = SPT_TIME.matcher(line);
            if (!sample.equals("sptdecode") && perf.find()) {
                boolean error = perf.group(1) == null;
                long thread = Long.parseLong(error ? perf.group(6) : perf.group(1));
                long time = Long.parseLong(error ? perf.group(4) : perf.group(2)) * 1_000_000_000L + Long.parseLong(error ? perf.group(5) : perf.group(3));
                span(spans, thread, time);
            } else if (sample.equals("sptdecode") && spt.find()) {
                span(spans, 0, Long.parseLong(spt.group(1)) * 1000 + Long.parseLong(spt.group(2)));
            }
        }
        long time = spans.values().stream().mapToLong(span -> span[1] - span[0]).sum();

        Profile profile = ProfileTest.read(file);
        if (profile.weights().contains(CallFlow.Weight.INSTRUCTIONS)) {
            assertEquals(instructions, profile.tree(CallFlow.Weight.INSTRUCTIONS).root().total() + profile.flow().unattributed(), "instructions");
        } else {
            assertEquals(0, instructions, "a text without instruction counts has no instruction weight");
        }
        assertEquals(time, profile.tree(CallFlow.Weight.TIME).root().total() + profile.flow().untraced(), "time from each thread's first line to its last");
    }

    private static void span(Map<Long, long[]> spans, long thread, long time) {
        long[] span = spans.computeIfAbsent(thread, t -> new long[] { time, time });
        span[0] = Math.min(span[0], time);
        span[1] = Math.max(span[1], time);
    }
}
