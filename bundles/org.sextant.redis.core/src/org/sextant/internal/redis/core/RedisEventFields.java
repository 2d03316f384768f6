// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.redis.core;

/**
 * A Redis event as its handler reads it, whoever decoded it: Trace Compass ({@link RedisEvent}) or Sextant's
 * chunk workers ({@link RedisChunkAnalysis}). A missing field reads as unknown: -1, or the empty string.
 */
interface RedisEventFields {

    /** @return nanoseconds */
    long time();

    /** @return the node's key: its process id, or its trace's name when the events carry no process id */
    String node();

    /** @return the thread, -1 when unknown */
    int tid();

    /** @return the {@code fd} field, -1 when missing */
    default int fd() {
        return integer("fd"); //$NON-NLS-1$
    }

    /** @return the named integer field, -1 when missing */
    default int integer(String name) {
        return (int) number(name);
    }

    /** @return the named integer field, -1 when missing */
    long number(String name);

    /** @return the named sequence of integers, empty when missing */
    long[] numbers(String name);

    /** @return the named string field, empty when missing */
    String text(String name);
}
