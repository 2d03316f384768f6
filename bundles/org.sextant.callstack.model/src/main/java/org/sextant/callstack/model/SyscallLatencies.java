// SPDX-License-Identifier: EPL-2.0
package org.sextant.callstack.model;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The latency of each system call per call site (Sharma and Dagenais's syscall latency profile), from a timed
 * branch trace: a system call runs from the thread's {@code syscall} branch to its return to user space, the
 * {@code sysret} when the kernel is traced too, else the trace's start again ({@code tr strt}), since a trace of
 * user space alone stops at the system call ({@code tr end syscall}) and starts again after it. A call site is
 * where the {@code syscall} instruction is, {@code function+0xoffset} as perf names it (its address when it has
 * no symbol): Intel PT records no register, so the site, the C library's wrapper of one system call, is what
 * tells the calls apart. A system call whose end the trace lost (a decoder error, another system call first, the
 * trace's end) has no latency and is counted as unfinished.
 */
public final class SyscallLatencies {

    /** Percentiles are nearest-rank: the smallest latency that at least this share of the calls do not exceed. */
    private static final double MEDIAN = 0.5;
    private static final double P99 = 0.99;

    /**
     * One call site's latencies.
     *
     * @param site
     *            where the {@code syscall} instruction is
     * @param count
     *            how many calls ended
     * @param min
     *            the shortest, in the input's time unit (nanoseconds for perf)
     * @param median
     *            the median, nearest-rank
     * @param p99
     *            the 99th percentile, nearest-rank
     * @param max
     *            the longest
     * @param total
     *            their sum
     */
    public record Site(String site, long count, long min, long median, long p99, long max, long total) {
    }

    /** A thread's system call in progress. */
    private record Open(String site, long time) {
    }

    private final Map<Long, Open> fOpen = new HashMap<>();
    private final Map<String, List<Long>> fLatencies = new LinkedHashMap<>();
    private long fUnfinished;

    /**
     * A thread entered a system call.
     *
     * @param thread
     *            the thread
     * @param time
     *            when
     * @param site
     *            where its {@code syscall} instruction is
     */
    public void enter(long thread, long time, String site) {
        if (fOpen.put(thread, new Open(site, time)) != null) {
            fUnfinished++;
        }
    }

    /**
     * A thread is back in user space; nothing when it was in no system call.
     *
     * @param thread
     *            the thread
     * @param time
     *            when
     */
    public void exit(long thread, long time) {
        Open open = fOpen.remove(thread);
        if (open != null) {
            fLatencies.computeIfAbsent(open.site(), site -> new ArrayList<>()).add(time - open.time());
        }
    }

    /**
     * The thread's trace lost its flow (a decoder error): a system call in progress has no end.
     *
     * @param thread
     *            the thread
     */
    public void lost(long thread) {
        if (fOpen.remove(thread) != null) {
            fUnfinished++;
        }
    }

    /** @return the call sites, the one with the most time in system calls first (then by name) */
    public List<Site> sites() {
        List<Site> sites = new ArrayList<>();
        fLatencies.forEach((site, latencies) -> {
            long[] sorted = latencies.stream().mapToLong(Long::longValue).sorted().toArray();
            sites.add(new Site(site, sorted.length, sorted[0], rank(sorted, MEDIAN), rank(sorted, P99), sorted[sorted.length - 1],
                    Arrays.stream(sorted).sum()));
        });
        sites.sort(Comparator.comparingLong(Site::total).reversed().thenComparing(Site::site));
        return sites;
    }

    /** @return system calls whose end the trace lost, those still open at its end included */
    public long unfinished() {
        return fUnfinished + fOpen.size();
    }

    private static long rank(long[] sorted, double share) {
        return sorted[(int) Math.ceil(share * sorted.length) - 1];
    }
}
