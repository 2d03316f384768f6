// SPDX-License-Identifier: EPL-2.0
package org.sextant.ftrace.model;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A trace-cmd file's bytes: metadata read where asked, little-endian, every read checked against the file's end;
 * ring-buffer pages through memory maps of up to 1 GiB each, overlapping by a page so that no page straddles two.
 */
final class FileBytes implements Closeable {

    private static final long SEGMENT = 1L << 30;
    private static final int MAX_STRING = 4096;

    private final Path fFile;
    private final FileChannel fChannel;
    private final long fSize;
    private final ByteBuffer[] fSegments;
    private int fOverlap;
    private long fPosition;

    FileBytes(Path file) throws IOException {
        fFile = file;
        fChannel = FileChannel.open(file, StandardOpenOption.READ);
        fSize = fChannel.size();
        fSegments = new ByteBuffer[(int) (fSize / SEGMENT) + 1];
    }

    Path file() {
        return fFile;
    }

    long size() {
        return fSize;
    }

    /** @return where the next sequential read starts */
    long position() {
        return fPosition;
    }

    void seek(long offset) {
        fPosition = offset;
    }

    /**
     * @param length
     *            bytes wanted at the current position
     * @param what
     *            what they are, for the error
     * @return them; the position moves past them
     */
    byte[] bytes(long length, String what) throws IOException, FtraceFormatException {
        if (length < 0 || length > Integer.MAX_VALUE - 8 || fPosition < 0 || fPosition > fSize - length) {
            throw FtraceFormatException.atOffset(fFile, fPosition,
                    what + " of " + length + " bytes does not fit in the file of " + fSize + " bytes (truncated?)");
        }
        ByteBuffer buffer = ByteBuffer.allocate((int) length);
        while (buffer.hasRemaining()) {
            if (fChannel.read(buffer, fPosition + buffer.position()) < 0) {
                throw FtraceFormatException.atOffset(fFile, fPosition, "the file ended while reading " + what);
            }
        }
        fPosition += length;
        return buffer.array();
    }

    int u16(String what) throws IOException, FtraceFormatException {
        return ByteBuffer.wrap(bytes(2, what)).order(ByteOrder.LITTLE_ENDIAN).getShort() & 0xFFFF;
    }

    long u32(String what) throws IOException, FtraceFormatException {
        return ByteBuffer.wrap(bytes(4, what)).order(ByteOrder.LITTLE_ENDIAN).getInt() & 0xFFFFFFFFL;
    }

    /** @return an unsigned 64-bit value, which must fit in a long (sizes and offsets) */
    long u64(String what) throws IOException, FtraceFormatException {
        long at = fPosition;
        long value = ByteBuffer.wrap(bytes(8, what)).order(ByteOrder.LITTLE_ENDIAN).getLong();
        if (value < 0) {
            throw FtraceFormatException.atOffset(fFile, at, what + " is " + Long.toUnsignedString(value) + ", beyond any file");
        }
        return value;
    }

    /** @return a NUL-terminated string at the current position, the position moving past its NUL */
    String string(String what) throws IOException, FtraceFormatException {
        long at = fPosition;
        byte[] chunk = bytes(Math.min(MAX_STRING, fSize - fPosition), what);
        for (int i = 0; i < chunk.length; i++) {
            if (chunk[i] == 0) {
                fPosition = at + i + 1;
                return new String(chunk, 0, i, StandardCharsets.UTF_8);
            }
        }
        throw FtraceFormatException.atOffset(fFile, at, what + ": no NUL-terminated string of up to " + MAX_STRING + " bytes");
    }

    /** Makes every page of up to {@code pageSize} bytes reachable by {@link #page}. */
    void allowPages(int pageSize) {
        fOverlap = Math.max(fOverlap, pageSize);
    }

    /**
     * @param offset
     *            where a page starts; it and the page must be in the file, the page no larger than the size given
     *            to {@link #allowPages} before the first call
     * @return a little-endian view of the segment holding the page, the page's index in it given by
     *         {@link #pageIndex}
     */
    ByteBuffer page(long offset) throws IOException {
        int segment = (int) (offset / SEGMENT);
        ByteBuffer mapped = fSegments[segment];
        if (mapped == null) {
            long start = segment * SEGMENT;
            mapped = fChannel.map(FileChannel.MapMode.READ_ONLY, start, Math.min(SEGMENT + fOverlap, fSize - start))
                    .order(ByteOrder.LITTLE_ENDIAN);
            fSegments[segment] = mapped;
        }
        return mapped;
    }

    /** @return the index in the buffer {@link #page} returned of the byte at {@code offset} */
    static int pageIndex(long offset) {
        return (int) (offset % SEGMENT);
    }

    @Override
    public void close() throws IOException {
        fChannel.close();
    }
}
