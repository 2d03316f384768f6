// SPDX-License-Identifier: EPL-2.0
package org.sextant.cluster;

import java.nio.file.Path;

import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * One standalone cluster (a master and two workers of one core on 127.0.0.1) and one driver session on it, shared
 * by the test classes that extend with this: starting a cluster and its executors is most of such a test's time.
 * Started by the first class, stopped when the test run ends (JUnit's root store closes it); its logs and the
 * workers' directories are left in {@code target/standalone-cluster}.
 */
final class SharedCluster implements BeforeAllCallback {

    private static StandaloneCluster fCluster;
    private static SparkSession fSpark;

    @Override
    public void beforeAll(ExtensionContext context) {
        context.getRoot().getStore(ExtensionContext.Namespace.GLOBAL).getOrComputeIfAbsent(SharedCluster.class, key -> start(),
                ExtensionContext.Store.CloseableResource.class);
    }

    private static ExtensionContext.Store.CloseableResource start() {
        try {
            fCluster = new StandaloneCluster(Path.of("target", "standalone-cluster"), 2); //$NON-NLS-1$ //$NON-NLS-2$
        } catch (Exception e) {
            throw new IllegalStateException("the standalone cluster did not start: " + e.getMessage(), e); //$NON-NLS-1$
        }
        SparkSession.Builder builder = SparkSession.builder();
        // S3A's settings for S3ClusterIT's server: the executors take them from the session, so they are set before
        // it starts (and mean nothing to the other tests)
        SeaweedS3.HADOOP.forEach((key, value) -> builder.config("spark.hadoop." + key, value)); //$NON-NLS-1$
        fSpark = builder.master(fCluster.master()).appName("sextant standalone test") //$NON-NLS-1$
                .config("spark.jars", System.getProperty("sextant.jobJar")) //$NON-NLS-1$ //$NON-NLS-2$
                .config("spark.ui.enabled", "false") //$NON-NLS-1$ //$NON-NLS-2$
                .config("spark.driver.host", "127.0.0.1").config("spark.driver.bindAddress", "127.0.0.1") //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
                .config("spark.executor.memory", "768m") //$NON-NLS-1$ //$NON-NLS-2$
                // Hadoop's settings reach the executors as Spark's spark.hadoop.*: an HDFS whose NameNode is
                // unreachable is one refused connection, not ten seconds of retries per attempt
                .config("spark.hadoop.ipc.client.connect.max.retries", "0") //$NON-NLS-1$ //$NON-NLS-2$
                .getOrCreate();
        return () -> {
            fSpark.close();
            fCluster.close();
        };
    }

    /** @return the cluster */
    static StandaloneCluster cluster() {
        return fCluster;
    }

    /** @return the driver's session on it */
    static SparkSession spark() {
        return fSpark;
    }
}
