// SPDX-License-Identifier: EPL-2.0
package org.sextant.callstack.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The timeline of the timed samples of tests/fixtures/intel-pt against golden flame charts
 * ({@code SAMPLE.flamechart}: a line per call, thread, level from 1 at the root, start, end, function; worked out
 * by hand from the samples), and against the samples' time trees: the flame chart and the sunburst tell the
 * same time.
 */
class CallTimelineTest {

    private static final Path PT = Path.of(System.getProperty("sextant.fixtures")).resolve("intel-pt");
    private static final CallFlow.Where T1 = new CallFlow.Where("app", 1, 0);
    private static final CallFlow.Where T2 = new CallFlow.Where("app", 2, 1);

    static Profile readTimed(Path file) throws Exception {
        return Profile.read(file, DeltaProfiler.Pattern.INTERRUPTS, true, bytes -> {
        });
    }

    /**
     * @return a line per call of the timeline, as in the golden files: {@code process/tid level start end function}
     */
    static List<String> calls(CallTimeline timeline) {
        Map<CallTimeline.Track, Deque<CallTimeline.Step>> open = new HashMap<>();
        List<String> calls = new ArrayList<>();
        for (CallTimeline.Step step : timeline.steps()) {
            Deque<CallTimeline.Step> stack = open.computeIfAbsent(step.track(), track -> new ArrayDeque<>());
            if (step.kind() == CallTimeline.Kind.ENTER) {
                stack.push(step);
            } else {
                CallTimeline.Step enter = stack.pop();
                calls.add(step.track().process() + '/' + step.track().thread() + ' ' + (enter.depth() + 1) + ' ' + enter.time() + ' ' + step.time() + ' '
                        + enter.function());
            }
        }
        return calls;
    }

    @ParameterizedTest
    @ValueSource(strings = { "perf-script-branches", "perf-script-call-ret-trace", "perf-script-call-trace", "perf-script-insn-trace", "sptdecode" })
    void samplesGiveTheGoldenFlameCharts(String sample) throws Exception {
        CallTimeline timeline = readTimed(PT.resolve(sample + ".txt")).timeline();
        Path golden = PT.resolve(sample + ".flamechart");
        assertEquals(Files.readAllLines(golden).stream().sorted().toList(), calls(timeline).stream().sorted().toList(), golden.toString());
    }

    /** Steps in time order; on each thread, a leave is of the function on top, and every function is left. */
    @ParameterizedTest
    @ValueSource(strings = { "perf-script-branches", "perf-script-call-ret-trace", "perf-script-call-trace", "perf-script-insn-trace", "sptdecode" })
    void stepsAreOrderedAndEachThreadsStackBalances(String sample) throws Exception {
        CallTimeline timeline = readTimed(PT.resolve(sample + ".txt")).timeline();
        Map<CallTimeline.Track, List<String>> stacks = new HashMap<>();
        long time = Long.MIN_VALUE;
        for (CallTimeline.Step step : timeline.steps()) {
            assertTrue(step.time() >= time, () -> "in time order: " + step);
            time = step.time();
            List<String> stack = stacks.computeIfAbsent(step.track(), track -> new ArrayList<>());
            if (step.kind() == CallTimeline.Kind.ENTER) {
                assertEquals(stack.size(), step.depth(), () -> "entered on top: " + step);
                stack.add(step.function());
            } else {
                assertEquals(stack.size() - 1, step.depth(), () -> "left from the top: " + step);
                assertEquals(stack.remove(stack.size() - 1), step.function());
            }
        }
        stacks.forEach((track, stack) -> assertEquals(List.of(), stack, track.toString()));
    }

    /** Each call path's time on the timeline, its callees' aside, is its own time in the sunburst's time tree. */
    @ParameterizedTest
    @ValueSource(strings = { "perf-script-branches", "perf-script-call-ret-trace", "perf-script-call-trace", "perf-script-insn-trace", "sptdecode" })
    void theFlameChartTellsTheTimeOfTheTimeTree(String sample) throws Exception {
        Profile profile = readTimed(PT.resolve(sample + ".txt"));
        CallTree fromTimeline = new CallTree();
        Map<CallTimeline.Track, List<String>> stacks = new HashMap<>();
        Map<CallTimeline.Track, Long> since = new HashMap<>();
        for (CallTimeline.Step step : profile.timeline().steps()) {
            List<String> stack = stacks.computeIfAbsent(step.track(), track -> new ArrayList<>());
            Long last = since.put(step.track(), step.time());
            if (!stack.isEmpty() && step.time() > last) {
                fromTimeline.add(stack, step.time() - last);
            }
            if (step.kind() == CallTimeline.Kind.ENTER) {
                stack.add(step.function());
            } else {
                stack.remove(stack.size() - 1);
            }
        }
        assertEquals(ProfileTest.folded(profile.tree(CallFlow.Weight.TIME)), ProfileTest.folded(fromTimeline));
    }

