// SPDX-License-Identifier: EPL-2.0
package org.sextant.common.model.text;

import java.io.FilterReader;
import java.io.IOException;
import java.io.Reader;

/**
 * A reader that refuses a line longer than a limit, put under a {@code BufferedReader}: its {@code readLine}
 * then fails with a {@link LineTooLongException} naming the line, instead of gathering a line as long as the
 * file. Line ends are {@code \n} (a {@code \r} before it counts as a character of the line). It checks the
 * characters as they pass in bulk, so reading stays as fast as without it.
 */
public final class LineLengthGuard extends FilterReader {

    private final int fLimit;
    private long fLine = 1;
    private int fLength;

    /**
     * @param in
     *            the text
     * @param limit
     *            the most characters a line may have, its end not counted
     */
    public LineLengthGuard(Reader in, int limit) {
        super(in);
        fLimit = limit;
    }

    @Override
    public int read() throws IOException {
        int c = super.read();
        if (c >= 0) {
            pass((char) c);
        }
        return c;
    }

    @Override
    public int read(char[] buffer, int offset, int length) throws IOException {
        int read = super.read(buffer, offset, length);
        for (int i = offset; i < offset + read; i++) {
            pass(buffer[i]);
        }
        return read;
    }

    private void pass(char c) throws LineTooLongException {
        if (c == '\n') {
            fLine++;
            fLength = 0;
        } else if (++fLength > fLimit) {
            throw new LineTooLongException(fLine, fLimit);
        }
    }
}
