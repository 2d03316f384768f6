// SPDX-License-Identifier: EPL-2.0
package org.sextant.callstack.model;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.function.LongConsumer;

import org.sextant.common.model.text.LineTooLongException;

/**
 * A file's lines as ISO-8859-1 text, a character a byte, in which the syntax of every input is written: found in
 * the bytes and made into strings directly, where a {@code BufferedReader} would decode them into characters and
 * copy each line once more (on perf script files of gigabytes, a fifth of the reading). Lines end as
 * {@code BufferedReader} ends them: at {@code \n}, {@code \r} or {@code \r\n}. Tells how far it got, every few
 * megabytes, for progress on long files, and refuses a line longer than a limit rather than holding it whole.
 * A reader that scans its lines by hand may take them as bytes ({@link #next}), where no string is made at all.
 */
final class LineReader implements Closeable {

    /** Where a reader takes its lines from: a file's {@link LineReader}, or any {@code BufferedReader}. */
    @FunctionalInterface
    interface Source {
        /**
         * @return the next line without its end, or null at the end of the text
         * @throws IOException
         *             when it cannot be read, or the line is too long ({@link LineTooLongException})
         */
        String readLine() throws IOException;
    }

    private static final long STEP = 4 << 20;
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private final InputStream fIn;
    private final int fLimit;
    private final LongConsumer fProgress;
    private byte[] fBuffer = new byte[1 << 16];
    /** The bytes read and not yet returned: {@code fBuffer[fStart, fEnd)}. */
    private int fStart;
    private int fEnd;
    private boolean fAtEnd;
    /** A line ended at a {@code \r} that ended the buffer: a {@code \n} starting the next is part of that end. */
    private boolean fAfterReturn;
    private long fLines;
    /** The line {@link #next} found: {@code fBuffer[fLineStart, fLineEnd)}. */
    private int fLineStart;
    private int fLineEnd;
    private long fRead;
    private long fNext = STEP;

    /**
     * @param in
     *            the bytes
     * @param limit
     *            the most characters a line may have
     * @param progress
     *            told the bytes read so far, now and then
     */
    LineReader(InputStream in, int limit, LongConsumer progress) {
        fIn = in;
        fLimit = limit;
        fProgress = progress;
    }

    /**
     * @return the next line without its end, or null at the end of the text
     * @throws IOException
     *             when the file cannot be read
     * @throws LineTooLongException
     *             when the line is longer than the limit
     */
    String readLine() throws IOException {
        return next() ? new String(fBuffer, fLineStart, fLineEnd - fLineStart, StandardCharsets.ISO_8859_1) : null;
    }

    /**
     * Finds the next line, whose bytes are then {@code bytes()[lineStart(), lineEnd())} up to the next call.
     *
     * @return false at the end of the text
     * @throws IOException
     *             when the file cannot be read
     * @throws LineTooLongException
     *             when the line is longer than the limit
     */
    boolean next() throws IOException {
        int scan = fStart;
        while (true) {
            // eight bytes at a time up to the first that may end the line, then byte by byte
            while (scan + Long.BYTES <= fEnd && !mayEndLine((long) LONGS.get(fBuffer, scan))) {
                scan += Long.BYTES;
            }
            for (; scan < fEnd; scan++) {
                byte b = fBuffer[scan];
                if (b == '\n' || b == '\r') {
                    line(scan, b == '\r');
                    return true;
                }
            }
            if (scan - fStart > fLimit) {
                throw new LineTooLongException(fLines + 1, fLimit);
            }
            int kept = scan - fStart;
            if (!fill()) {
                if (fStart == fEnd) {
                    return false;
                }
                line(fEnd, false);
                return true;
            }
            scan = fStart + kept;
        }
    }

    /** Whether one of eight bytes is a {@code \n} or a {@code \r}: the classic test for a zero byte, twice. */
    private static boolean mayEndLine(long eight) {
        long newlines = eight ^ 0x0a0a0a0a0a0a0a0aL;
        long returns = eight ^ 0x0d0d0d0d0d0d0d0dL;
        long ones = 0x0101010101010101L;
        return (((newlines - ones) & ~newlines | (returns - ones) & ~returns) & 0x8080808080808080L) != 0;
    }

    /** @return the bytes of the line {@link #next} found, from {@link #lineStart()} */
    byte[] bytes() {
        return fBuffer;
    }

    /** @return where the line {@link #next} found starts in its {@link #bytes()} */
    int lineStart() {
        return fLineStart;
    }

    /** @return where it ends, before its end of line */
    int lineEnd() {
        return fLineEnd;
    }

    private void line(int end, boolean atReturn) throws LineTooLongException {
        if (end - fStart > fLimit) {
            throw new LineTooLongException(fLines + 1, fLimit);
        }
        fLineStart = fStart;
        fLineEnd = end;
        int next = end < fEnd ? end + 1 : end;
        fAfterReturn = false;
        if (atReturn) {
            if (next < fEnd) {
                if (fBuffer[next] == '\n') {
                    next++;
                }
            } else {
                fAfterReturn = true;
            }
        }
        fRead += next - fStart;
        fStart = next;
        fLines++;
        if (fRead >= fNext) {
            fProgress.accept(fRead);
            fNext = fRead + STEP;
        }
    }

    /** Reads more after the unread bytes, moved to the buffer's start; false at the end of the file. */
    private boolean fill() throws IOException {
        if (fAtEnd) {
            return false;
        }
        if (fStart > 0) {
            System.arraycopy(fBuffer, fStart, fBuffer, 0, fEnd - fStart);
            fEnd -= fStart;
            fStart = 0;
        }
        if (fEnd == fBuffer.length) {
            // a line longer than the buffer, up to the limit (and one byte more, to see it pass the limit)
            fBuffer = Arrays.copyOf(fBuffer, (int) Math.min((long) fLimit + 2, 2L * fBuffer.length));
        }
        int read = fIn.read(fBuffer, fEnd, fBuffer.length - fEnd);
        if (read < 0) {
            fAtEnd = true;
            return false;
        }
        if (fAfterReturn && read > 0 && fBuffer[fEnd] == '\n') {
            // the \n of a \r\n split between two reads
            System.arraycopy(fBuffer, fEnd + 1, fBuffer, fEnd, read - 1);
            read--;
            fRead++;
        }
        fAfterReturn = false;
        fEnd += read;
        return true;
    }

    @Override
    public void close() throws IOException {
        fIn.close();
    }
}
