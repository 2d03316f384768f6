// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.ctf.core;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.eclipse.osgi.util.NLS;
import org.eclipse.tracecompass.tmf.core.synchronization.ITmfTimestampTransform;
import org.eclipse.tracecompass.tmf.ctf.core.context.CtfLocation;
import org.eclipse.tracecompass.tmf.ctf.core.trace.CtfTmfTrace;
import org.sextant.ctf.model.CtfTrace;
import org.sextant.ctf.model.Packet;
import org.sextant.ctf.model.TraceFormatException;
import org.sextant.ctf.model.TraceWarning;

/**
 * A CTF trace's events walked by Sextant's codec as Trace Compass's reader gives them ({@link ReaderTimes}), each
 * with what Trace Compass knows it by: its time as the trace's events carry it (its clock converted by Trace
 * Compass, then the trace's time transform), its location (the untransformed time and the number of events of
 * that time before it) and, for a lost-event record, where its time range ends. Opening refuses a trace whose
 * walk could differ from Trace Compass's reading.
 */
final class CodecWalk implements AutoCloseable {

    private final CtfTmfTrace fTrace;
    private final CtfTrace fCodec;
    private final ReaderTimes fTimes;
    private final ITmfTimestampTransform fTransform;
    private long fNanos;
    private long fSameTime;
    private boolean fStarted;

    private CodecWalk(CtfTmfTrace trace, CtfTrace codec) {
        fTrace = trace;
        fCodec = codec;
        fTimes = new ReaderTimes(codec);
        fTransform = trace.getTimestampTransform();
    }

    /**
     * @param trace
     *            a trace Trace Compass opened
     * @return a walk before its first event
     * @throws CodecIndexer.Declined
     *             when the codec could read it otherwise than Trace Compass's reader does
     * @throws TraceFormatException
     *             when the codec refuses the trace
     * @throws IOException
     *             when a file cannot be read
     */
    static CodecWalk open(CtfTmfTrace trace) throws CodecIndexer.Declined, TraceFormatException, IOException {
        CtfTrace codec = CtfTrace.open(Path.of(trace.getPath()));
        checkDepartures(codec);
        for (Map.Entry<Path, List<Packet>> stream : codec.packets().entrySet()) {
            if (!codec.timed(stream.getKey()) && countsLosses(codec, stream.getKey(), stream.getValue().size())) {
                throw new CodecIndexer.Declined(NLS.bind(Messages.Index_UntimedLosses, stream.getKey()));
            }
        }
        return new CodecWalk(trace, codec);
    }

    /**
     * Moves to the next event or lost-event record.
     *
     * @return false past the last
     * @throws TraceFormatException
     *             when a packet or event cannot be decoded
     * @throws IOException
     *             when a file cannot be read
     */
    boolean next() throws TraceFormatException, IOException {
        if (!fTimes.next()) {
            return false;
        }
        long nanos = fTrace.timestampCyclesToNanos(fTimes.cycles());
        fSameTime = fStarted && nanos == fNanos ? fSameTime + 1 : 0;
        fNanos = nanos;
        fStarted = true;
        return true;
    }

    /** @return the trace walked */
    CtfTmfTrace trace() {
        return fTrace;
    }

    /** @return the current record's time as Trace Compass's event of it carries it, in nanoseconds */
    long time() {
        return fTransform.transform(fNanos);
    }

    /** @return where the current record's time range ends (a lost-event record's; else its time), as {@link #time} */
    long end() {
        return fTransform.transform(fTimes.lost() ? fNanos + lostDuration() : fNanos);
    }

    /** @return the current record's location, as Trace Compass's reader seeks it */
    CtfLocation location() {
        return new CtfLocation(fNanos, fSameTime);
    }

    /**
     * Says whether the walk met a departure from CTF that Trace Compass could read otherwise; called past the last
     * event, when every packet was decoded.
     *
     * @throws CodecIndexer.Declined
     *             when it did
     */
    void finish() throws CodecIndexer.Declined {
        checkDepartures(fCodec);
    }

    @Override
    public void close() throws IOException {
        fTimes.close();
    }

    /** A lost-event record's duration as Trace Compass's event factory converts it, in nanoseconds. */
    private long lostDuration() {
        return fTrace.timestampCyclesToNanos(fTimes.lostUntil() - fTimes.cycles() - fTrace.getOffset());
    }

    /**
     * The first departure from CTF the codec read past, but for an index file it did not read (an early LTTng's):
     * the packets are found from their headers, as Trace Compass finds them.
     */
    private static void checkDepartures(CtfTrace codec) throws CodecIndexer.Declined {
        for (TraceWarning warning : codec.warnings()) {
            if (warning.kind() != TraceWarning.Kind.INDEX_NOT_LTTNG) {
                throw new CodecIndexer.Declined(warning.toString());
            }
        }
    }

    private static boolean countsLosses(CtfTrace codec, Path stream, int packets) {
        for (int packet = 0; packet < packets; packet++) {
            if (codec.discardedEvents(stream, packet) != 0) {
                return true;
            }
        }
        return false;
    }
}
