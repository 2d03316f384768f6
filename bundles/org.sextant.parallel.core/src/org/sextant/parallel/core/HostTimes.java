// SPDX-License-Identifier: EPL-2.0
package org.sextant.parallel.core;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

import org.eclipse.tracecompass.tmf.core.synchronization.ITmfTimestampTransform;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceManager;
import org.eclipse.tracecompass.tmf.ctf.core.trace.CtfTmfTrace;
import org.sextant.ctf.model.CtfMetadata;
import org.sextant.ctf.model.TraceFormatException;

/**
 * Where Trace Compass puts a CTF trace's times, against where Sextant's codec puts them: the nanoseconds the
 * engine adds to each trace's times so that a history it builds for Trace Compass lies on Trace Compass's time
 * axis, the one its views, trace range and own analyses use.
 *
 * <p>
 * Two things move them apart. Trace Compass 6.2's CTF reader ({@code ctf.core} 4.0.4's {@code CTFClock}) reads a
 * clock's {@code offset} but not its {@code offset_s}, which the codec applies as the specification and
 * babeltrace2 do: the host's time base, its conversion of cycle 0 minus the codec's, is minus {@code offset_s}
 * seconds (modulo 2^64, which also undoes the codec's wrap of an {@code offset_s} past 2^63 ns). And an
 * experiment moves traces of one clock whose offsets differ to their average offset, a constant
 * {@link ITmfTimestampTransform} per member. A trace Sextant's own trace type reads (CTF 2) has the codec's time
 * base already. The command line's {@code analyze} builds through the same modules, so its histories share the
 * trace's supplementary folder with the views.
 * </p>
 */
public final class HostTimes {

    private static final String METADATA = "metadata"; //$NON-NLS-1$
    private static final long SECOND = 1_000_000_000L;

    private HostTimes() {
    }

    /**
     * @param trace
     *            a trace or an experiment
     * @return the directories of its CTF traces, in the experiment's order, each with {@link #shift its shift}
     * @throws IOException
     *             when a trace's times cannot be placed as Trace Compass places them (the message names it)
     */
    public static Map<Path, Long> shifts(ITmfTrace trace) throws IOException {
        Map<Path, Long> shifts = new LinkedHashMap<>();
        for (ITmfTrace member : TmfTraceManager.getTraceSet(trace)) {
            Path directory = Path.of(member.getPath());
            if (Files.isRegularFile(directory.resolve(METADATA))) {
                shifts.put(directory, shift(member));
            }
        }
        return shifts;
    }

    /**
     * @param trace
     *            a CTF trace, not an experiment
     * @return the nanoseconds to add to the codec's times of its events to have Trace Compass's
     * @throws IOException
     *             when its times are transformed by more than a constant (a synchronised experiment), which the
     *             engine does not reproduce, or its metadata cannot be read
     */
    public static long shift(ITmfTrace trace) throws IOException {
        ITmfTimestampTransform transform = trace.getTimestampTransform();
        long offset = transform.transform(0);
        if (transform.transform(SECOND) - SECOND != offset) {
            throw new IOException(trace.getPath() + ": its times are synchronised by more than a constant offset, which the parallel build does not apply"); //$NON-NLS-1$
        }
        return offset + hostBase(trace);
    }

    /** Trace Compass's conversion of cycle 0 minus the codec's: what Trace Compass's CTF reader leaves out. */
    private static long hostBase(ITmfTrace trace) throws IOException {
        if (!(trace instanceof CtfTmfTrace ctf)) {
            return 0;
        }
        Path metadata = Path.of(trace.getPath(), METADATA);
        try {
            return ctf.timestampCyclesToNanos(0) - CtfMetadata.read(metadata).toNanos(0);
        } catch (TraceFormatException e) {
            throw new IOException(e.getMessage(), e);
        }
    }
}
