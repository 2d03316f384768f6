// SPDX-License-Identifier: EPL-2.0
package org.sextant.redis.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.sextant.test.support.Fixture;

/**
 * Events version 5: the reads and writes of the event loop's thread have no start event while it does all the
 * client I/O, their end's {@code took} tells when they started. They are reads and writes all the same: one
 * reading and one writing stage per end event of each thread, as babeltrace2 counts the ends (CATALOGUE.md), as
 * many as version 1 had start events for the same load. redis-pipelined-v5 to -v8 have both kinds: their main
 * thread's calls before the io thread's first read have no start event, every call after it has one. Version 7
 * tells those writes in a {@code writes_end} before the thread's next event, version 8 those reads in a
 * {@code reads_end}: as many stages as calls.
 */
class UntoldStartsTest {

    @ParameterizedTest(name = "{0}, thread {1}")
    @CsvSource({ "REDIS_SINGLE, 11015, 409, 402", "REDIS_SINGLE_V5, 14795, 409, 402", //
            "REDIS_PIPELINED_V5, 14134, 150, 69", "REDIS_PIPELINED_V5, 14141, 87, 62", //
            "REDIS_PIPELINED_V6, 3202, 183, 76", "REDIS_PIPELINED_V6, 3210, 54, 55", "REDIS_SINGLE_V7, 6532, 409, 402", //
            "REDIS_PIPELINED_V7, 6712, 133, 70", "REDIS_PIPELINED_V7, 6720, 104, 61", "REDIS_SINGLE_V8, 18857, 409, 402", //
            "REDIS_PIPELINED_V8, 18921, 141, 71", "REDIS_PIPELINED_V8, 18929, 96, 60" })
    void everyEndIsAReadOrWriteOfItsThread(Fixture fixture, String tid, int reads, int writes) throws Exception {
        try (Recording recording = Recording.open(fixture)) {
            Map<String, Integer> stages = recording.stages();
            assertEquals(reads, stages.get("reading by " + tid)); //$NON-NLS-1$
            assertEquals(writes, stages.get("writing by " + tid)); //$NON-NLS-1$
        }
    }
}
