// SPDX-License-Identifier: EPL-2.0
package org.sextant.ftrace.model;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * The ring-buffer pages one CPU of one buffer recorded, as the kernel's {@code trace_pipe_raw} gave them to
 * trace-cmd: indexed by their headers when the trace opens (each page's time, its data's size, the events lost
 * before it), decoded one event at a time.
 * <p>
 * A page starts with its time and a commit word (the size of its data; bit 31: events were lost before it; bit
 * 30: their count is stored after the data). Each event starts with a 32-bit header: a 5-bit type and length
 * ({@code type_len}) and a 27-bit time delta. Types 1 to 28 are data of {@code 4 * type_len} bytes; 0 is data
 * whose length is the next word; 29 is padding (a discarded event, or the rest of the page when its delta is 0);
 * 30 extends the time delta by the next word shifted by 27; 31 is an absolute timestamp (the top 5 bits kept).
 */
final class CpuStream {

    private static final int TYPE_PADDING = 29;
    private static final int TYPE_TIME_EXTEND = 30;
    private static final int TYPE_TIME_STAMP = 31;
    private static final long MISSED_EVENTS = 1L << 31;
    private static final long MISSED_STORED = 1L << 30;
    private static final long SIZE_MASK = (1L << 27) - 1;
    private static final long TIME_STAMP_TOP = 0xF8L << 56;

    /** What the streams of one file share. */
    record Layout(DatFile file, int pageSize, long timeOffset, int typeOffset, int pidOffset, Decoding decoding) {
    }

    /** Turns an event's id into its plan. */
    interface Decoding {
        /** @return the plan of the events of that id, or null when the file has no format for it */
        DatEvent.Plan plan(int id) throws IOException, FtraceFormatException;
    }

    private final Layout fLayout;
    private final int fCpu;
    private final long[] fPageOffsets;
    private final long[] fPageTimes;
    private final int[] fPageSizes;
    private final long[] fPageLost;

    private int fPage;
    private ByteBuffer fBuffer;
    private int fBase;
    private int fAt;
    private int fEnd;
    private long fTime;
    private long fPendingLost;
    private FtraceEvent fNext;
    private FtraceEvent fHeld;

    private CpuStream(Layout layout, int cpu, long[] offsets, long[] times, int[] sizes, long[] lost) {
        fLayout = layout;
        fCpu = cpu;
        fPageOffsets = offsets;
        fPageTimes = times;
        fPageSizes = sizes;
        fPageLost = lost;
        fPage = -1;
    }

    /**
     * @param indexed
     *            a stream
     * @return a new stream over the same pages, sharing their index, before its first event
     */
    static CpuStream copy(CpuStream indexed) {
        return new CpuStream(indexed.fLayout, indexed.fCpu, indexed.fPageOffsets, indexed.fPageTimes, indexed.fPageSizes, indexed.fPageLost);
    }

    /**
     * Indexes a CPU's pages by their headers: each page's time must not go back, its data must fit in it.
     *
     * @param layout
     *            the file's layout
     * @param region
     *            where the CPU's pages lie
     * @return the stream, before its first event
     */
    static CpuStream index(Layout layout, DatFile.Region region) throws IOException, FtraceFormatException {
        FileBytes bytes = layout.file().bytes();
        int pageSize = layout.pageSize();
        int commitSize = layout.file().commitSize();
        int capacity = pageSize - layout.file().dataOffset();
        int pages = (int) (region.size() / pageSize);
        long[] offsets = new long[pages];
        long[] times = new long[pages];
        int[] sizes = new int[pages];
        long[] lost = new long[pages];
        int kept = 0;
        for (int i = 0; i < pages; i++) {
            long offset = region.offset() + (long) i * pageSize;
            ByteBuffer buffer = bytes.page(offset);
            int at = FileBytes.pageIndex(offset);
            long time = buffer.getLong(at);
            long word = commitSize == 8 ? buffer.getLong(at + 8) : buffer.getInt(at + 8);
            // the kernel ORs its int flags into a long: bit 31 comes sign-extended
            long commit = word & 0xFFFFFFFFL;
            long size = commit & SIZE_MASK;
            if ((word >> 32 != 0 && word >> 32 != -1) || (commit & ~(SIZE_MASK | MISSED_EVENTS | MISSED_STORED)) != 0 || size > capacity) {
                throw error(layout, offset + 8, "page commit word 0x" + Long.toHexString(word) + ": expected a data size up to "
                        + capacity + " and the lost-events flags (bits 30, 31)");
            }
            long missed = 0;
            if ((commit & MISSED_EVENTS) != 0) {
                missed = -1;
                if ((commit & MISSED_STORED) != 0) {
                    if (size + commitSize > capacity) {
                        throw error(layout, offset + 8, "page of " + size + " bytes of data says it stores a lost-events count after them,"
                                + " but there is no room for it");
                    }
                    int countAt = at + layout.file().dataOffset() + (int) size;
                    missed = commitSize == 8 ? buffer.getLong(countAt) : buffer.getInt(countAt) & 0xFFFFFFFFL;
                    if (missed <= 0) {
                        throw error(layout, offset + layout.file().dataOffset() + size, "lost-events count " + missed + ": expected a positive count");
                    }
                }
            }
            if (size == 0 && missed == 0) {
                continue;
            }
            if (time < 0) {
                throw error(layout, offset, "page time " + Long.toUnsignedString(time) + " is out of range");
            }
            if (kept > 0 && time < times[kept - 1]) {
                throw error(layout, offset, "page time " + time + " is before the time of the page before it (" + times[kept - 1] + ")");
            }
            offsets[kept] = offset;
            times[kept] = time;
            sizes[kept] = (int) size;
            lost[kept] = missed;
            kept++;
        }
        return new CpuStream(layout, region.cpu(), Arrays.copyOf(offsets, kept), Arrays.copyOf(times, kept), Arrays.copyOf(sizes, kept),
                Arrays.copyOf(lost, kept));
    }

