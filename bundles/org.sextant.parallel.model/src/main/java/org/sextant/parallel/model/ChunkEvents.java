// SPDX-License-Identifier: EPL-2.0
package org.sextant.parallel.model;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What one chunk's analysis read of the trace, recorded where the chunk was decoded (a cluster task) so that its
 * worker can run again where the merge is: the events its handlers took, each with the fields they read in the
 * order they read them, and the chunk's event count and first and last times. A worker is a function of its
 * chunk's events alone, so the worker run again over them makes the same changes, and the merge the same
 * history, as the worker that decoded them; only the decoding, the costly part, is done elsewhere.
 *
 * <p>
 * Why events and not the changes: a change is a function of the merged state ({@link Changes.Change}), code with
 * the chunk-local values it captured, not data; making every analysis's changes data would have each analysis
 * write them twice. What a handler reads is data whatever the analysis, and little of it: the events of the
 * classes it handles, the fields it asks for. Each event takes a few bytes: its class, CPU and each field as
 * variable-length numbers, times as differences from the previous event, strings from a dictionary.
 * </p>
 */
public final class ChunkEvents implements Serializable {

    private static final long serialVersionUID = 1L;

    /** Closes an event's fields; a field's tag is {@code (field << 2 | kind) + 1}. */
    private static final int END = 0;
    private static final int INTEGER = 0;
    private static final int STRING = 1;
    private static final int NO_STRING = 2;

    private final int fIndex;
    private final long fEvents;
    private final long fFirstEvent;
    private final long fLastEvent;
    private final int fRecorded;
    private final String[] fClasses;
    private final String[] fFields;
    private final String[] fStrings;
    private final byte[] fData;

    private ChunkEvents(int index, long events, long firstEvent, long lastEvent, Recorder recorder) {
        fIndex = index;
        fEvents = events;
        fFirstEvent = firstEvent;
        fLastEvent = lastEvent;
        fRecorded = recorder.fRecorded;
        fClasses = recorder.fClasses.names();
        fFields = recorder.fFields.names();
        fStrings = recorder.fStrings.names();
        fData = Arrays.copyOf(recorder.fData, recorder.fSize);
    }

    /** @return the chunk's place in the trace's chunks, in merge order */
    public int index() {
        return fIndex;
    }

    /** @return the events the chunk held, handled or not */
    public long events() {
        return fEvents;
    }

    /** @return the events recorded: those a handler took */
    public int recorded() {
        return fRecorded;
    }

    /** @return about how many bytes this takes, serialized or in memory: its data and its dictionaries' characters */
    public long bytes() {
        long bytes = fData.length;
        for (String[] names : List.of(fClasses, fFields, fStrings)) {
            for (String name : names) {
                bytes += name.length() + 2;
            }
        }
        return bytes;
    }

    long firstEvent() {
        return fFirstEvent;
    }

    long lastEvent() {
        return fLastEvent;
    }

    /** Receives the recorded events again, in order. */
    interface Visitor {
        void event(long nanos, int cpu, String eventClass, EventFields fields);
    }

    /**
     * Hands every recorded event to the visitor, with the fields its handler read, in the order it read them.
     *
     * @throws IllegalStateException
     *             when the visitor reads other fields than the handler that was recorded did
     */
    void replay(Visitor visitor) {
        Replayed fields = new Replayed();
        long nanos = 0;
        for (int i = 0; i < fRecorded; i++) {
            String eventClass = fClasses[(int) fields.unsigned()];
            nanos += fields.signed();
            int cpu = (int) fields.unsigned() - 1;
            visitor.event(nanos, cpu, eventClass, fields);
            if (fields.unsigned() != END) {
                throw new IllegalStateException("chunk " + fIndex + ": a " + eventClass + " event's handler read fewer fields than when it was recorded");
            }
        }
    }

    /** The fields of the event being replayed: the recorded answers, in the order asked. */
    private final class Replayed implements EventFields {
        private int fAt;

        @Override
        public long integer(String name, long otherwise) {
            field(name, INTEGER);
            return signed();
        }

        @Override
        public String string(String name) {
            int kind = field(name, STRING);
            return kind == NO_STRING ? null : fStrings[(int) unsigned()];
        }

        private int field(String name, int kind) {
            long tag = unsigned() - 1;
            int recordedKind = (int) (tag & 3);
            if (tag < 0 || !fFields[(int) (tag >>> 2)].equals(name) || (kind == INTEGER) != (recordedKind == INTEGER)) {
                throw new IllegalStateException("chunk " + fIndex + ": a handler read " + name + " where it read "
                        + (tag < 0 ? "nothing more" : fFields[(int) (tag >>> 2)]) + " when recorded");
            }
            return recordedKind;
        }

        long unsigned() {
            long value = 0;
            for (int shift = 0;; shift += 7) {
                byte b = fData[fAt++];
                value |= (long) (b & 0x7f) << shift;
                if (b >= 0) {
                    return value;
                }
            }
        }

        long signed() {
            long zigzag = unsigned();
            return (zigzag >>> 1) ^ -(zigzag & 1);
        }
    }

    /** Records a chunk's handled events as its worker takes them, on the thread that decodes the chunk. */
    static final class Recorder implements EventFields {
        private final Names fClasses = new Names();
        private final Names fFields = new Names();
        private final Names fStrings = new Names();
        private byte[] fData = new byte[1 << 12];
        private int fSize;
        private int fRecorded;
        private long fPrevious;
        private EventFields fDecoded;

        /**
         * An event a handler is about to take: its fields are read through this recorder until {@link #end}.
         *
         * @return this, the fields the handler reads
         */
        EventFields begin(long nanos, int cpu, String eventClass, EventFields decoded) {
            fDecoded = decoded;
            unsigned(fClasses.of(eventClass));
            signed(nanos - fPrevious);
            fPrevious = nanos;
            unsigned(cpu + 1L);
            return this;
        }

        void end() {
            unsigned(END);
            fRecorded++;
        }

        ChunkEvents finish(int index, Changes changes) {
            return new ChunkEvents(index, changes.events(), changes.firstEvent(), changes.lastEvent(), this);
        }

        @Override
        public long integer(String name, long otherwise) {
            long value = fDecoded.integer(name, otherwise);
            tag(name, INTEGER);
            signed(value);
            return value;
        }

        @Override
        public String string(String name) {
            String value = fDecoded.string(name);
            tag(name, value == null ? NO_STRING : STRING);
            if (value != null) {
                unsigned(fStrings.of(value));
            }
            return value;
        }

        private void tag(String name, int kind) {
            unsigned(((long) fFields.of(name) << 2 | kind) + 1);
        }

        private void signed(long value) {
            unsigned(value << 1 ^ value >> 63);
        }

        private void unsigned(long value) {
            if (fSize + 10 > fData.length) {
                fData = Arrays.copyOf(fData, fData.length * 2);
            }
            long rest = value;
            while ((rest & ~0x7fL) != 0) {
                fData[fSize++] = (byte) (rest & 0x7f | 0x80);
                rest >>>= 7;
            }
            fData[fSize++] = (byte) rest;
        }
    }

    /** A dictionary: each distinct string once, by its number. */
    private static final class Names {
        private final Map<String, Integer> fNumbers = new HashMap<>();
        private final List<String> fNames = new ArrayList<>();

        int of(String name) {
            Integer number = fNumbers.get(name);
            if (number == null) {
                number = fNames.size();
                fNumbers.put(name, number);
                fNames.add(name);
            }
            return number;
        }

        String[] names() {
            return fNames.toArray(String[]::new);
        }
    }
}
