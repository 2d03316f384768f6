// SPDX-License-Identifier: EPL-2.0
package org.sextant.callstack.model;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.util.function.LongConsumer;

import org.sextant.common.model.text.LineLengthGuard;
import org.sextant.common.model.text.LineTooLongException;

/**
 * A line reader that tells how far it got, every few megabytes, for progress on long files, and refuses lines
 * longer than {@link Profile#MAX_LINE} ({@link LineTooLongException}). Counts characters, which are bytes in the
 * ISO-8859-1 the readers use, with one per line end.
 */
final class ProgressReader extends BufferedReader {

    private static final long STEP = 4 << 20;

    private final LongConsumer fProgress;
    private long fRead;
    private long fNext = STEP;

    ProgressReader(Reader in, LongConsumer progress) {
        super(new LineLengthGuard(in, Profile.MAX_LINE), 1 << 16);
        fProgress = progress;
    }

    @Override
    public String readLine() throws IOException {
        String line = super.readLine();
        if (line != null) {
            fRead += line.length() + 1;
            if (fRead >= fNext) {
                fProgress.accept(fRead);
                fNext = fRead + STEP;
            }
        }
        return line;
    }
}
