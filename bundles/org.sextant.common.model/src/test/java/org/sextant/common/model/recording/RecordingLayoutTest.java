// SPDX-License-Identifier: EPL-2.0
package org.sextant.common.model.recording;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A recording laid out as {@code sextant record} leaves one: its members are its CTF traces, then its ftrace trace. */
class RecordingLayoutTest {

    @TempDir
    Path fDir;

    private Path trace(String path) throws IOException {
        Path trace = fDir.resolve(path);
        Files.createDirectories(trace);
        Files.writeString(trace.resolve(RecordingLayout.CTF_METADATA), "/* CTF 1.8 */");
        return trace;
    }

    @Test
    void membersAreTheCtfTracesInPathOrderThenTheFtraceTrace() throws IOException {
        Path second = trace("ust/pid/redis-server-20-20261125-130247");
        Path first = trace("ust/pid/redis-server-10-20261125-130247");
        Path kernel = trace("kernel");
        Files.createDirectories(fDir.resolve("ftrace"));
        Path text = Files.writeString(fDir.resolve("ftrace/trace.txt"), "");
        Path dat = Files.writeString(fDir.resolve("ftrace/trace.dat"), "");
        assertTrue(RecordingLayout.isRecording(fDir));
        assertFalse(RecordingLayout.isRecording(first));
        assertEquals(List.of(kernel, first, second, dat), RecordingLayout.members(fDir));
        Files.delete(dat);
        assertEquals(List.of(kernel, first, second, text), RecordingLayout.members(fDir));
    }

    @Test
    void tracesDeeperThanARecordingsAreNotMembers() throws IOException {
        trace("a/b/c/d/e/f/g");
        assertEquals(List.of(), RecordingLayout.members(fDir));
    }
}
