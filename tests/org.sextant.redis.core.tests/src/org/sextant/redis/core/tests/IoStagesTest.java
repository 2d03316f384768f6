// SPDX-License-Identifier: EPL-2.0
package org.sextant.redis.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.tracecompass.tmf.core.model.timegraph.ITimeGraphDataProvider;
import org.eclipse.tracecompass.tmf.core.model.timegraph.TimeGraphEntryModel;
import org.junit.jupiter.api.Test;
import org.sextant.internal.redis.core.RedisTimeGraphDataProvider;
import org.sextant.test.support.Fixture;

/**
 * The io-threads stages of a real recording (redis-io-stages: io-threads 2, io-threads-do-reads yes, 50
 * redis-benchmark clients) against counts taken independently of the model: babeltrace2's count of the tracer's
 * events per thread, and Redis's own INFO commandstats (tests/fixtures/CATALOGUE.md).
 */
class IoStagesTest {

    private static final String MAIN = "6727";
    private static final String IO = "6744";

    @Test
    void stagesCountWhatBabeltraceAndRedisCount() throws Exception {
        try (Recording recording = Recording.open(Fixture.REDIS_IO_STAGES)) {
            Map<String, Integer> stages = recording.stages();
            System.out.println("stages: " + stages); //$NON-NLS-1$
            // every descriptor the waits returned readable (babeltrace2: the readable events' fds, 2109) was pending
            assertEquals(2109, stages.get("pending read")); //$NON-NLS-1$
            // start_read_client_query per vtid
            assertEquals(1111, stages.get("reading by " + MAIN)); //$NON-NLS-1$
            assertEquals(998, stages.get("reading by " + IO)); //$NON-NLS-1$
            // write_to_client_start per vtid
            assertEquals(1007, stages.get("writing by " + MAIN)); //$NON-NLS-1$
            assertEquals(997, stages.get("writing by " + IO)); //$NON-NLS-1$
            // one per read that completed commands, on the main thread: INFO commandstats' 2003 calls and redis-cli's
            // 2 INFO and SHUTDOWN are 2006 commands, read in 2005 reads (redis-benchmark's two CONFIG GETs come in one)
            assertEquals(2005, stages.get("executing")); //$NON-NLS-1$
            assertEquals(2005, stages.get("executing by " + MAIN)); //$NON-NLS-1$
            // every write but the first of each write phase that follows io-threaded reads (that client goes from
            // executing, unseen, straight to writing): write_to_client_start 2004, less the 43 loop iterations (between
            // the main thread's after_sleep events) whose first client write came while an io thread had read or
            // written in that iteration or the one before
            assertEquals(2004 - 43, stages.get("pending write")); //$NON-NLS-1$

            Map<String, Object> query = new HashMap<>();
            ITimeGraphDataProvider<TimeGraphEntryModel> provider = recording.provider(RedisTimeGraphDataProvider.Rows.THREADS.id(),
                    ITimeGraphDataProvider.class, query);
            List<TimeGraphEntryModel> entries = provider.fetchTree(query, new NullProgressMonitor()).getModel().getEntries();
            TimeGraphEntryModel group = entries.stream().filter(e -> e.getName().equals("Client stages")).findFirst().orElseThrow(); //$NON-NLS-1$
            long rows = entries.stream().filter(e -> e.getParentId() == group.getId()).count();
            assertTrue(rows >= 50, rows + " client rows"); //$NON-NLS-1$
        }
    }
}
