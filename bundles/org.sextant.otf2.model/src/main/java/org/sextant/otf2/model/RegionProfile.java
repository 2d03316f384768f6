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

    /** The calls of one region: their count and their inclusive and exclusive times, in ticks. */
    public static final class Calls {
        private long fCount;
        private long fInclusiveSum;
        private long fInclusiveMin = Long.MAX_VALUE;
        private long fInclusiveMax;
        private long fExclusiveSum;
        private long fExclusiveMin = Long.MAX_VALUE;
        private long fExclusiveMax;

        void add(long inclusive, long exclusive) {
            fCount++;
            fInclusiveSum += inclusive;
            fInclusiveMin = Math.min(fInclusiveMin, inclusive);
            fInclusiveMax = Math.max(fInclusiveMax, inclusive);
            fExclusiveSum += exclusive;
            fExclusiveMin = Math.min(fExclusiveMin, exclusive);
            fExclusiveMax = Math.max(fExclusiveMax, exclusive);
        }

        /** @return how many calls finished */
        public long count() {
            return fCount;
        }

        /** @return the calls' inclusive times summed */
        public long inclusiveSum() {
            return fInclusiveSum;
        }

        /** @return the shortest inclusive time */
        public long inclusiveMin() {
            return fInclusiveMin;
        }

        /** @return the longest inclusive time */
        public long inclusiveMax() {
            return fInclusiveMax;
        }

        /** @return the calls' exclusive times summed */
        public long exclusiveSum() {
            return fExclusiveSum;
        }

        /** @return the shortest exclusive time */
        public long exclusiveMin() {
            return fExclusiveMin;
        }

        /** @return the longest exclusive time */
        public long exclusiveMax() {
            return fExclusiveMax;
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
