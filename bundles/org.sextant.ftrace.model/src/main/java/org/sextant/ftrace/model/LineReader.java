// SPDX-License-Identifier: EPL-2.0
package org.sextant.ftrace.model;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;

import org.sextant.common.model.text.LineTooLongException;

/**
 * Reads a text file line by line from any byte offset, each line handed over as a range of a byte buffer (no
 * string made unless asked), with its offset in the file and its number. A line longer than {@link #MAX_LINE}
 * bytes (a file with no line ends) is refused with a {@link LineTooLongException} rather than read into memory.
 */
final class LineReader implements Closeable {

    /** The longest line taken, in bytes: ftrace's longest (a marker write) is 4 KiB. */
    static final int MAX_LINE = 16 << 20;

    private static final int BUFFER = 1 << 20;

    private final FileChannel fChannel;
    private byte[] fBuffer = new byte[BUFFER];
    private int fFilled;
    private int fNext;
    private long fBufferOffset;
    private boolean fEndOfFile;
    private int fStart;
    private int fEnd;
    private long fLine;

    /**
     * @param file
     *            the file
     * @param offset
     *            where a line starts
     * @param line
     *            that line's number
     */
    LineReader(Path file, long offset, long line) throws IOException {
        fChannel = FileChannel.open(file, StandardOpenOption.READ);
        fBufferOffset = offset;
        fLine = line - 1;
    }

    /** @return whether there is another line, then in {@link #buffer()} from {@link #start()} to {@link #end()} */
    boolean next() throws IOException {
        while (true) {
            for (int i = fNext; i < fFilled; i++) {
                if (fBuffer[i] == '\n') {
                    take(i, i + 1);
                    return true;
                }
            }
            if (fEndOfFile) {
                if (fNext < fFilled) {
                    take(fFilled, fFilled);
                    return true;
                }
                return false;
            }
            fill();
        }
    }

    private void take(int end, int next) {
        fStart = fNext;
        fEnd = end > fStart && fBuffer[end - 1] == '\r' ? end - 1 : end;
        fNext = next;
        fLine++;
    }

    private void fill() throws IOException {
        int kept = fFilled - fNext;
        if (fNext > 0) {
            System.arraycopy(fBuffer, fNext, fBuffer, 0, kept);
            fBufferOffset += fNext;
            fNext = 0;
            fFilled = kept;
        }
        if (fFilled == fBuffer.length) {
            if (fBuffer.length >= MAX_LINE) {
                throw new LineTooLongException(fLine + 1, MAX_LINE);
            }
            fBuffer = Arrays.copyOf(fBuffer, fBuffer.length * 2);
        }
        int read = fChannel.read(ByteBuffer.wrap(fBuffer, fFilled, fBuffer.length - fFilled), fBufferOffset + fFilled);
        if (read < 0) {
            fEndOfFile = true;
        } else {
            fFilled += read;
        }
    }

    byte[] buffer() {
        return fBuffer;
    }

    int start() {
        return fStart;
    }

    int end() {
        return fEnd;
    }

    /** @return the current line's number, from 1 */
    long line() {
        return fLine;
    }

    /** @return the current line's offset in the file */
    long offset() {
        return fBufferOffset + fStart;
    }

    @Override
    public void close() throws IOException {
        fChannel.close();
    }
}
