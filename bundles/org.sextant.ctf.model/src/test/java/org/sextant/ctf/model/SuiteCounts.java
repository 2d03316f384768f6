// SPDX-License-Identifier: EPL-2.0
package org.sextant.ctf.model;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Opens each trace directory given with {@link CtfTrace}, decodes every event of every stream and prints the
 * events per name, what {@code tools/ctf-suites.py} compares with babeltrace2's over the public CTF suites
 * (docs/reliability.md). A development tool run from the test classes, so that it needs nothing but the codec:
 *
 * <pre>
 * java -cp CLASSES org.sextant.ctf.model.SuiteCounts TRACE_DIR...
 * </pre>
 *
 * For each directory: {@code trace DIR}, then {@code refused MESSAGE}, or {@code warning MESSAGE} lines,
 * {@code count NAME<TAB>N} lines and {@code events N}. Lines are tab-free but for the count's.
 */
public final class SuiteCounts {

    private SuiteCounts() {
    }

    /**
     * @param args
     *            trace directories
     */
    public static void main(String[] args) {
        PrintStream out = new PrintStream(System.out, false, StandardCharsets.UTF_8);
        for (String arg : args) {
            out.println("trace " + arg);
            try {
                Map<String, Long> counts = new TreeMap<>();
                CtfTrace trace = CtfTrace.open(Path.of(arg));
                long events = count(trace, counts);
                for (TraceWarning warning : trace.warnings()) {
                    out.println("warning " + oneLine(warning.toString()));
                }
                counts.forEach((name, count) -> out.println("count " + name + '\t' + count));
                out.println("events " + events);
            } catch (TraceFormatException | IOException | RuntimeException e) {
                // A runtime exception is a bug of the codec, and the suites are where to see it: named as such.
                out.println("refused " + (e instanceof TraceFormatException ? "" : e.getClass().getSimpleName() + ": ") + oneLine(String.valueOf(e.getMessage())));
            }
            out.flush();
        }
    }

    /** Decodes every stream whole, counting events per name; the trace's warnings grow as it goes. */
    static long count(CtfTrace trace, Map<String, Long> counts) throws TraceFormatException, IOException {
        long events = 0;
        for (Map.Entry<Path, List<Packet>> stream : trace.packets().entrySet()) {
            List<Packet> packets = stream.getValue();
            events += trace.reader(stream.getKey(), Set.of()).read(packets, 0, packets.size(),
                    (timestamp, cpu, event, fields) -> counts.merge(event.name(), 1L, Long::sum));
        }
        return events;
    }

    private static String oneLine(String text) {
        return text.replace('\n', ' ').replace('\t', ' ');
    }
}
