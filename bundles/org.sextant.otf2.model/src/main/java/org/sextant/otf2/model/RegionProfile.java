// SPDX-License-Identifier: EPL-2.0
package org.sextant.otf2.model;

import java.util.ArrayDeque;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Per region, how often it was called and how long its calls took, inclusive (enter to leave) and exclusive
 * (less the calls it made), from each location's Enter and Leave events: a stack per location pairs them. A
 * Leave that does not leave the region on top of its location's stack is refused with an exception naming both
 * regions, so a damaged trace never yields plausible but wrong times.
 */
public final class RegionProfile {

    /** Durations summed, with the shortest and the longest. */
    public static final class Times {
        private long fSum;
        private long fMin = Long.MAX_VALUE;
        private long fMax;

        void add(long duration) {
            fSum += duration;
            fMin = Math.min(fMin, duration);
            fMax = Math.max(fMax, duration);
        }

        /** @return the durations summed */
        public long sum() {
            return fSum;
        }

        /** @return the shortest */
        public long min() {
            return fMin;
        }

        /** @return the longest */
        public long max() {
            return fMax;
        }
    }

    /** The finished calls of one region: how many, and their inclusive and exclusive times. */
    public static final class Calls {
        private long fCount;
        private final Times fInclusive = new Times();
        private final Times fExclusive = new Times();

        void add(long inclusive, long exclusive) {
            fCount++;
            fInclusive.add(inclusive);
            fExclusive.add(exclusive);
        }

        /** @return how many calls finished */
        public long count() {
            return fCount;
        }

        /** @return their enter-to-leave times */
        public Times inclusive() {
            return fInclusive;
        }

        /** @return their times less the calls they made */
        public Times exclusive() {
            return fExclusive;
        }
    }

    /** A call in progress: its region, when it started and how long its finished callees took. */
    private static final class Frame {
        final long fRegion;
        final long fStart;
        long fCallees;

        Frame(long region, long start) {
            fRegion = region;
            fStart = start;
        }
    }

    private final Map<Long, ArrayDeque<Frame>> fStacks = new HashMap<>();
    private final Map<Long, Calls> fRegions = new LinkedHashMap<>();

    /**
     * A location enters a region.
     *
     * @param location
     *            the location
     * @param region
     *            the region id
     * @param time
     *            the Enter's time
     */
    public void enter(long location, long region, long time) {
        fStacks.computeIfAbsent(location, l -> new ArrayDeque<>()).push(new Frame(region, time));
    }

    /**
     * A location leaves a region.
     *
     * @param location
     *            the location
     * @param region
     *            the region id
     * @param time
     *            the Leave's time
     * @throws IllegalStateException
     *             if the region is not the one on top of the location's stack
     */
    public void leave(long location, long region, long time) {
        ArrayDeque<Frame> stack = fStacks.get(location);
        Frame frame = stack == null ? null : stack.peek();
        if (frame == null || frame.fRegion != region) {
            throw new IllegalStateException("location " + location + " leaves region " + region + " at " + time
                    + (frame == null ? " without entering it" : " while in region " + frame.fRegion));
        }
        stack.pop();
        long inclusive = time - frame.fStart;
        fRegions.computeIfAbsent(region, r -> new Calls()).add(inclusive, inclusive - frame.fCallees);
        Frame caller = stack.peek();
        if (caller != null) {
            caller.fCallees += inclusive;
        }
    }

    /**
     * @param location
     *            a location
     * @return how many calls it has in progress
     */
    public int depth(long location) {
        ArrayDeque<Frame> stack = fStacks.get(location);
        return stack == null ? 0 : stack.size();
    }

    /**
     * @param location
     *            a location
     * @return the region of its innermost call in progress, or -1 when it has none
     */
    public long top(long location) {
        ArrayDeque<Frame> stack = fStacks.get(location);
        Frame frame = stack == null ? null : stack.peek();
        return frame == null ? -1 : frame.fRegion;
    }

    /** @return the finished calls by region id, in order of each region's first finished call */
    public Map<Long, Calls> regions() {
        return Collections.unmodifiableMap(fRegions);
    }
}
