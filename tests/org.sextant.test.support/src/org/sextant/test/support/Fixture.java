// SPDX-License-Identifier: EPL-2.0
package org.sextant.test.support;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;

/**
 * The small real traces under {@code tests/fixtures}, documented in its CATALOGUE.md (how each was captured,
 * sizes, event counts). Their facts in {@code catalogue.properties} were counted with babeltrace2, independently
 * of Trace Compass, so tests can check Trace Compass-based results against them.
 */
public enum Fixture {
    /** perf sched and syscall tracepoints on 2 CPUs, converted to CTF: the bundled sample. */
    PERF_SCHED_SYSCALLS("perf-sched-syscalls"), //$NON-NLS-1$
    /** LTTng-UST libc wrapper events on 2 CPUs in 65 packets of 4 KiB: many chunks for the parallel builder. */
    LTTNG_UST_SMALL_PACKETS("lttng-ust-small-packets"), //$NON-NLS-1$
    /**
     * Like {@link #LTTNG_UST_SMALL_PACKETS}, with two sub-buffers per CPU, which the program outran: LTTng
     * discarded events in 20 packets, and counted them in the packets' {@code events_discarded}.
     */
    LTTNG_UST_LOST("lttng-ust-lost"), //$NON-NLS-1$
    /**
     * 238,751 perf sched and syscall events on 2 CPUs, two packets per stream: kernel events in several chunks.
     * Its streams are stored gzipped; {@link #path()} unpacks them once.
     */
    PERF_MULTI_PACKET("perf-multi-packet"), //$NON-NLS-1$
    /** Two callgrind outputs of one program, the second with an extra call path (files base/extra.callgrind). */
    CALLGRIND_CALLPATHS("callgrind-callpaths"), //$NON-NLS-1$
    /** One Redis node under Sextant's tracer serving redis-benchmark's SETs and GETs: a recording directory. */
    REDIS_SINGLE("redis-single"), //$NON-NLS-1$
    /**
     * A 3-node Redis Cluster under Sextant's tracer and perf (write, writev) while a client publishes, with each
     * node's CLUSTER INFO before and after the load under {@code cluster-info/}.
     */
    REDIS_CLUSTER("redis-cluster"), //$NON-NLS-1$
    /**
     * Three Redis Cluster primaries and a replica of the first under Sextant's tracer, a client without cluster
     * support retrying each MOVED by hand ({@code client.log}), and the first's INFO replication before and after
     * the load under {@code replication/}.
     */
    REDIS_PATHS("redis-paths"), //$NON-NLS-1$
    /**
     * A 3-node Redis Cluster speaking TLS only (clients and bus), under Sextant's tracer, with each node's CLUSTER
     * INFO and INFO commandstats before and after the load under {@code cluster-info/} and {@code commandstats/}.
     */
    REDIS_TLS("redis-tls"), //$NON-NLS-1$
    /**
     * Redis 7.0.11 (built with TLS) with an io thread reading, under memtier_benchmark's TLS load of 100 KB values,
     * crashing on issue #12540's double free, with its own log ({@code redis.log}: the assertion and its client list)
     * and memtier's ({@code memtier.txt}).
     */
    REDIS_TLS_CRASH("redis-tls-crash"), //$NON-NLS-1$
    /** The same node and load with {@code io-threads-do-reads no}: no crash, with both logs. */
    REDIS_TLS_NO_READS("redis-tls-no-reads"), //$NON-NLS-1$
    /** One Redis node with 4 io-threads reading and writing for 50 clients. */
    REDIS_IO_THREADS("redis-io-threads"), //$NON-NLS-1$
    /** One Redis node with 1 io thread (io-threads 2) for 50 clients, with its readable events and INFO counters. */
    REDIS_IO_STAGES("redis-io-stages"), //$NON-NLS-1$
    /**
     * One Redis node with 1 io thread reading and writing for 8 pipelining clients while the main thread frees them
     * (CLIENT KILL), with the kills and reconnections counted in {@code kills.log}.
     */
    REDIS_KILL("redis-kill"), //$NON-NLS-1$
    /**
     * One Redis node with 1 io thread for 50 clients pipelining 16 requests, under the version 3 tracer (a read's
     * commands in one event), with its INFO counters.
     */
    REDIS_PIPELINED("redis-pipelined"), //$NON-NLS-1$
    /**
     * The same load under the version 4 tracer (a read's commands on its end event, their end at the thread's next
     * event), with its INFO counters.
     */
    REDIS_PIPELINED_V4("redis-pipelined-v4"), //$NON-NLS-1$
    /**
     * The same load under the version 5 tracer (the starts of the event loop's reads and writes in their ends'
     * {@code took}, until the io thread's first read), with its INFO counters.
     */
    REDIS_PIPELINED_V5("redis-pipelined-v5"), //$NON-NLS-1$
    /**
     * The same load under the version 6 tracer (a run of commands of one name written once: {@code "get*16"}), with
     * its INFO counters.
     */
    REDIS_PIPELINED_V6("redis-pipelined-v6"), //$NON-NLS-1$
    /**
     * The same load under the version 7 tracer (the main thread's writes before the io thread's first read told
     * together in a {@code writes_end} before its next event), with its INFO counters.
     */
    REDIS_PIPELINED_V7("redis-pipelined-v7"), //$NON-NLS-1$
    /**
     * The same load under the version 8 tracer (the main thread's reads and writes before the io thread's first read
     * told together in {@code reads_end} and {@code writes_end} events), with its INFO counters.
     */
    REDIS_PIPELINED_V8("redis-pipelined-v8"), //$NON-NLS-1$
    /**
     * The load of {@link #REDIS_SINGLE} under the version 5 tracer: one thread does all the client I/O, so no read
     * or write has a start event of its own.
     */
    REDIS_SINGLE_V5("redis-single-v5"), //$NON-NLS-1$
    /** The load of {@link #REDIS_SINGLE} under the version 7 tracer: every write told in a {@code writes_end}. */
    REDIS_SINGLE_V7("redis-single-v7"), //$NON-NLS-1$
    /**
     * The load of {@link #REDIS_SINGLE} under the version 8 tracer: every read told in a {@code reads_end}, every
     * write in a {@code writes_end}.
     */
    REDIS_SINGLE_V8("redis-single-v8"), //$NON-NLS-1$
    /** One Redis node traced from the middle of a load, with small buffers: events lost, connections begun before. */
    REDIS_PARTIAL("redis-partial"), //$NON-NLS-1$
    /**
     * One Redis node under a SET sent in parts, every test of redis-benchmark and a client that stops reading the
     * replies of its GETs (events version 10), with {@code CLIENT LIST} sampled meanwhile ({@code client-list.log})
     * and Redis's {@code INFO commandstats} at the end.
     */
    REDIS_MEMORY("redis-memory"), //$NON-NLS-1$
    /**
     * The OpenMP proof program of issue 15 (2 threads, 5 phases, barriers, designed imbalance 4/3) annotated in
     * Sextant's syntax, recorded with {@code ./sextant record --ftrace}, with the program's own log.
     */
    FTRACE_OMP_SEXTANT("ftrace-omp-sextant"), //$NON-NLS-1$
    /** The same program annotated in the Annotatable Systrace paper's syntax ({@code PE:n;task}, {@code barrier}). */
    FTRACE_OMP_PAPER("ftrace-omp-paper"), //$NON-NLS-1$
    /** The same program annotated in atrace's syntax ({@code B|pid|name}, {@code E|pid}, {@code S}/{@code F}). */
    FTRACE_OMP_ATRACE("ftrace-omp-atrace"), //$NON-NLS-1$
    /** Annotations a reader must survive, written for real: ends never begun, threads exiting inside spans, writes cut at the kernel's limit, text in no syntax. */
    FTRACE_MALFORMED("ftrace-malformed"), //$NON-NLS-1$
    /**
     * An ftrace capture of scheduler, IRQ and marker events on 2 CPUs: {@code trace.dat} (trace-cmd, version 7,
     * stored gzipped), {@code trace.txt} (trace-cmd report -t -R of it), {@code trace-tracefs.txt} (the instance's
     * own trace file).
     */
    FTRACE_SCHED_SMALL("ftrace-sched-small"), //$NON-NLS-1$
    /** An ftrace capture whose buffers were overwritten: events lost on both CPUs; {@code trace.dat} is version 6. */
    FTRACE_LOST("ftrace-lost"), //$NON-NLS-1$
    /**
     * The HTTP topology of issue 16 under Sextant's tracer: a load generator, a gateway, two Node backends using
     * ioredis and a Redis node, every request with a known W3C traceparent; with the generator's log
     * ({@code loadgen.jsonl}), the node's {@code INFO commandstats} and {@code topology.json}.
     */
    HTTP_TOPOLOGY("http-topology"), //$NON-NLS-1$
    /** The same topology and load with no traceparent headers: parenthood can only be inferred. */
    HTTP_TOPOLOGY_NOPARENT("http-topology-noparent"), //$NON-NLS-1$
    /**
     * The topology with a backend that opens a Redis connection per command, from four local ports in turn
     * ({@code counters}, beside {@code users}); with its log of which command of which request went through
     * which port ({@code counters.jsonl}) besides the generator's log and {@code INFO commandstats}.
     */
    HTTP_TOPOLOGY_PERCMD("http-topology-percmd"), //$NON-NLS-1$
    /**
     * One Redis node under Sextant's tracer built against LTTng 2.14, recorded by LTTng 2.14 in CTF 2 (this
     * directory) and in CTF 1.8 in the same run ({@link #LTTNG_214_REDIS_CTF18}), with the node's INFO
     * commandstats and stats after the load ({@code redis-info.txt}).
     */
    LTTNG_214_REDIS("lttng-2.14-redis/ctf-2"), //$NON-NLS-1$
    /** The CTF 1.8 copy of {@link #LTTNG_214_REDIS}, recorded in the same run. */
    LTTNG_214_REDIS_CTF18("lttng-2.14-redis/ctf-1.8"), //$NON-NLS-1$
    /**
     * Trace Compass's {@code flipping-endianness}: LTTng 2.5, 1 CPU, context switches and interrupts only, from a
     * big-endian target.
     */
    LTTNG_KERNEL_FLIPPING_ENDIANNESS("lttng-kernel/flipping-endianness"), //$NON-NLS-1$
    /** Trace Compass's {@code bug446190}: LTTng 2.5, 4 CPUs, every kernel event, system calls named {@code sys_*}. */
    LTTNG_KERNEL_BUG446190("lttng-kernel/bug446190"), //$NON-NLS-1$
    /** Trace Compass's {@code synctraces/scp_src}: LTTng 2.1, 1 CPU, packets overlapping in time. */
    LTTNG_KERNEL_SCP_SRC("lttng-kernel/scp_src"), //$NON-NLS-1$
    /** Trace Compass's {@code synctraces/scp_dest}: the other side of the same copy. */
    LTTNG_KERNEL_SCP_DEST("lttng-kernel/scp_dest"), //$NON-NLS-1$
    /** Trace Compass's {@code many-threads}: LTTng 2.8, 8 CPUs, 8,000 short threads and their system calls. */
    LTTNG_KERNEL_MANY_THREADS("lttng-kernel/many-threads"); //$NON-NLS-1$

