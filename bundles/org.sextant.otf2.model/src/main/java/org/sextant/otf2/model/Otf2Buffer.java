// SPDX-License-Identifier: EPL-2.0
package org.sextant.otf2.model;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A cursor over one OTF2 file (anchor, definitions or events), with the library's encodings: fixed-size
 * integers in the byte order the chunk header names, and compressed integers (a byte giving how many value bytes
 * follow, 0 and 0xff standing alone for zero and all ones). Every read checks its bounds, so a truncated file
 * becomes an {@link Otf2FormatException} naming the file and offset.
 */
final class Otf2Buffer {

    /** Record types the buffer layer itself writes, below every definition and event record type. */
    static final int END_OF_CHUNK = 0;
    static final int END_OF_BUFFER = 1;
    static final int END_OF_FILE = 2;
    static final int CHUNK_HEADER = 3;
    static final int TIMESTAMP = 5;
    static final int ATTRIBUTE_LIST = 6;

    private static final int BIG_ENDIAN_MARK = 0x23;
    private static final int LITTLE_ENDIAN_MARK = 0x42;

    private final Path fFile;
    private final ByteBuffer fBytes;

    private Otf2Buffer(Path file, ByteBuffer bytes) {
        fFile = file;
        fBytes = bytes.order(ByteOrder.LITTLE_ENDIAN);
    }

    static Otf2Buffer open(Path file) throws Otf2FormatException {
        // mapped, not read into the heap: a trace that reads from several places at once (Trace Compass opens a
        // cursor per request) shares the file's pages instead of holding a copy per cursor
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            return new Otf2Buffer(file, channel.map(FileChannel.MapMode.READ_ONLY, 0, channel.size()));
        } catch (IOException | UnsupportedOperationException e) {
            throw new Otf2FormatException(file, -1, "cannot be read (" + e.getMessage() + ")");
        }
    }

    Path file() {
        return fFile;
    }

    int position() {
        return fBytes.position();
    }

    int size() {
        return fBytes.limit();
    }

    boolean atEnd() {
        return !fBytes.hasRemaining();
    }

    void seek(long position) throws Otf2FormatException {
        if (position < 0 || position > fBytes.limit()) {
            throw error(position, "record runs past the end of the file (" + fBytes.limit() + " bytes): truncated?");
        }
        fBytes.position((int) position);
    }

    Otf2FormatException error(long offset, String problem) {
        return new Otf2FormatException(fFile, offset, problem);
    }

    private void need(int count) throws Otf2FormatException {
        if (fBytes.remaining() < count) {
            throw error(fBytes.position(), "needs " + count + " more bytes but the file ends after "
                    + fBytes.remaining() + ": truncated?");
        }
    }

    int uint8() throws Otf2FormatException {
        need(1);
        return fBytes.get() & 0xff;
    }

    int uint16() throws Otf2FormatException {
        need(2);
        return fBytes.getShort() & 0xffff;
    }

    long fullUint32() throws Otf2FormatException {
        need(4);
        return fBytes.getInt() & 0xffffffffL;
    }

    long fullUint64() throws Otf2FormatException {
        need(8);
        return fBytes.getLong();
    }

    float float32() throws Otf2FormatException {
        need(4);
        return fBytes.getFloat();
    }

    double float64() throws Otf2FormatException {
        need(8);
        return fBytes.getDouble();
    }

    /** A compressed integer of at most {@code maxBytes} value bytes (4 for 32-bit, 8 for 64-bit fields). */
    long compressed(int maxBytes) throws Otf2FormatException {
        int at = fBytes.position();
        int size = uint8();
        if (size == 0) {
            return 0;
        }
        if (size == 0xff) {
            return maxBytes == 4 ? 0xffffffffL : -1L;
        }
        if (size > maxBytes) {
            throw error(at, "compressed integer claims " + size + " bytes, at most " + maxBytes + " allowed");
        }
        need(size);
        long value = 0;
        if (fBytes.order() == ByteOrder.LITTLE_ENDIAN) {
            for (int i = 0; i < size; i++) {
                value |= (fBytes.get() & 0xffL) << (8 * i);
            }
        } else {
            for (int i = 0; i < size; i++) {
                value = (value << 8) | (fBytes.get() & 0xffL);
            }
        }
        return value;
    }

    long uint32() throws Otf2FormatException {
        return compressed(4);
    }

    long uint64() throws Otf2FormatException {
        return compressed(8);
    }

    /** A signed 32-bit compressed integer: negative values are written in full, so the sign comes back here. */
    long int32() throws Otf2FormatException {
        return (int) compressed(4);
    }

    String string() throws Otf2FormatException {
        int start = fBytes.position();
        int end = start;
        while (end < fBytes.limit() && fBytes.get(end) != 0) {
            end++;
        }
        if (end == fBytes.limit()) {
            throw error(start, "string without its terminating NUL: truncated?");
        }
        byte[] bytes = new byte[end - start];
        fBytes.get(start, bytes);
        String value = new String(bytes, java.nio.charset.StandardCharsets.UTF_8);
        fBytes.position(end + 1);
        return value;
    }

    /**
     * Reads a chunk header (type 3, the byte-order mark, and in chunked files the first and last event numbers)
     * and sets the byte order it names.
     */
    void chunkHeader(boolean chunked) throws Otf2FormatException {
        int at = fBytes.position();
        int type = uint8();
        if (type != CHUNK_HEADER) {
            throw error(at, "expected a chunk header (3), found record type " + type);
        }
        int mark = uint8();
        if (mark == LITTLE_ENDIAN_MARK) {
            fBytes.order(ByteOrder.LITTLE_ENDIAN);
        } else if (mark == BIG_ENDIAN_MARK) {
            fBytes.order(ByteOrder.BIG_ENDIAN);
        } else {
            throw error(at + 1, String.format("invalid byte-order mark 0x%02x", mark));
        }
        if (chunked) {
            fullUint64();
            fullUint64();
        }
    }

    /** The length of the record that starts here: one byte, or 0xff and eight bytes for long records. */
    long recordLength() throws Otf2FormatException {
        int length = uint8();
        return length == 0xff ? fullUint64() : length;
    }
}
