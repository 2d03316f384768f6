// SPDX-License-Identifier: EPL-2.0
package org.sextant.cluster;

import java.io.IOException;
import java.io.PrintStream;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/**
 * Sextant's history engine as a Spark job, one task per trace (or, with {@code --split}, one task per chunk of a
 * trace: {@link SplitBuild}): a door, as the command line and the trace server are. Each task builds (or reuses) its trace's histories where {@code sextant analyze} keeps them and returns its
 * summary rows; the driver writes them as Parquet ({@code OUT/summary}, one row per trace, entity, metric and time
 * bucket; {@code OUT/traces}, one row per trace) and prints the cluster-wide summary from them with Spark SQL.
 *
 * <p>
 * Local mode by default ({@code local[*]}: no cluster to start); {@code --master spark://HOST:PORT}, or
 * {@code spark-submit --class org.sextant.cluster.ClusterJob sextant-cluster.jar ...} for any cluster manager.
 * Traces must be on a file system every executor mounts at the same path, or in HDFS (any file system Hadoop's
 * {@code FileSystem} reads), named by URI: a task then reads its trace through a local copy ({@link TraceFiles}).
 * </p>
 */
public final class ClusterJob {

    /** The job group of the build, which a cancellation names. */
    static final String JOB_GROUP = "sextant-build"; //$NON-NLS-1$
    /** How long the driver waits, once a job's results are in, for the ends of its last tasks to be told. */
    private static final Duration PROGRESS_DRAIN = Duration.ofSeconds(10);
    private static final StructType SUMMARY = new StructType()
            .add("trace", DataTypes.StringType, false) //$NON-NLS-1$
            .add("host", DataTypes.StringType, false) //$NON-NLS-1$
            .add("analysis", DataTypes.StringType, false) //$NON-NLS-1$
            .add("kind", DataTypes.StringType, false) //$NON-NLS-1$
            .add("entity", DataTypes.StringType, false) //$NON-NLS-1$
            .add("name", DataTypes.StringType, false) //$NON-NLS-1$
            .add("metric", DataTypes.StringType, false) //$NON-NLS-1$
            .add("bucket", DataTypes.LongType, false) //$NON-NLS-1$
            .add("width", DataTypes.LongType, false) //$NON-NLS-1$
            .add("value", DataTypes.LongType, false); //$NON-NLS-1$
    private static final StructType TRACES = new StructType()
            .add("trace", DataTypes.StringType, false) //$NON-NLS-1$
            .add("path", DataTypes.StringType, false) //$NON-NLS-1$
            .add("host", DataTypes.StringType, false) //$NON-NLS-1$
            .add("executor", DataTypes.StringType, false) //$NON-NLS-1$
            .add("damaged", DataTypes.StringType, true) //$NON-NLS-1$
            .add("builds", DataTypes.StringType, false) //$NON-NLS-1$
            .add("seconds", DataTypes.DoubleType, false); //$NON-NLS-1$

    private ClusterJob() {
    }

    /**
     * @param args
     *            the command line ({@link Options})
     */
    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /**
     * @return 0 when every trace was analysed or named damaged, 2 on a usage error or a trace an executor could
     *         not read (one line naming host and path)
     */
    static int run(String[] args, PrintStream out, PrintStream err) {
        Options options;
        try {
            options = Options.parse(args);
        } catch (Options.UsageException e) {
            err.println("sextant: error: " + e.getMessage()); //$NON-NLS-1$
            return 2;
        }
        // a session already running in this JVM (a test's, a notebook's) is used and left running
        boolean shared = SparkSession.getDefaultSession().isDefined();
        SparkSession spark = session(options);
        try {
            if (options.fRoots.isEmpty()) {
                query(spark, options.fOut, options.fQuery, out);
                return 0;
            }
            List<TraceRef> traces = TraceFinder.findAt(options.fRoots);
            if (traces.isEmpty()) {
                err.println("sextant: error: no CTF trace under " + options.fRoots); //$NON-NLS-1$
                return 2;
            }
            TraceBuild build = new TraceBuild(options.fWorkspace.toAbsolutePath().toString(), options.fAnalyses, options.fSerial, options.fThreads,
                    options.fChunkBytes, options.fBucketNanos);
            err.printf("[sextant] %d traces, %s, histories in %s%n", traces.size(), spark.sparkContext().master(), //$NON-NLS-1$
                    TraceBuild.historiesOf(options.fWorkspace, Path.of("/")).toAbsolutePath()); //$NON-NLS-1$
            long started = System.nanoTime();
            List<TraceResult> results = new ArrayList<>();
            if (options.fSplit) {
                for (TraceRef trace : traces) {
                    results.add(SplitBuild.run(spark, trace, build, err));
                }
            } else {
                results = build(spark, traces, build, err);
            }
            err.printf(java.util.Locale.ROOT, "[sextant] built in %.3f s%n", (System.nanoTime() - started) / 1e9); //$NON-NLS-1$
            write(spark, results, options.fOut);
            ClusterReport.print(spark, results, options.fOut, out);
            if (options.fQuery != null) {
                query(spark, options.fOut, options.fQuery, out);
            }
            return 0;
        } catch (UnreadableTrace e) {
            err.println("sextant: error: " + e.getMessage()); //$NON-NLS-1$
            return 2;
        } catch (IOException e) {
            err.println("sextant: error: " + e.getMessage()); //$NON-NLS-1$
            return 2;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            err.println("sextant: error: interrupted"); //$NON-NLS-1$
            return 2;
        } finally {
            if (!shared) {
                spark.close();
            }
        }
    }

