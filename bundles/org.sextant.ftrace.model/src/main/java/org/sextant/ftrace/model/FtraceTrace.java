// SPDX-License-Identifier: EPL-2.0
package org.sextant.ftrace.model;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * An ftrace trace opened for reading: a trace-cmd {@code .dat} file (versions 6 and 7, uncompressed) or a text
 * trace (trace-cmd report's output, or the kernel's own {@code trace} file). Events come out of a {@link Cursor},
 * in time order, from any {@link Position}; what the kernel lost is counted per CPU.
 * <p>
 * Opening reads the file's description (for a {@code .dat}: its headers, event formats and page headers; for
 * text: every line's time, to index it), so a file that is no trace, or is damaged there, fails to open with a
 * message naming the file and the offset or line. Damage inside an event's data shows when the cursor reaches it.
 */
public abstract class FtraceTrace implements Closeable {

    /** The kinds of input. */
    public enum Kind {
        /** a trace-cmd {@code .dat} file */
        DAT,
        /** the text of {@code trace-cmd report} (the raw fields of {@code -R}, and {@code -t} for nanoseconds) */
        REPORT_TEXT,
        /** the text of an ftrace instance's own {@code trace} file (microseconds, the events' print formats) */
        TRACEFS_TEXT
    }

    private static final int PROBE_BYTES = 64 * 1024;

    /**
     * Opens a trace, telling its kind from its content.
     *
     * @param file
     *            a {@code .dat} file or a text trace
     * @return the trace, to close after use
     * @throws IOException
     *             when the file cannot be read
     * @throws FtraceFormatException
     *             when it is no ftrace trace, or a damaged one: the message says where and why
     */
    public static FtraceTrace open(Path file) throws IOException, FtraceFormatException {
        byte[] head = head(file);
        if (DatFile.hasMagic(head)) {
            return DatTrace.read(file);
        }
        return TextTrace.read(file);
    }

    /**
     * Tells, from the beginning of a file only, whether it looks like an ftrace trace: cheap enough to ask of every
     * file a user points at.
     *
     * @param file
     *            any file
     * @return its kind, or null when it does not look like an ftrace trace
     * @throws IOException
     *             when the file cannot be read
     */
    public static Kind probe(Path file) throws IOException {
        byte[] head = head(file);
        if (DatFile.hasMagic(head)) {
            return Kind.DAT;
        }
        return TextTrace.probe(head);
    }

    private static byte[] head(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            return in.readNBytes(PROBE_BYTES);
        }
    }

    /** @return the file read */
    public abstract Path file();

    /** @return what kind of input it is */
    public abstract Kind kind();

    /** @return how many CPUs the trace covers (the highest CPU number seen or declared, plus one) */
    public abstract int cpuCount();

    /** @return whether the trace has no event at all */
    public abstract boolean isEmpty();

    /** @return the timestamp of the first event, in nanoseconds; 0 when empty */
    public abstract long startTime();

    /** @return the timestamp of the last event, in nanoseconds; 0 when empty */
    public abstract long endTime();

    /**
     * @param cpu
     *            a CPU
     * @return how many events the kernel lost on that CPU, as far as the trace says: 0 for none, -1 when some were
     *         lost but the trace does not say how many
     */
    public abstract long lostEvents(int cpu);

    /** @return how many events the kernel lost in all: -1 when some were lost but the trace does not say how many */
    public abstract long lostEvents();

    /**
     * @param from
     *            where to start: {@link Position#START}, or a position a cursor gave
     * @return a cursor whose first event is the first at or after that position
     * @throws IOException
     *             when the file cannot be read
     * @throws FtraceFormatException
     *             when the trace is damaged where the cursor starts
     */
    public abstract Cursor cursor(Position from) throws IOException, FtraceFormatException;

    /**
     * @param timestamp
     *            a time, in nanoseconds
     * @return a cursor whose first event is the first at or after that time
     * @throws IOException
     *             when the file cannot be read
     * @throws FtraceFormatException
     *             when the trace is damaged where the cursor starts
     */
    public Cursor cursor(long timestamp) throws IOException, FtraceFormatException {
        return cursor(new Position(timestamp, 0));
    }

    @Override
    public abstract void close() throws IOException;
}
