// SPDX-License-Identifier: EPL-2.0
package org.sextant.cluster;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A real Spark standalone cluster on 127.0.0.1, started from the Maven Central jars of the module's Spark home: a
 * master and workers of one core each, each its own JVM, as {@code start-master.sh} and {@code start-worker.sh}
 * start them. Every process binds 127.0.0.1 only; {@link #close} kills them all, with the executors the workers
 * started.
 */
final class StandaloneCluster implements AutoCloseable {

    private static final long START_SECONDS = 90;

    private final Path fSparkHome = Path.of(System.getProperty("sextant.sparkHome", "target/spark-home")); //$NON-NLS-1$ //$NON-NLS-2$
    private final List<Process> fProcesses = new ArrayList<>();
    private final List<Process> fWorkers = new ArrayList<>();
    private final Path fLogs;
    private final int fPort;

    StandaloneCluster(Path logs, int workers) throws IOException, InterruptedException {
        fLogs = logs;
        Files.createDirectories(logs);
        fPort = freePort();
        start("master", "org.apache.spark.deploy.master.Master", "--host", "127.0.0.1", "--port", Integer.toString(fPort), //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$
                "--webui-port", Integer.toString(freePort())); //$NON-NLS-1$
        await("master", "I have been elected leader"); //$NON-NLS-1$ //$NON-NLS-2$
        for (int i = 1; i <= workers; i++) {
            fWorkers.add(start("worker-" + i, "org.apache.spark.deploy.worker.Worker", "--host", "127.0.0.1", "--cores", "1", "--memory", "1g", //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$ //$NON-NLS-6$ //$NON-NLS-7$ //$NON-NLS-8$
                    "--webui-port", Integer.toString(freePort()), "--work-dir", logs.resolve("work-" + i).toString(), master())); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        }
        for (int i = 1; i <= workers; i++) {
            await("worker-" + i, "Successfully registered with master"); //$NON-NLS-1$ //$NON-NLS-2$
        }
    }

    /** @return the master's URL */
    String master() {
        return "spark://127.0.0.1:" + fPort; //$NON-NLS-1$
    }

    /**
     * Kills a worker's executors (SIGKILL): what a machine lost mid-job looks like to the driver.
     *
     * @return how many executor processes were killed
     */
    int killExecutors(int worker) {
        int killed = 0;
        for (ProcessHandle child : fWorkers.get(worker - 1).descendants().toList()) {
            if (child.info().commandLine().orElse("").contains("CoarseGrainedExecutorBackend")) { //$NON-NLS-1$ //$NON-NLS-2$
                child.destroyForcibly();
                killed++;
            }
        }
        return killed;
    }

    private Process start(String name, String main, String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString())); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        command.addAll(List.of(System.getProperty("sextant.opens", "").split(" "))); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        command.removeIf(String::isEmpty);
        command.addAll(List.of("-Xmx512m", "-cp", fSparkHome.resolve("jars") + "/*", main)); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(fLogs.resolve(name + ".log").toFile()); //$NON-NLS-1$
        builder.environment().put("SPARK_HOME", fSparkHome.toAbsolutePath().toString()); //$NON-NLS-1$
        builder.environment().put("SPARK_LOCAL_IP", "127.0.0.1"); //$NON-NLS-1$ //$NON-NLS-2$
        builder.environment().put("SPARK_SCALA_VERSION", "2.12"); //$NON-NLS-1$ //$NON-NLS-2$
        Process process = builder.start();
        fProcesses.add(process);
        return process;
    }

    private void await(String name, String line) throws IOException, InterruptedException {
        Path log = fLogs.resolve(name + ".log"); //$NON-NLS-1$
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(START_SECONDS);
        while (System.nanoTime() < deadline) {
            if (Files.exists(log) && Files.readString(log).contains(line)) {
                return;
            }
            Thread.sleep(200);
        }
        throw new IOException(name + " did not start in " + START_SECONDS + " s; see " + log); //$NON-NLS-1$ //$NON-NLS-2$
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    @Override
    public void close() {
        for (Process process : fProcesses) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
        }
        for (Process process : fProcesses) {
            try {
                process.waitFor(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
