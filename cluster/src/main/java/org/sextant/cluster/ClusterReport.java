// SPDX-License-Identifier: EPL-2.0
package org.sextant.cluster;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * The cluster-wide summary, computed with Spark SQL from the Parquet tables the job wrote (so it is what any query
 * of them gives): per host, the events, the CPU time of every thread but the idle one (tid 0), the bytes read and
 * written; then the busiest threads of the whole cluster; then the damaged traces by name.
 */
final class ClusterReport {

    /** Per host: every analysis's totals, summed over the host's traces and the buckets. */
    static final String PER_HOST = """
            SELECT host, COUNT(DISTINCT trace) AS traces,
                   SUM(IF(analysis = 'count' AND kind = 'trace', value, 0)) AS events,
                   ROUND(SUM(IF(metric = 'cpu_ns' AND entity <> '0', value, 0)) / 1e9, 3) AS busy_cpu_s,
                   SUM(IF(metric = 'read_bytes', value, 0)) AS read_bytes,
                   SUM(IF(metric = 'written_bytes', value, 0)) AS written_bytes
            FROM summary GROUP BY host ORDER BY host
            """; //$NON-NLS-1$
    /** The threads that ran longest, across every trace. */
    static final String BUSIEST_THREADS = """
            SELECT host, trace, entity AS tid, MAX(name) AS name, ROUND(SUM(value) / 1e9, 3) AS cpu_s
            FROM summary WHERE metric = 'cpu_ns' AND entity <> '0'
            GROUP BY host, trace, entity ORDER BY cpu_s DESC, trace, tid LIMIT 5
            """; //$NON-NLS-1$

    private ClusterReport() {
    }

    /** Makes the tables of a run's output queryable as {@code summary} and {@code traces}. */
    static void views(SparkSession spark, Path out) {
        spark.read().parquet(out.resolve("summary").toAbsolutePath().toString()).createOrReplaceTempView("summary"); //$NON-NLS-1$ //$NON-NLS-2$
        spark.read().parquet(out.resolve("traces").toAbsolutePath().toString()).createOrReplaceTempView("traces"); //$NON-NLS-1$ //$NON-NLS-2$
    }

    static void print(SparkSession spark, List<TraceResult> results, Path out, PrintStream print) {
        views(spark, out);
        long damaged = results.stream().filter(r -> !r.ok()).count();
        long reused = results.stream().flatMap(r -> r.builds().stream()).filter(b -> b.description().equals("reused")).count(); //$NON-NLS-1$
        long built = results.stream().mapToLong(r -> r.builds().size()).sum() - reused;
        print.printf("%d traces: %d analysed, %d damaged; histories: %d built, %d reused (%s)%n%n", results.size(), results.size() - damaged, //$NON-NLS-1$
                damaged, built, reused, spark.sparkContext().master());
        print.println("per host:"); //$NON-NLS-1$
        print.println(table(spark.sql(PER_HOST)));
        print.println("busiest threads:"); //$NON-NLS-1$
        print.println(table(spark.sql(BUSIEST_THREADS)));
        for (TraceResult result : results) {
            if (!result.ok()) {
                print.println("damaged: " + result.trace() + ": " + result.damaged()); //$NON-NLS-1$ //$NON-NLS-2$
            }
        }
        print.printf("tables: %s (query: ./sextant cluster --out %s --query \"SELECT ... FROM summary\")%n", out.toAbsolutePath(), out); //$NON-NLS-1$
    }

    /** A query's result as aligned text columns. */
    static String table(Dataset<Row> result) {
        String[] columns = result.columns();
        List<String[]> lines = new ArrayList<>();
        lines.add(columns);
        for (Row row : result.collectAsList()) {
            String[] cells = new String[columns.length];
            for (int i = 0; i < columns.length; i++) {
                cells[i] = String.valueOf(row.get(i));
            }
            lines.add(cells);
        }
        int[] widths = new int[columns.length];
        for (String[] line : lines) {
            for (int i = 0; i < line.length; i++) {
                widths[i] = Math.max(widths[i], line[i].length());
            }
        }
        StringBuilder text = new StringBuilder();
        for (String[] line : lines) {
            for (int i = 0; i < line.length; i++) {
                text.append(i == 0 ? "  " : "  ").append(String.format("%-" + widths[i] + 's', line[i])); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
            }
            text.append('\n');
        }
        return text.toString();
    }
}
