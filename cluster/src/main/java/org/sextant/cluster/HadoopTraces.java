// SPDX-License-Identifier: EPL-2.0
package org.sextant.cluster;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.regex.Pattern;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.spark.SparkEnv;

import scala.Tuple2;

/**
 * Traces named by a Hadoop URI ({@code hdfs://NAMENODE:PORT/dir}, or any scheme a Hadoop {@code FileSystem} on the
 * classpath serves), found and copied through Hadoop's {@code FileSystem}. The CTF codec maps stream files from a
 * local path, and stays unaware of Hadoop: a task copies the trace it reads to a local directory first, one
 * sequential read of each file, with each file's modification time, so that the histories' provenance (names, sizes,
 * times, the metadata's digest) is the same for every copy and a history built from one is reused with another.
 * The Hadoop configuration is the one Spark gives jobs: {@code HADOOP_CONF_DIR}'s files and the
 * {@code spark.hadoop.*} settings.
 */
final class HadoopTraces {

    private static final Pattern URI_PATH = Pattern.compile("[A-Za-z][A-Za-z0-9+.-]*://.*"); //$NON-NLS-1$
    private static final String METADATA = "metadata"; //$NON-NLS-1$
    private static final String SPARK_HADOOP = "spark.hadoop."; //$NON-NLS-1$

    private HadoopTraces() {
    }

    /** @return whether the trace or directory is named by a URI (hdfs://...) rather than a local path */
    static boolean isUri(String path) {
        return URI_PATH.matcher(path).matches() && !path.startsWith("file:"); //$NON-NLS-1$
    }

    /**
     * Adds the traces under a directory named by a URI: every directory with a {@code metadata} file, whatever
     * its depth; a trace's own subdirectories are not searched.
     *
     * @param root
     *            the directory, or a trace
     * @param traces
     *            where they are added, named by the root's last name and the path below it
     * @throws IOException
     *             when the root cannot be read (the message names it)
     */
    static void find(String root, List<TraceRef> traces) throws IOException {
        org.apache.hadoop.fs.Path top = new org.apache.hadoop.fs.Path(root);
        FileSystem fs = top.getFileSystem(configuration());
        FileStatus status;
        try {
            status = fs.getFileStatus(top);
        } catch (java.io.FileNotFoundException e) {
            throw new IOException(root + ": no such directory", e); //$NON-NLS-1$
        }
        if (!status.isDirectory()) {
            throw new IOException(root + ": no such directory"); //$NON-NLS-1$
        }
        String rootName = top.getName().isEmpty() ? "/" : top.getName(); //$NON-NLS-1$
        walk(fs, status.getPath(), rootName, traces);
    }

    private static void walk(FileSystem fs, org.apache.hadoop.fs.Path dir, String name, List<TraceRef> traces) throws IOException {
        FileStatus[] entries = fs.listStatus(dir);
        for (FileStatus entry : entries) {
            if (entry.isFile() && entry.getPath().getName().equals(METADATA)) {
                traces.add(new TraceRef(name, dir.toString()));
                return;
            }
        }
        for (FileStatus entry : entries) {
            if (entry.isDirectory()) {
                walk(fs, entry.getPath(), name + '/' + entry.getPath().getName(), traces);
            }
        }
    }

    /**
     * Copies a trace directory, with its subdirectories, to a local directory.
     *
     * @param trace
     *            the trace's URI
     * @param into
     *            an empty local directory
     * @throws java.io.FileNotFoundException
     *             when the trace is not there
     * @throws IOException
     *             when it cannot be read (the file system is unreachable, a file is not readable)
     */
    static void copy(String trace, Path into) throws IOException {
        org.apache.hadoop.fs.Path top = new org.apache.hadoop.fs.Path(trace);
        FileSystem fs = top.getFileSystem(configuration());
        if (!fs.getFileStatus(top).isDirectory()) {
            throw new java.io.FileNotFoundException(trace);
        }
        copy(fs, top, into);
    }

    private static void copy(FileSystem fs, org.apache.hadoop.fs.Path dir, Path into) throws IOException {
        for (FileStatus entry : fs.listStatus(dir)) {
            Path to = into.resolve(entry.getPath().getName());
            if (entry.isDirectory()) {
                Files.createDirectory(to);
                copy(fs, entry.getPath(), to);
            } else if (entry.isFile()) {
                try (InputStream in = fs.open(entry.getPath())) {
                    Files.copy(in, to);
                }
                Files.setLastModifiedTime(to, FileTime.fromMillis(entry.getModificationTime()));
            }
        }
    }

    /**
     * @param workspace
     *            a workspace
     * @param trace
     *            a trace's URI
     * @return where its histories are kept: {@code WORKSPACE/.tracecompass-temp/SCHEME/AUTHORITY/PATH}, as if the
     *         URI were a local path, so that no two file systems' traces share a place
     */
    static Path historiesOf(Path workspace, String trace) {
        URI uri = new org.apache.hadoop.fs.Path(trace).toUri();
        Path below = Path.of(uri.getScheme(), uri.getAuthority() == null ? "" : uri.getAuthority()); //$NON-NLS-1$
        for (String part : uri.getPath().split("/")) { //$NON-NLS-1$
            if (!part.isEmpty()) {
                below = below.resolve(part);
            }
        }
        return workspace.resolve(TraceBuild.SUPPLEMENTARY).resolve(below).normalize();
    }

    /** The configuration Spark gives its jobs: the default resources and the session's spark.hadoop.* settings. */
    private static Configuration configuration() {
        Configuration conf = new Configuration();
        SparkEnv env = SparkEnv.get();
        if (env != null) {
            for (Tuple2<String, String> setting : env.conf().getAllWithPrefix(SPARK_HADOOP)) {
                conf.set(setting._1(), setting._2());
            }
        }
        return conf;
    }
}
