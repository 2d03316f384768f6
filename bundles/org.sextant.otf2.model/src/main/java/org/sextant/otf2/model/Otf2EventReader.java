// SPDX-License-Identifier: EPL-2.0
package org.sextant.otf2.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Reads the event file of one location, one event at a time: chunks with their headers, timestamp records that
 * hold for the records after them (corrected by the location's clock offsets), attribute lists that belong to
 * the next event, and event records. Records of types it does not decode are skipped by their length (or, for
 * OTF2's length-less "singleton" records, by their one compressed field) and counted by type.
 */
public final class Otf2EventReader {

    private final Otf2Buffer fIn;
    private final long fLocation;
    private final long fChunkSize;
    private final Otf2LocalDefinitions fLocal;
    private final Map<Integer, Long> fSkipped = new TreeMap<>();
    private long fChunkStart;
    private long fFileTime;
    private long fTime;
    private List<Otf2Event.Attribute> fAttributes = List.of();
    private boolean fDone;

    Otf2EventReader(Otf2Buffer in, long location, long chunkSize, Otf2LocalDefinitions local)
            throws Otf2FormatException {
        fIn = in;
        fLocation = location;
        fChunkSize = chunkSize;
        fLocal = local;
        fIn.chunkHeader(true);
    }

    /** @return the location whose events this reads */
    public long location() {
        return fLocation;
    }

    /** @return how many records of each unknown type were skipped so far */
    public Map<Integer, Long> skipped() {
        return fSkipped;
    }

    /** @return the next event, or null at the end of the file */
    public Otf2Event next() throws Otf2FormatException {
        while (!fDone) {
            if (fIn.atEnd()) {
                throw fIn.error(fIn.position(), "the event file ends without an end-of-file record: truncated?");
            }
            int at = fIn.position();
            int type = fIn.uint8();
            switch (type) {
            case Otf2Buffer.END_OF_FILE, Otf2Buffer.END_OF_BUFFER -> fDone = true;
            case Otf2Buffer.END_OF_CHUNK -> {
                fChunkStart += fChunkSize;
                fIn.seek(fChunkStart);
                fIn.chunkHeader(true);
            }
            case Otf2Buffer.CHUNK_HEADER -> throw fIn.error(at, "chunk header inside a chunk");
            case Otf2Buffer.TIMESTAMP -> {
                long time = fIn.fullUint64();
                if (Long.compareUnsigned(time, fFileTime) < 0) {
                    throw fIn.error(at, "timestamp " + Long.toUnsignedString(time) + " goes back before "
                            + Long.toUnsignedString(fFileTime));
                }
                long corrected = fLocal.correct(time);
                if (Long.compareUnsigned(corrected, fTime) < 0) {
                    throw fIn.error(at, "the location's clock offsets turn timestamp " + Long.toUnsignedString(time)
                            + " into " + Long.toUnsignedString(corrected) + ", before the previous event");
                }
                fFileTime = time;
                fTime = corrected;
            }
            case Otf2Buffer.ATTRIBUTE_LIST -> fAttributes = attributeList(at);
            default -> {
                Otf2Event event = event(at, type);
                if (event != null) {
                    return event;
                }
            }
            }
        }
        return null;
    }

    private List<Otf2Event.Attribute> attributeList(int at) throws Otf2FormatException {
        long end = recordEnd(at);
        int count = Otf2Definitions.checkedCount(fIn, fIn.uint32(), end);
        List<Otf2Event.Attribute> attributes = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            long attribute = fLocal.map(Otf2EventType.Mapping.ATTRIBUTE, fIn.uint32());
            int type = fIn.uint8();
            long value = fLocal.map(Otf2Type.mapping(type), Otf2Type.read(fIn, type));
            attributes.add(new Otf2Event.Attribute(attribute, type, value));
        }
        finish(at, end, "attribute list");
        return attributes;
    }

    private Otf2Event event(int at, int id) throws Otf2FormatException {
        Otf2EventType type = Otf2EventType.byId(id);
        List<Otf2Event.Attribute> attributes = fAttributes;
        fAttributes = List.of();
        if (type == null) {
            if (Otf2EventType.isSingleton(id)) {
                fIn.uint64();
            } else {
                fIn.seek(recordEnd(at));
            }
            fSkipped.merge(id, 1L, Long::sum);
            return null;
        }
        if (type.singleton()) {
            Otf2EventType.Field field = type.fields().get(0);
            long value = field.kind() == Otf2EventType.Kind.U32 ? fIn.uint32() : fIn.uint64();
            return new Otf2Event(fLocation, fTime, type, new long[] { fLocal.map(field.mapping(), value) },
                    attributes);
        }
        long end = recordEnd(at);
        long[] values = new long[type.fields().size()];
        int n = 0;
        for (Otf2EventType.Field field : type.fields()) {
            switch (field.kind()) {
            case U8 -> values[n++] = fIn.uint8();
            case U32 -> values[n++] = fLocal.map(field.mapping(), fIn.uint32());
            case U64, I64 -> values[n++] = fIn.uint64();
            case LIST32 -> {
                int count = Otf2Definitions.checkedCount(fIn, fIn.uint32(), end);
                values = grow(values, n, 1 + count);
                values[n++] = count;
                for (int i = 0; i < count; i++) {
                    values[n++] = fLocal.map(field.mapping(), fIn.uint32());
                }
            }
            case METRIC_VALUES -> {
                int count = Otf2Definitions.checkedCount(fIn, fIn.uint8(), end);
                values = grow(values, n, 1 + 2 * count);
                values[n++] = count;
                for (int i = 0; i < count; i++) {
                    int valueType = fIn.uint8();
                    values[n++] = valueType;
                    // Unlike attribute values, metric values of every type are compressed as 64-bit words.
                    values[n++] = fIn.uint64();
                }
            }
            }
        }
        finish(at, end, type.name());
        return new Otf2Event(fLocation, fTime, type, values, attributes);
    }

    /** Widens the array for a variable-length field that takes {@code size} slots instead of one. */
    private static long[] grow(long[] values, int n, int size) {
        long[] wider = new long[values.length - 1 + size];
        System.arraycopy(values, 0, wider, 0, n);
        return wider;
    }

    private long recordEnd(int at) throws Otf2FormatException {
        long length = fIn.recordLength();
        long end = fIn.position() + length;
        if (end > fIn.size()) {
            throw fIn.error(at, "record of length " + length + " runs past the end of the file: truncated?");
        }
        return end;
    }

    /** Moves to the record's end: fields a newer OTF2 appended are skipped, an overrun is an error. */
    private void finish(int at, long end, String what) throws Otf2FormatException {
        if (fIn.position() > end) {
            throw fIn.error(at, what + " record is longer than its length");
        }
        fIn.seek(end);
    }
}
