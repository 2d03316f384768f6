// SPDX-License-Identifier: EPL-2.0
package org.sextant.ftrace.model;

/**
 * One ftrace event: its format's name, the CPU that recorded it, its timestamp in nanoseconds, the thread that
 * was running ({@code common_pid}) and its fields in the order of the event's format, each a {@link Long}
 * (integers, signed as the format says) or a {@link String} (character arrays and strings). The other
 * {@code common_*} fields are not among them, as trace-cmd report does not print them.
 * <p>
 * A <em>lost-events marker</em> ({@link #isLost()}) stands where the kernel lost events of one CPU (its buffer
 * overwritten or full): it has the timestamp of the next event the CPU kept, the name {@link #LOST}, no thread
 * and no fields, and {@link #lostCount()} says how many were lost, when the trace says.
 */
public abstract class FtraceEvent {

    /** The name of a lost-events marker. */
    public static final String LOST = "lost_events";

    private final int fCpu;
    private final long fTimestamp;

    FtraceEvent(int cpu, long timestamp) {
        fCpu = cpu;
        fTimestamp = timestamp;
    }

    /** @return the event's name as its format names it ({@code sched_switch}, {@code print}), or {@link #LOST} */
    public abstract String name();

    /** @return the CPU that recorded it */
    public final int cpu() {
        return fCpu;
    }

    /** @return its timestamp in nanoseconds of the trace's clock */
    public final long timestamp() {
        return fTimestamp;
    }

    /** @return the thread that was running ({@code common_pid}), -1 for a lost-events marker */
    public abstract int pid();

    /**
     * @return the thread's command name as trace-cmd prints it: from the trace's saved command lines,
     *         {@code <idle>} for thread 0 and {@code <...>} when unknown; empty for a lost-events marker
     */
    public abstract String comm();

    /** @return how many fields it has */
    public abstract int fieldCount();

    /**
     * @param index
     *            from 0 to {@link #fieldCount()}
     * @return the name of that field
     */
    public abstract String fieldName(int index);

    /**
     * @param index
     *            from 0 to {@link #fieldCount()}
     * @return the value of that field, a {@link Long} or a {@link String}
     */
    public abstract Object value(int index);

    /**
     * @param field
     *            a field's name
     * @return its value, a {@link Long} or a {@link String}, or null when the event has no such field
     */
    public Object value(String field) {
        for (int i = 0; i < fieldCount(); i++) {
            if (fieldName(i).equals(field)) {
                return value(i);
            }
        }
        return null;
    }

    /** @return whether it is a lost-events marker */
    public boolean isLost() {
        return false;
    }

    /** @return for a lost-events marker, how many events were lost, or -1 when the trace does not say; 0 otherwise */
    public long lostCount() {
        return 0;
    }

    @Override
    public String toString() {
        StringBuilder text = new StringBuilder().append(fTimestamp).append(" [").append(fCpu).append("] ").append(name());
        if (isLost()) {
            return text.append(' ').append(lostCount()).toString();
        }
        text.append(' ').append(comm()).append('-').append(pid()).append(':');
        for (int i = 0; i < fieldCount(); i++) {
            text.append(' ').append(fieldName(i)).append('=').append(value(i));
        }
        return text.toString();
    }

    /** The marker of events lost on one CPU. */
    static final class Lost extends FtraceEvent {
        private final long fCount;

        Lost(int cpu, long timestamp, long count) {
            super(cpu, timestamp);
            fCount = count;
        }

        @Override
        public String name() {
            return LOST;
        }

        @Override
        public int pid() {
            return -1;
        }

        @Override
        public String comm() {
            return "";
        }

        @Override
        public int fieldCount() {
            return 0;
        }

        @Override
        public String fieldName(int index) {
            throw new IndexOutOfBoundsException(index);
        }

        @Override
        public Object value(int index) {
            throw new IndexOutOfBoundsException(index);
        }

        @Override
        public boolean isLost() {
            return true;
        }

        @Override
        public long lostCount() {
            return fCount;
        }
    }
}