    private static final String GZIP_SUFFIX = ".gz"; //$NON-NLS-1$

    private static final String FIXTURES_PROPERTY = "sextant.fixtures"; //$NON-NLS-1$
    private static Properties sCatalogue;

    private final String fName;

    Fixture(String name) {
        fName = name;
    }

    /**
     * @return the fixture's directory (a CTF trace, a recording) or file; for a fixture with files stored gzipped
     *         (at any depth: a recording's {@code ftrace/trace.dat.gz}), its unpacked copy
     */
    public synchronized Path path() {
        Path path = directory().resolve(fName);
        if (!Files.exists(path)) {
            throw new IllegalStateException("fixture " + fName + " is missing at " + path); //$NON-NLS-1$ //$NON-NLS-2$
        }
        try (Stream<Path> files = Files.walk(path)) {
            if (files.noneMatch(file -> file.getFileName().toString().endsWith(GZIP_SUFFIX))) {
                return path;
            }
            return unpacked(path);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot unpack fixture " + fName, e); //$NON-NLS-1$
        }
    }

    /**
     * The trace with its gzipped files unpacked, in the temporary directory, made once (atomically) per machine
     * and per version of the fixture (told apart by the size of its files).
     */
    private Path unpacked(Path packed) throws IOException {
        long size = 0;
        try (Stream<Path> files = Files.walk(packed)) {
            for (Path file : (Iterable<Path>) files::iterator) {
                size += Files.isRegularFile(file) ? Files.size(file) : 0;
            }
        }
        // A fixture in a folder of fixtures (lttng-kernel/many-threads) is unpacked beside the others.
        String flat = fName.replace('/', '-');
        Path target = Path.of(System.getProperty("java.io.tmpdir"), "sextant-fixtures", flat + '-' + size); //$NON-NLS-1$ //$NON-NLS-2$
        if (Files.isDirectory(target)) {
            return target;
        }
        Files.createDirectories(target.getParent());
        Path partial = Files.createTempDirectory(target.getParent(), flat);
        try (Stream<Path> files = Files.walk(packed)) {
            for (Path file : (Iterable<Path>) files::iterator) {
                Path copy = partial.resolve(packed.relativize(file).toString());
                String name = copy.getFileName().toString();
                if (Files.isDirectory(file)) {
                    Files.createDirectories(copy);
                } else if (name.endsWith(GZIP_SUFFIX)) {
                    try (InputStream in = new GZIPInputStream(Files.newInputStream(file))) {
                        Files.copy(in, copy.resolveSibling(name.substring(0, name.length() - GZIP_SUFFIX.length())));
                    }
                } else {
                    Files.copy(file, copy);
                }
            }
        }
        try {
            Files.move(partial, target, StandardCopyOption.ATOMIC_MOVE);
        } catch (FileAlreadyExistsException | DirectoryNotEmptyException e) {
            // another test run unpacked it meanwhile
        }
        return target;
    }

