// SPDX-License-Identifier: EPL-2.0
package org.sextant.ftrace.model;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * An event of a trace-cmd file: its data, copied out of the ring-buffer page, decoded field by field when asked
 * through its event type's {@link Plan}, values written as trace-cmd report prints them.
 */
final class DatEvent extends FtraceEvent {

    /**
     * How to decode the events of one format, made once per event id: the fields other than the common ones, the
     * least data an event needs, and the command names and kernel symbols the values refer to.
     */
    static final class Plan {
        private final String fName;
        private final EventFormat.Field[] fFields;
        private final String[] fFieldNames;
        private final int fMinimumSize;
        private final Context fContext;

        Plan(EventFormat format, Context context) {
            fName = format.name();
            List<EventFormat.Field> fields = new ArrayList<>();
            int minimum = 0;
            for (EventFormat.Field field : format.fields()) {
                minimum = Math.max(minimum, field.offset() + field.size());
                if (!field.isCommon()) {
                    fields.add(field);
                }
            }
            fFields = fields.toArray(new EventFormat.Field[0]);
            fFieldNames = fields.stream().map(EventFormat.Field::name).toArray(String[]::new);
            fMinimumSize = minimum;
            fContext = context;
        }

        String name() {
            return fName;
        }

        /**
         * Checks that an event's data holds every field, dynamic ones included, so that decoding never fails later.
         *
         * @param data
         *            the event's data
         * @param file
         *            the file, for the error
         * @param offset
         *            the data's offset in the file, for the error
         */
        void check(byte[] data, Path file, long offset) throws FtraceFormatException {
            if (data.length < fMinimumSize) {
                throw FtraceFormatException.atOffset(file, offset,
                        "a " + fName + " event of " + data.length + " bytes: its format needs at least " + fMinimumSize);
            }
            for (EventFormat.Field field : fFields) {
                if (field.kind() == EventFormat.Kind.DYNAMIC_STRING || field.kind() == EventFormat.Kind.DYNAMIC_ARRAY) {
                    long location = integer(data, field.offset(), 4, false);
                    long start = dynamicStart(field, location);
                    if (start + (location >>> 16) > data.length) {
                        throw FtraceFormatException.atOffset(file, offset, "field " + field.name() + " of a " + fName + " event locates "
                                + (location >>> 16) + " bytes at " + start + ", outside the event's " + data.length + " bytes");
                    }
                }
            }
        }

        Object decode(byte[] data, int index) {
            EventFormat.Field field = fFields[index];
            Object value = switch (field.kind()) {
            case INTEGER -> integerValue(data, field);
            case STRING -> characters(data, field.offset(), field.size(), field.offset() + field.size());
            case ARRAY -> array(data, field.offset(), field.size());
            case DYNAMIC_STRING, DYNAMIC_ARRAY -> {
                long location = integer(data, field.offset(), 4, false);
                int start = (int) dynamicStart(field, location);
                int length = (int) (location >>> 16);
                yield field.kind() == EventFormat.Kind.DYNAMIC_ARRAY ? array(data, start, length) : characters(data, start, length, data.length);
            }
            case REST_STRING -> characters(data, field.offset(), 0, data.length);
            case REST_ARRAY -> array(data, field.offset(), 0);
            };
            // trace-cmd drops the newline that ends its line (a marker's, typically)
            if (index == fFields.length - 1 && value instanceof String text && text.endsWith("\n")) {
                return text.substring(0, text.length() - 1);
            }
            return value;
        }

        private Object integerValue(byte[] data, EventFormat.Field field) {
            long value = integer(data, field.offset(), field.size(), field.signed());
            if (field.symbol() != 0) {
                String name = fContext.symbol(value, field.symbol() == 2);
                if (name != null) {
                    return name;
                }
            }
            return value;
        }

        private static long dynamicStart(EventFormat.Field field, long location) {
            return (location & 0xFFFF) + (field.relative() ? field.offset() + field.size() : 0);
        }
    }

    /** What the plans of one file share: its command names and kernel symbols. */
    interface Context {
        /** @return the command name trace-cmd prints for a thread */
        String command(int pid);

        /** @return the kernel function at an address, or null */
        String symbol(long address, boolean withOffset);
    }

    private final Plan fPlan;
    private final byte[] fData;
    private final int fPid;

    DatEvent(int cpu, long timestamp, Plan plan, byte[] data, int pid) {
        super(cpu, timestamp);
        fPlan = plan;
        fData = data;
        fPid = pid;
    }

    @Override
    public String name() {
        return fPlan.fName;
    }

    @Override
    public int pid() {
        return fPid;
    }

    @Override
    public String comm() {
        return fPlan.fContext.command(fPid);
    }

    @Override
    public int fieldCount() {
        return fPlan.fFields.length;
    }

    @Override
    public String fieldName(int index) {
        return fPlan.fFieldNames[index];
    }

    @Override
    public Object value(int index) {
        return fPlan.decode(fData, index);
    }

    /** A little-endian integer of 1, 2, 4 or 8 bytes at an offset of the data. */
    static long integer(byte[] data, int offset, int size, boolean signed) {
        long value = 0;
        for (int i = size - 1; i >= 0; i--) {
            value = (value << 8) | (data[offset + i] & 0xFF);
        }
        int unused = 64 - 8 * size;
        return signed ? (value << unused) >> unused : value;
    }

    /**
     * Characters as trace-cmd prints them: up to the first NUL (before {@code end}), or as an array of hexadecimal
     * bytes when one of the first {@code checked} bytes before the NUL is neither printable ASCII nor a space.
     */
    private static String characters(byte[] data, int offset, int checked, int end) {
        for (int i = offset; i < offset + checked && data[i] != 0; i++) {
            int c = data[i];
            if (!(c >= 0x20 && c <= 0x7E) && !(c >= 0x09 && c <= 0x0D)) {
                return array(data, offset, checked);
            }
        }
        int stop = offset;
        while (stop < end && data[stop] != 0) {
            stop++;
        }
        return new String(data, offset, stop - offset, StandardCharsets.UTF_8);
    }

    /** Bytes as trace-cmd prints an array: {@code ARRAY[0a, ff]}. */
    private static String array(byte[] data, int offset, int length) {
        StringBuilder text = new StringBuilder(8 + 4 * length).append("ARRAY[");
        for (int i = 0; i < length; i++) {
            if (i > 0) {
                text.append(", ");
            }
            text.append(Character.forDigit((data[offset + i] >> 4) & 0xF, 16)).append(Character.forDigit(data[offset + i] & 0xF, 16));
        }
        return text.append(']').toString();
    }
}
