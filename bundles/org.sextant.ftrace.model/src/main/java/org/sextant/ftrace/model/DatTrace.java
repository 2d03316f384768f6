// SPDX-License-Identifier: EPL-2.0
package org.sextant.ftrace.model;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A trace-cmd {@code .dat} file: every CPU's pages of every buffer, indexed when opened, merged in time order by
 * the cursors (equal times by buffer, then CPU, then as recorded), events decoded by a plan made once per event
 * id. A cursor starts at a time by a binary search of each CPU's page times.
 */
final class DatTrace extends FtraceTrace implements DatEvent.Context, CpuStream.Decoding {

    private static final int EVENT_IDS = 1 << 16;

    private final FileBytes fBytes;
    private final DatFile fFile;
    private final List<CpuStream> fStreams = new ArrayList<>();
    private final List<String> fStreamBuffers = new ArrayList<>();
    private final DatEvent.Plan[] fPlans = new DatEvent.Plan[EVENT_IDS];
    private volatile Kallsyms fKallsyms;
    private boolean fEmpty = true;
    private long fStart;
    private long fEnd;

    private DatTrace(FileBytes bytes, DatFile file) {
        fBytes = bytes;
        fFile = file;
    }

    static DatTrace read(Path path) throws IOException, FtraceFormatException {
        FileBytes bytes = new FileBytes(path);
        try {
            DatTrace trace = new DatTrace(bytes, DatFile.read(bytes));
            trace.index();
            return trace;
        } catch (IOException | FtraceFormatException | RuntimeException e) {
            bytes.close();
            throw e;
        }
    }

    private void index() throws IOException, FtraceFormatException {
        EventFormat common = fFile.anyFormat();
        EventFormat.Field type = common == null ? null : common.field("common_type");
        EventFormat.Field pid = common == null ? null : common.field("common_pid");
        if (type == null || pid == null || type.size() != 2 || pid.size() != 4 || type.offset() > 6 || pid.offset() > 4) {
            throw FtraceFormatException.atOffset(file(), -1, "no event format with common_type (2 bytes) and common_pid (4 bytes) in the first 8");
        }
        for (DatFile.Buffer buffer : fFile.buffers()) {
            fBytes.allowPages(buffer.pageSize());
        }
        for (DatFile.Buffer buffer : fFile.buffers()) {
            CpuStream.Layout layout = new CpuStream.Layout(fFile, buffer.pageSize(), fFile.timeOffset(), type.offset(), pid.offset(), this);
            for (DatFile.Region region : buffer.regions()) {
                if (region.size() > 0) {
                    CpuStream stream = CpuStream.index(layout, region);
                    if (!stream.isEmpty()) {
                        fStreams.add(stream);
                        fStreamBuffers.add(buffer.name());
                    }
                }
            }
        }
        long start = Long.MAX_VALUE;
        long end = Long.MIN_VALUE;
        for (CpuStream indexed : fStreams) {
            CpuStream stream = CpuStream.copy(indexed);
            stream.seek(Long.MIN_VALUE);
            if (stream.peek() != null) {
                start = Math.min(start, stream.peek().timestamp());
                end = Math.max(end, stream.lastTime());
            }
        }
        if (start != Long.MAX_VALUE) {
            fEmpty = false;
            fStart = start;
            fEnd = end;
        }
    }

    @Override
    public Path file() {
        return fBytes.file();
    }

    @Override
    public Kind kind() {
        return Kind.DAT;
    }

    @Override
    public int cpuCount() {
        return fFile.cpuCount();
    }

    @Override
    public boolean isEmpty() {
        return fEmpty;
    }

    @Override
    public long startTime() {
        return fStart;
    }

    @Override
    public long endTime() {
        return fEnd;
    }

    /**
     * The kernel's statistics where the file has them (they count every event overwritten or dropped), else the
     * counts the pages carry.
     */
    @Override
    public long lostEvents(int cpu) {
        long sum = 0;
        for (int i = 0; i < fStreams.size(); i++) {
            CpuStream stream = fStreams.get(i);
            if (stream.cpu() != cpu) {
                continue;
            }
            long stats = fFile.statsLost(fStreamBuffers.get(i), cpu);
            long pages = stream.lostEvents();
            long lost = stats >= 0 ? Math.max(stats, pages) : pages;
            if (lost < 0) {
                return -1;
            }
            sum += lost;
        }
        return sum;
    }

