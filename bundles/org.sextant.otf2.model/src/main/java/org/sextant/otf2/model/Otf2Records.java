// SPDX-License-Identifier: EPL-2.0
package org.sextant.otf2.model;

/**
 * The record loop shared by definition files: chunks of a fixed size, each opened by a chunk header and closed by
 * END_OF_CHUNK padding, records of a type byte and a length, the last chunk closed by END_OF_FILE. A handler reads
 * the fields it knows; the loop then moves to the record's end, so fields a newer OTF2 appended are skipped.
 */
final class Otf2Records {

    /** Decodes one record of a type whose fields end at {@code end}; returns false if it did not know the type. */
    @FunctionalInterface
    interface Handler {
        boolean record(int type, long end) throws Otf2FormatException;
    }

    private Otf2Records() {
    }

    static void forEach(Otf2Buffer in, long chunkSize, Handler handler) throws Otf2FormatException {
        long chunkStart = 0;
        in.chunkHeader(true);
        while (true) {
            if (in.atEnd()) {
                throw in.error(in.position(), "the file ends without an end-of-file record: truncated?");
            }
            int at = in.position();
            int type = in.uint8();
            if (type == Otf2Buffer.END_OF_FILE || type == Otf2Buffer.END_OF_BUFFER) {
                return;
            }
            if (type == Otf2Buffer.END_OF_CHUNK) {
                chunkStart += chunkSize;
                in.seek(chunkStart);
                in.chunkHeader(true);
                continue;
            }
            if (type < Otf2Buffer.TIMESTAMP - 1) {
                throw in.error(at, "unexpected buffer record type " + type);
            }
            long length = in.recordLength();
            long end = in.position() + length;
            if (end > in.size()) {
                throw in.error(at, "record of type " + type + " and length " + length
                        + " runs past the end of the file: truncated?");
            }
            handler.record(type, end);
            if (in.position() > end) {
                throw in.error(at, "record of type " + type + " is longer than its length " + length);
            }
            in.seek(end);
        }
    }
}