    private static FtraceFormatException error(Layout layout, long offset, String problem) {
        return FtraceFormatException.atOffset(layout.file().file(), offset, problem);
    }

    private Path file() {
        return fLayout.file().file();
    }

    int cpu() {
        return fCpu;
    }

    /** @return whether it has no page with events or lost events */
    boolean isEmpty() {
        return fPageOffsets.length == 0;
    }

    /**
     * @return the events lost on this CPU as its pages say: the sum of their counts, -1 when a page does not say
     *         how many
     */
    long lostEvents() {
        long sum = 0;
        for (long lost : fPageLost) {
            if (lost < 0) {
                return -1;
            }
            sum += lost;
        }
        return sum;
    }

    /**
     * @return the time of the stream's last item, read from its last page with events on; Long.MIN_VALUE if none.
     *         The stream is left at its end.
     */
    long lastTime() throws IOException, FtraceFormatException {
        int page = fPageOffsets.length - 1;
        while (page > 0 && fPageSizes[page] == 0) {
            page--;
        }
        long last = Long.MIN_VALUE;
        if (page >= 0) {
            startPage(page);
            for (FtraceEvent item = read(); item != null; item = read()) {
                last = item.timestamp();
            }
        }
        return last;
    }

    /**
     * Places the stream before its first item at or after a time.
     *
     * @param timestamp
     *            the time, in nanoseconds with the file's offset
     */
    void seek(long timestamp) throws IOException, FtraceFormatException {
        long offset = fLayout.timeOffset();
        long raw = timestamp - offset;
        if (((timestamp ^ raw) & (offset ^ timestamp)) < 0) {
            raw = timestamp < 0 ? Long.MIN_VALUE : Long.MAX_VALUE;
        }
        int low = 0;
        int high = fPageTimes.length - 1;
        int page = 0;
        while (low <= high) {
            int middle = (low + high) >>> 1;
            if (fPageTimes[middle] < raw) {
                page = middle;
                low = middle + 1;
            } else {
                high = middle - 1;
            }
        }
        // pages without events before it carry their lost events to its first one
        while (page > 0 && fPageSizes[page - 1] == 0) {
            page--;
        }
        fHeld = null;
        fNext = null;
        fPendingLost = 0;
        fPage = -1;
        if (page < fPageOffsets.length) {
            startPage(page);
        }
        do {
            fNext = read();
        } while (fNext != null && fNext.timestamp() < timestamp);
    }

    /** @return the item {@link #next} returns, without taking it; null at the end */
    FtraceEvent peek() {
        return fNext;
    }

    /** @return the next item, and reads the one after it */
    FtraceEvent next() throws IOException, FtraceFormatException {
        FtraceEvent next = fNext;
        fNext = read();
        return next;
    }

    private void startPage(int page) throws IOException {
        fPage = page;
        long offset = fPageOffsets[page];
        fBuffer = fLayout.file().bytes().page(offset);
        fBase = FileBytes.pageIndex(offset);
        fAt = fBase + fLayout.file().dataOffset();
        fEnd = fAt + fPageSizes[page];
        fTime = fPageTimes[page];
        if (fPageLost[page] != 0) {
            fPendingLost = fPendingLost < 0 || fPageLost[page] < 0 ? -1 : fPendingLost + fPageLost[page];
        }
    }