    /** Tracing stopped on thread 1 from 150 to 1000: no stack there, then the same one again. */
    @Test
    void aGapLeavesTheStackAndTheThreadEntersItAgainWhenTheTraceResumes() {
        CallFlow flow = CallFlow.withTimeline();
        flow.advance(T1, 100, 1, "main");
        flow.call(T1, "main", "work");
        flow.advance(T1, 150, 1, null);
        flow.gap(T1, 1000);
        flow.advance(T1, 1010, 1, null);
        assertEquals(List.of("app/1 1 100 150 main", "app/1 1 1000 1010 main", "app/1 2 100 150 work", "app/1 2 1000 1010 work"),
                calls(flow.timeline()).stream().sorted().toList());
    }

    /**
     * Calls between two steps of the same time, or between untimed steps, last no time: they are not on the
     * timeline, and a thread returning into what it was in before makes no step either.
     */
    @Test
    void callsOfNoDurationLeaveNoStep() {
        CallFlow flow = CallFlow.withTimeline();
        flow.advance(T1, 100, 1, "main");
        flow.call(T1, "main", "inline");
        flow.advance(T1, 100, 1, null);
        flow.ret(T1, "main");
        flow.call(T1, "main", "untimed");
        flow.advance(T1, -1, 1, null);
        flow.ret(T1, "main");
        flow.advance(T1, 200, 1, null);
        assertEquals(List.of("app/1 1 100 200 main"), calls(flow.timeline()));
    }

    /**
     * Threads interleave by time. A thread's time going back (a badly sorted input) is refused: charging from the
     * earlier time again would count the time in between twice (issue 14), so the readers report the line.
     */
    @Test
    void threadsMergeByTimeAndAThreadNeverGoesBack() {
        CallFlow flow = CallFlow.withTimeline();
        flow.advance(T1, 100, 1, "main");
        flow.advance(T2, 50, 1, "worker");
        flow.advance(T2, 300, 1, null);
        flow.call(T1, "main", "other");
        assertThrows(CallFlow.TimeGoesBack.class, () -> flow.advance(T1, 90, 1, null));
        assertThrows(CallFlow.TimeGoesBack.class, () -> flow.gap(T1, 95));
        flow.advance(T1, 120, 1, null);
        CallTimeline timeline = flow.timeline();
        assertEquals(List.of(50L, 100L, 100L, 120L, 120L, 300L), timeline.steps().stream().map(CallTimeline.Step::time).toList());
        assertEquals(List.of(new CallTimeline.Track("app", 1), new CallTimeline.Track("app", 2)), timeline.tracks());
        assertEquals(List.of("app/1 1 100 120 main", "app/1 2 100 120 other", "app/2 1 50 300 worker"), calls(timeline).stream().sorted().toList());
    }

    @Test
    void onlyTimedInputsReadWithATimelineHaveOne(@TempDir Path dir) throws Exception {
        assertEquals(0, ProfileTest.read(PT.resolve("perf-script-branches.txt")).timeline().size(), "not asked for");
        Path callgrind = Path.of(System.getProperty("sextant.fixtures")).resolve("callgrind-callpaths").resolve("base.callgrind");
        assertEquals(0, readTimed(callgrind).timeline().size());
        Path untimed = dir.resolve("untimed.txt");
        Files.writeString(untimed, """
                TIME      DELTA         INSNs   OPERATION
                                        [+   6] _start+40 -> main
                                        [+   9]     main+22 -> run
                """);
        assertEquals(0, readTimed(untimed).timeline().size());
        assertFalse(Profile.isTimed(untimed), "sptdecode without a time column");
        assertFalse(Profile.isTimed(callgrind));
        assertTrue(Profile.isTimed(PT.resolve("sptdecode.txt")));
        assertTrue(Profile.isTimed(PT.resolve("perf-script-call-trace.txt")));
    }
}