    @Override
    public long lostEvents() {
        long sum = 0;
        for (int cpu = 0; cpu < cpuCount(); cpu++) {
            long lost = lostEvents(cpu);
            if (lost < 0) {
                return -1;
            }
            sum += lost;
        }
        return sum;
    }

    @Override
    public Cursor cursor(Position from) throws IOException, FtraceFormatException {
        return new MergingCursor(from);
    }

    @Override
    public DatEvent.Plan plan(int id) throws IOException, FtraceFormatException {
        DatEvent.Plan plan = fPlans[id];
        return plan != null ? plan : newPlan(id);
    }

    private synchronized DatEvent.Plan newPlan(int id) throws IOException, FtraceFormatException {
        if (fPlans[id] == null) {
            EventFormat format = fFile.format(id);
            if (format == null) {
                return null;
            }
            if (fKallsyms == null && format.fields().stream().anyMatch(field -> field.symbol() != 0)) {
                // read now, while the file is open: events are decoded when asked, maybe after it is closed
                fKallsyms = kallsyms();
            }
            fPlans[id] = new DatEvent.Plan(format, this);
        }
        return fPlans[id];
    }

    private Kallsyms kallsyms() throws IOException, FtraceFormatException {
        long[] where = fFile.kallsyms();
        if (where == null) {
            return Kallsyms.parse("");
        }
        fBytes.seek(where[0]);
        return Kallsyms.parse(new String(fBytes.bytes(where[1], "the kernel symbols"), StandardCharsets.UTF_8));
    }

    @Override
    public String command(int pid) {
        return fFile.command(pid);
    }

    @Override
    public String symbol(long address, boolean withOffset) {
        return fKallsyms.name(address, withOffset);
    }

    @Override
    public void close() throws IOException {
        fBytes.close();
    }

    /** The k-way merge of the streams: a binary heap of streams by their next item's time, then their order. */
    private final class MergingCursor implements Cursor {
        private final CpuStream[] fCursorStreams;
        private final int[] fHeap;
        private int fSize;
        private final Ranks fRanks;

        MergingCursor(Position from) throws IOException, FtraceFormatException {
            fCursorStreams = new CpuStream[fStreams.size()];
            fHeap = new int[fCursorStreams.length];
            for (int i = 0; i < fCursorStreams.length; i++) {
                fCursorStreams[i] = CpuStream.copy(fStreams.get(i));
                fCursorStreams[i].seek(from.timestamp());
                if (fCursorStreams[i].peek() != null) {
                    fHeap[fSize++] = i;
                }
            }
            for (int i = fSize / 2 - 1; i >= 0; i--) {
                down(i);
            }
            fRanks = new Ranks(from.timestamp());
            while (fRanks.before(from, fSize > 0 ? head() : null)) {
                next();
            }
        }

        private FtraceEvent head() {
            return fCursorStreams[fHeap[0]].peek();
        }

        @Override
        public FtraceEvent next() throws IOException, FtraceFormatException {
            if (fSize == 0) {
                return null;
            }
            CpuStream stream = fCursorStreams[fHeap[0]];
            FtraceEvent event = stream.next();
            if (stream.peek() == null) {
                fHeap[0] = fHeap[--fSize];
            }
            down(0);
            fRanks.passed(event);
            return event;
        }

        @Override
        public Position position() {
            return fRanks.of(fSize > 0 ? head() : null);
        }

        private boolean before(int a, int b) {
            long timeA = fCursorStreams[a].peek().timestamp();
            long timeB = fCursorStreams[b].peek().timestamp();
            return timeA < timeB || (timeA == timeB && a < b);
        }

        private void down(int at) {
            int i = at;
            while (true) {
                int left = 2 * i + 1;
                if (left >= fSize) {
                    return;
                }
                int child = left + 1 < fSize && before(fHeap[left + 1], fHeap[left]) ? left + 1 : left;
                if (!before(fHeap[child], fHeap[i])) {
                    return;
                }
                int swap = fHeap[i];
                fHeap[i] = fHeap[child];
                fHeap[child] = swap;
                i = child;
            }
        }
    }
}