    /** Decodes the next item: a lost-events marker before the first event after a loss, or an event; null at the end. */
    private FtraceEvent read() throws IOException, FtraceFormatException {
        if (fHeld != null) {
            FtraceEvent held = fHeld;
            fHeld = null;
            return held;
        }
        while (true) {
            if (fPage < 0 || fAt >= fEnd) {
                if (fPage + 1 >= fPageOffsets.length) {
                    if (fPendingLost != 0 && fPage >= 0) {
                        FtraceEvent lost = new FtraceEvent.Lost(fCpu, fPageTimes[fPage] + fLayout.timeOffset(), fPendingLost);
                        fPendingLost = 0;
                        return lost;
                    }
                    return null;
                }
                startPage(fPage + 1);
                continue;
            }
            FtraceEvent event = decode();
            if (event == null) {
                continue;
            }
            if (fPendingLost != 0) {
                fHeld = event;
                FtraceEvent lost = new FtraceEvent.Lost(fCpu, event.timestamp(), fPendingLost);
                fPendingLost = 0;
                return lost;
            }
            return event;
        }
    }

    /** Decodes the record at the current place: the event, or null for a record that only moves time or pads. */
    private FtraceEvent decode() throws IOException, FtraceFormatException {
        long offset = fPageOffsets[fPage] + (fAt - fBase);
        if (fEnd - fAt < 4) {
            throw error(fLayout, offset, "an event header of 4 bytes does not fit in the " + (fEnd - fAt) + " bytes left in the page");
        }
        int header = fBuffer.getInt(fAt);
        int type = header & 0x1F;
        long delta = header >>> 5;
        switch (type) {
        case TYPE_PADDING:
            if (delta == 0) {
                fAt = fEnd;
                return null;
            }
            long padding = word(offset) & 0xFFFFFFFFL;
            fTime = later(fTime + delta, offset);
            fAt = (int) Math.min(fEnd, fAt + 4 + padding);
            return null;
        case TYPE_TIME_EXTEND:
            fTime = later(fTime + ((word(offset) & 0xFFFFFFFFL) << 27) + delta, offset);
            fAt += 8;
            return null;
        case TYPE_TIME_STAMP:
            fTime = later((((word(offset) & 0xFFFFFFFFL) << 27) | delta) | (fTime & TIME_STAMP_TOP), offset);
            fAt += 8;
            return null;
        default:
            int start;
            long length;
            if (type == 0) {
                length = ((word(offset) & 0xFFFFFFFFL) - 4 + 3) & ~3L;
                start = fAt + 8;
            } else {
                length = 4L * type;
                start = fAt + 4;
            }
            if (length < 0 || start + length > fEnd) {
                throw error(fLayout, offset, "an event of " + length + " bytes does not fit in the " + (fEnd - start) + " bytes left in the page");
            }
            fTime = later(fTime + delta, offset);
            fAt = start + (int) length;
            return event(start, (int) length, offset);
        }
    }

    private int word(long offset) throws FtraceFormatException {
        if (fEnd - fAt < 8) {
            throw error(fLayout, offset, "the event header's second word does not fit in the " + (fEnd - fAt) + " bytes left in the page");
        }
        return fBuffer.getInt(fAt + 4);
    }

    /** @return the time, checked not to go back from the one before (nor to overflow) */
    private long later(long time, long offset) throws FtraceFormatException {
        if (time < fTime || time > Long.MAX_VALUE - Math.max(0, fLayout.timeOffset())) {
            throw error(fLayout, offset, "an event at time " + Long.toUnsignedString(time) + " goes back from " + fTime + " on CPU " + fCpu);
        }
        return time;
    }

    private FtraceEvent event(int start, int length, long offset) throws IOException, FtraceFormatException {
        if (length < 8) {
            throw error(fLayout, offset, "an event of " + length + " bytes: every event has 8 bytes of common fields");
        }
        byte[] data = new byte[length];
        fBuffer.get(start, data);
        int id = (int) DatEvent.integer(data, fLayout.typeOffset(), 2, false);
        DatEvent.Plan plan = fLayout.decoding().plan(id);
        if (plan == null) {
            throw error(fLayout, offset, "an event of type " + id + ", for which the file has no format");
        }
        plan.check(data, file(), offset);
        int pid = (int) DatEvent.integer(data, fLayout.pidOffset(), 4, true);
        return new DatEvent(fCpu, fTime + fLayout.timeOffset(), plan, data, pid);
    }
}
