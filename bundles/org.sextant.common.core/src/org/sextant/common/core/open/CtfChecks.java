// SPDX-License-Identifier: EPL-2.0
package org.sextant.common.core.open;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.sextant.common.core.open.TraceOpener.OpenException;
import org.sextant.ctf.model.CtfTrace;
import org.sextant.ctf.model.TraceFormatException;

/**
 * What Sextant's CTF codec says of a trace before Trace Compass opens it. Trace Compass's reader trusts what it
 * reads: a damaged first packet fails its validation with no file or offset ("Failed to get CTF Iterator"), a
 * damaged packet further on ends its reading early, and an analysis then reports fewer events as if the trace
 * had no more. So every CTF trace has its packets checked (the headers, a few dozen bytes each, and the LTTng
 * index against them), and every event is decoded too when an analysis reads the trace through Trace Compass's
 * reader; for the parallel builds, which check every event as they go, only a trace small enough to decode in
 * about a second is, so that its damage is told before any build starts.
 */
public final class CtfChecks {

    /** How much of a CTF trace is checked when it opens. */
    public enum Depth {
        /** Nothing: the files were checked a moment ago (a trace reopened once its stale files are cleared). */
        NONE,
        /** Every packet, and every event of a trace of up to {@link #DECODED_IN_FULL} bytes. */
        PACKETS,
        /** Every packet and every event. */
        EVENTS
    }

    /** Stream bytes decoded in full when a trace is opened: about a second at the codec's speed. */
    public static final long DECODED_IN_FULL = 256L << 20;

    /** What a tracer writes beside a CTF trace's metadata: LTTng's index and streams ({@code CHANNEL_CPU}), perf's streams. */
    private static final Pattern STREAM = Pattern.compile("index|[\\w-]+_\\d+"); //$NON-NLS-1$

    private CtfChecks() {
    }

    /**
     * @param trace
     *            a CTF trace directory
     * @param depth
     *            how much to check
     * @throws OpenException
     *             naming the file and offset of the first damage found
     */
    public static void check(Path trace, Depth depth) throws OpenException {
        if (depth == Depth.NONE) {
            return;
        }
        try {
            CtfTrace ctf = CtfTrace.open(trace);
            long bytes = 0;
            for (Path stream : ctf.packets().keySet()) {
                bytes += Files.size(stream);
            }
            if (depth == Depth.EVENTS || bytes <= DECODED_IN_FULL) {
                ctf.verify();
            }
        } catch (TraceFormatException e) {
            throw new OpenException(e.getMessage());
        } catch (IOException e) {
            throw new OpenException(trace + ": cannot be read: " + e.getMessage()); //$NON-NLS-1$
        }
    }

    /**
     * @param recording
     *            a directory of CTF traces
     * @param depth
     *            how deep its traces lie
     * @return its directories that hold a tracer's streams but no metadata: traces that cannot be read at all
     * @throws OpenException
     *             when the directory cannot be listed
     */
    static List<Path> withoutMetadata(Path recording, int depth) throws OpenException {
        try (Stream<Path> paths = Files.walk(recording, depth)) {
            return paths.filter(Files::isDirectory).filter(directory -> !Files.isRegularFile(directory.resolve("metadata")) //$NON-NLS-1$
                    && holdsStreams(directory)).sorted().toList();
        } catch (IOException | UncheckedIOException e) {
            throw new OpenException(recording + ": cannot be listed: " + e.getMessage()); //$NON-NLS-1$
        }
    }

    private static boolean holdsStreams(Path directory) {
        try (Stream<Path> files = Files.list(directory)) {
            return files.anyMatch(file -> STREAM.matcher(file.getFileName().toString()).matches());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