    private static SparkSession session(Options options) {
        SparkConf conf = new SparkConf().setAppName("sextant cluster"); //$NON-NLS-1$
        if (options.fMaster != null) {
            conf.setMaster(options.fMaster);
        } else if (!conf.contains("spark.master")) { //$NON-NLS-1$
            conf.setMaster("local[*]"); //$NON-NLS-1$
        }
        if (options.fSplit) {
            // a task per chunk, on one core; the driver takes every chunk's output, but never holds them all
            conf.set("spark.task.cpus", "1"); //$NON-NLS-1$ //$NON-NLS-2$
            conf.setIfMissing("spark.driver.maxResultSize", "0"); //$NON-NLS-1$ //$NON-NLS-2$
        } else {
            // one task per trace, each building on this many threads
            conf.set("spark.task.cpus", Integer.toString(options.fThreads)); //$NON-NLS-1$
        }
        conf.setIfMissing("spark.ui.enabled", "false"); //$NON-NLS-1$ //$NON-NLS-2$
        String jar = jobJar();
        if (!conf.get("spark.master").startsWith("local") && !conf.contains("spark.jars") && jar != null) { //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
            conf.set("spark.jars", jar); //$NON-NLS-1$
        }
        for (Map.Entry<String, String> entry : options.fConf.entrySet()) {
            conf.set(entry.getKey(), entry.getValue());
        }
        return SparkSession.builder().config(conf).getOrCreate();
    }

    /** @return the job jar this class was loaded from, which executors of a cluster fetch; null outside one */
    static String jobJar() {
        try {
            Path location = Path.of(ClusterJob.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            return location.toString().endsWith(".jar") ? location.toString() : null; //$NON-NLS-1$
        } catch (URISyntaxException | SecurityException e) {
            return null;
        }
    }

    /**
     * Runs one task per trace and brings their results back, in the order of the traces.
     *
     * @param spark
     *            the session
     * @param traces
     *            the traces
     * @param build
     *            what each task does
     * @param progress
     *            where each task's start and end are told
     * @return each trace's result
     * @throws UnreadableTrace
     *             when an executor could not read a trace (after Spark's retries)
     */
    public static List<TraceResult> build(SparkSession spark, List<TraceRef> traces, TraceBuild build, PrintStream progress) throws UnreadableTrace {
        JavaSparkContext context = JavaSparkContext.fromSparkContext(spark.sparkContext());
        TaskProgress listener = new TaskProgress("trace", traces.stream().map(TraceRef::name).toList(), progress); //$NON-NLS-1$
        context.sc().addSparkListener(listener);
        context.setJobGroup(JOB_GROUP, "sextant: " + traces.size() + " traces", true); //$NON-NLS-1$ //$NON-NLS-2$
        try {
            List<TraceResult> results = context.parallelize(traces, traces.size()).map(new BuildTask(build)).collect();
            listener.awaitAllTold(PROGRESS_DRAIN);
            return results;
        } catch (Exception e) {
            // Spark's own exceptions are checked ones, which Java's compiler does not see thrown here
            String unreadable = unreadable(e);
            if (unreadable != null) {
                throw new UnreadableTrace(unreadable, e);
            }
            throw e instanceof RuntimeException runtime ? runtime : new IllegalStateException(e.getMessage(), e);
        } finally {
            context.clearJobGroup();
            context.sc().removeSparkListener(listener);
        }
    }

    /** An executor could not read a trace; the message names the host and the path. */
    public static final class UnreadableTrace extends Exception {
        private static final long serialVersionUID = 1L;

        UnreadableTrace(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /** The unreadable trace's sentence, from the exception or, once it crossed from an executor, its text. */
    static String unreadable(Throwable failure) {
        String marker = UnreadableTraceException.class.getName() + ": "; //$NON-NLS-1$
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof UnreadableTraceException) {
                return t.getMessage();
            }
            String message = String.valueOf(t.getMessage());
            int at = message.indexOf(marker);
            if (at >= 0) {
                return message.substring(at + marker.length()).lines().findFirst().orElse(""); //$NON-NLS-1$
            }
        }
        return null;
    }

    /**
     * Writes the results as Parquet: {@code OUT/summary} and {@code OUT/traces}.
     *
     * @param spark
     *            the session
     * @param results
     *            the tasks' results
     * @param out
     *            the directory (replaced)
     */
    public static void write(SparkSession spark, List<TraceResult> results, Path out) {
        List<Row> rows = new ArrayList<>();
        List<Row> traces = new ArrayList<>();
        for (TraceResult result : results) {
            for (SummaryRow row : result.rows()) {
                rows.add(RowFactory.create(row.trace(), row.host(), row.analysis(), row.kind(), row.entity(), row.name(), row.metric(), row.bucket(),
                        row.width(), row.value()));
            }
            traces.add(RowFactory.create(result.trace(), result.path(), result.host(), result.executor(), result.damaged(),
                    String.join("; ", result.builds().stream().map(b -> b.analysis() + ": " + b.description()).toList()), result.nanos() / 1e9)); //$NON-NLS-1$ //$NON-NLS-2$
        }
        Dataset<Row> summary = spark.createDataFrame(rows, SUMMARY);
        summary.write().mode(SaveMode.Overwrite).parquet(out.resolve("summary").toAbsolutePath().toString()); //$NON-NLS-1$
        spark.createDataFrame(traces, TRACES).coalesce(1).write().mode(SaveMode.Overwrite).parquet(out.resolve("traces").toAbsolutePath().toString()); //$NON-NLS-1$
    }

    /** Runs a query over the tables {@code summary} and {@code traces} of an earlier run, and prints its result. */
    private static void query(SparkSession spark, Path out, String sql, PrintStream print) {
        ClusterReport.views(spark, out);
        print.println(ClusterReport.table(spark.sql(sql)));
    }
}
