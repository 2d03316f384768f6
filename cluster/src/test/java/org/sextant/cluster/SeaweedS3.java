// SPDX-License-Identifier: EPL-2.0
package org.sextant.cluster;

import java.io.IOException;
import java.io.OutputStream;
import java.lang.ProcessBuilder.Redirect;
import java.net.HttpURLConnection;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A real S3 server on 127.0.0.1: SeaweedFS ({@code weed server -s3}: a master, a volume server, a filer and the S3
 * gateway in one process, Apache-2.0), its binary named by the system property {@code sextant.weed}. Its ports are
 * chosen when this class loads, before any Spark session starts, since executors take Hadoop's settings from the
 * session ({@link #HADOOP}); the server itself starts only when a test asks. Its credentials are an admin identity
 * SeaweedFS makes from {@code AWS_ACCESS_KEY_ID} and {@code AWS_SECRET_ACCESS_KEY}; a test creates its bucket with
 * {@link #createBucket}. Telemetry off; every port bound to 127.0.0.1.
 */
final class SeaweedS3 implements AutoCloseable {

    /** The bucket S3A reaches through a closed port: nothing listens there. */
    static final String UNREACHABLE_BUCKET = "unreachable"; //$NON-NLS-1$
    private static final String ACCESS_KEY = "sextant-test"; //$NON-NLS-1$
    private static final String SECRET_KEY = "sextant-test-secret"; //$NON-NLS-1$
    private static final long START_SECONDS = 120;
    private static final int[] PORTS;
    private static final int CLOSED_PORT;

    /** The Hadoop settings that reach this server through S3A, for the session's {@code spark.hadoop.*}. */
    static final Map<String, String> HADOOP = new LinkedHashMap<>();

    static {
        try {
            PORTS = freePorts(9);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        CLOSED_PORT = PORTS[8];
        HADOOP.put("fs.s3a.endpoint", "http://127.0.0.1:" + PORTS[6]); //$NON-NLS-1$ //$NON-NLS-2$
        HADOOP.put("fs.s3a.path.style.access", "true"); //$NON-NLS-1$ //$NON-NLS-2$
        HADOOP.put("fs.s3a.connection.ssl.enabled", "false"); //$NON-NLS-1$ //$NON-NLS-2$
        HADOOP.put("fs.s3a.access.key", ACCESS_KEY); //$NON-NLS-1$
        HADOOP.put("fs.s3a.secret.key", SECRET_KEY); //$NON-NLS-1$
        // per-bucket settings: this one's server is down, and one refused connection says so (no retries)
        String unreachable = "fs.s3a.bucket." + UNREACHABLE_BUCKET + '.'; //$NON-NLS-1$
        HADOOP.put(unreachable + "endpoint", "http://127.0.0.1:" + CLOSED_PORT); //$NON-NLS-1$ //$NON-NLS-2$
        HADOOP.put(unreachable + "attempts.maximum", "0"); //$NON-NLS-1$ //$NON-NLS-2$
        HADOOP.put(unreachable + "retry.limit", "0"); //$NON-NLS-1$ //$NON-NLS-2$
    }

    private final Path fWeed;
    private final Path fLog;
    private final Process fProcess;

    /**
     * @return the server's binary, or {@code null} when none is given (the S3 tests are then skipped)
     */
    static Path binary() {
        String weed = System.getProperty("sextant.weed", ""); //$NON-NLS-1$ //$NON-NLS-2$
        return weed.isBlank() ? null : Path.of(weed);
    }

    /**
     * Starts the server, its data in the directory, and waits until its S3 gateway answers.
     */
    SeaweedS3(Path weed, Path data, Path log) throws IOException, InterruptedException {
        fWeed = weed;
        fLog = log;
        List<String> command = new ArrayList<>(List.of(weed.toString(), "server", "-ip=127.0.0.1", "-ip.bind=127.0.0.1", //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                "-dir=" + data, "-master.telemetry=false", "-master.volumeSizeLimitMB=1024", "-volume.preStopSeconds=0", //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
                "-master.port=" + PORTS[0], "-master.port.grpc=" + PORTS[1], //$NON-NLS-1$ //$NON-NLS-2$
                "-volume.port=" + PORTS[2], "-volume.port.grpc=" + PORTS[3], //$NON-NLS-1$ //$NON-NLS-2$
                "-filer", "-filer.port=" + PORTS[4], "-filer.port.grpc=" + PORTS[5], //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                "-s3", "-s3.port=" + PORTS[6], "-s3.port.grpc=" + PORTS[7], "-s3.port.iceberg=0", "-s3.port.lance=0")); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$
        Files.createDirectories(data);
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
        builder.environment().put("AWS_ACCESS_KEY_ID", ACCESS_KEY); //$NON-NLS-1$
        builder.environment().put("AWS_SECRET_ACCESS_KEY", SECRET_KEY); //$NON-NLS-1$
        fProcess = builder.start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(START_SECONDS);
        try {
            while (!answers()) {
                if (!fProcess.isAlive() || System.nanoTime() > deadline) {
                    throw new IOException("SeaweedFS did not start in " + START_SECONDS + " s; see " + log); //$NON-NLS-1$ //$NON-NLS-2$
                }
                Thread.sleep(200);
            }
        } catch (IOException | InterruptedException | RuntimeException e) {
            close(); // no server left behind, whatever stopped the wait
            throw e;
        }
    }

    /**
     * Creates a bucket, as an administrator does: with SeaweedFS's shell ({@code s3.bucket.create}), since S3A
     * creates none.
     */
    void createBucket(String name) throws IOException, InterruptedException {
        Process shell = new ProcessBuilder(fWeed.toString(), "shell", "-master=127.0.0.1:" + PORTS[0] + '.' + PORTS[1], //$NON-NLS-1$ //$NON-NLS-2$
                "-filer=127.0.0.1:" + PORTS[4] + '.' + PORTS[5]).redirectErrorStream(true).redirectOutput(Redirect.appendTo(fLog.toFile())) //$NON-NLS-1$
                .start();
        try (OutputStream commands = shell.getOutputStream()) {
            commands.write(("s3.bucket.create -name " + name + '\n').getBytes(StandardCharsets.UTF_8)); //$NON-NLS-1$
        }
        if (!shell.waitFor(START_SECONDS, TimeUnit.SECONDS) || shell.exitValue() != 0) {
            shell.destroyForcibly();
            throw new IOException("SeaweedFS's shell did not create bucket " + name + "; see " + fLog); //$NON-NLS-1$ //$NON-NLS-2$
        }
    }

    /** @return whether the S3 gateway answers a request (an anonymous one: refused, but answered) */
    private static boolean answers() {
        try {
            HttpURLConnection connection = (HttpURLConnection) URI.create(HADOOP.get("fs.s3a.endpoint") + "/").toURL().openConnection(); //$NON-NLS-1$ //$NON-NLS-2$
            connection.setConnectTimeout(1000);
            connection.setReadTimeout(5000);
            try {
                return connection.getResponseCode() > 0;
            } finally {
                connection.disconnect();
            }
        } catch (IOException e) {
            return false;
        }
    }

    private static int[] freePorts(int count) throws IOException {
        List<ServerSocket> sockets = new ArrayList<>();
        try {
            int[] ports = new int[count];
            for (int i = 0; i < count; i++) {
                ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
                sockets.add(socket);
                ports[i] = socket.getLocalPort();
            }
            return ports;
        } finally {
            for (ServerSocket socket : sockets) {
                socket.close();
            }
        }
    }

    @Override
    public void close() {
        fProcess.destroy();
        try {
            if (!fProcess.waitFor(30, TimeUnit.SECONDS)) {
                fProcess.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