    /**
     * A fact counted independently when the fixture was captured.
     *
     * @param key
     *            the key after the fixture name, for example {@code events} or {@code events.cpu0}
     * @return the value
     */
    public long fact(String key) {
        String value = catalogue().getProperty(fName + '.' + key);
        if (value == null) {
            throw new IllegalArgumentException("no fact " + fName + '.' + key + " in the catalogue"); //$NON-NLS-1$ //$NON-NLS-2$
        }
        return Long.parseLong(value.trim());
    }

    /**
     * @param prefix
     *            the start of keys after the fixture name, for example {@code type.}
     * @return the facts whose keys start so, by the rest of their key
     */
    public Map<String, Long> facts(String prefix) {
        Map<String, Long> facts = new TreeMap<>();
        String start = fName + '.' + prefix;
        for (String key : catalogue().stringPropertyNames()) {
            if (key.startsWith(start)) {
                facts.put(key.substring(start.length()), Long.parseLong(catalogue().getProperty(key).trim()));
            }
        }
        return facts;
    }

    /** @return the catalogue of all facts, keyed {@code <fixture>.<key>} */
    public static synchronized Properties catalogue() {
        if (sCatalogue == null) {
            Properties catalogue = new Properties();
            try (InputStream in = Files.newInputStream(directory().resolve("catalogue.properties"))) { //$NON-NLS-1$
                catalogue.load(in);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            sCatalogue = catalogue;
        }
        return sCatalogue;
    }

    /** @return the fixtures directory: the {@code sextant.fixtures} system property, set by the build */
    public static Path directory() {
        String property = System.getProperty(FIXTURES_PROPERTY);
        if (property == null) {
            throw new IllegalStateException("system property " + FIXTURES_PROPERTY + " is not set"); //$NON-NLS-1$ //$NON-NLS-2$
        }
        return Path.of(property).toAbsolutePath().normalize();
    }
}
