// SPDX-License-Identifier: EPL-2.0
package org.sextant.parallel.engine;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;

import org.eclipse.tracecompass.statesystem.core.backend.IStateHistoryBackend;
import org.sextant.ctf.model.TraceFormatException;
import org.sextant.parallel.model.BuildMode;
import org.sextant.parallel.model.ChunkProgress;

/**
 * A history that the chunk workers write themselves, in a form of the analysis's own, rather than through a
 * state system into history trees: with no merge and no insertion thread between them and the file, a build
 * scales with the workers. It answers every query as the history tree of the serial mode does.
 */
public interface DirectHistory {

    /**
     * Builds the history into a new file, attribute tree included.
     *
     * @param trace
     *            the CTF trace directory
     * @param file
     *            the file to write
     * @param ssid
     *            the state system's id
     * @param start
     *            the history's start time
     * @param mode
     *            a parallel build's threads and chunk size
     * @param progress
     *            to tell after each chunk
     * @param cancelled
     *            set when the build must stop (the file is then deleted)
     * @return what was done; {@code end} is the history's end time
     * @throws TraceFormatException
     *             when the trace cannot be decoded
     * @throws IOException
     *             when a file cannot be read or written
     * @throws InterruptedException
     *             when interrupted
     */
    Built build(Path trace, Path file, String ssid, long start, BuildMode mode, ChunkProgress progress, AtomicBoolean cancelled)
            throws TraceFormatException, IOException, InterruptedException;

    /**
     * @param ssid
     *            the state system's id
     * @param file
     *            a complete history's file
     * @return a backend answering from it
     * @throws IOException
     *             when the file cannot be read or is not a complete history (the message names it)
     */
    IStateHistoryBackend open(String ssid, Path file) throws IOException;
}
