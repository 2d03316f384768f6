// SPDX-License-Identifier: EPL-2.0
package org.sextant.timeseries.model;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A private InfluxDB 1.x ({@code influxd}) on 127.0.0.1, for the tests and the benchmark: its own temporary
 * directory, a configuration with every listening port chosen free (HTTP, and the RPC port that would otherwise
 * take 8088), no usage reporting, no monitoring database; stopped and deleted by {@link #close()}.
 */
public final class InfluxServer implements AutoCloseable {

    private final Path fDirectory;
    private final Process fProcess;
    private final URI fUrl;

    private InfluxServer(Path directory, Process process, URI url) {
        fDirectory = directory;
        fProcess = process;
        fUrl = url;
    }

    /**
     * Starts {@code influxd} and waits until it answers {@code /ping}.
     *
     * @param influxd
     *            the program, for example {@code influxd} on the PATH
     * @return the running server
     * @throws IOException
     *             when it cannot be started or does not answer within 30 s (the message holds its log)
     */
    public static InfluxServer start(String influxd) throws IOException {
        Path directory = Files.createTempDirectory("sextant-influxd");
        int http = freePort();
        int rpc = freePort();
        Files.writeString(directory.resolve("influxdb.conf"), String.join("\n",
                "reporting-disabled = true",
                "bind-address = \"127.0.0.1:" + rpc + "\"",
                "[meta]",
                "  dir = \"" + directory.resolve("meta") + "\"",
                "[data]",
                "  dir = \"" + directory.resolve("data") + "\"",
                "  wal-dir = \"" + directory.resolve("wal") + "\"",
                "  query-log-enabled = false",
                "[monitor]",
                "  store-enabled = false",
                "[http]",
                "  bind-address = \"127.0.0.1:" + http + "\"",
                "  log-enabled = false",
                "[logging]",
                "  level = \"warn\"",
                "  suppress-logo = true", ""));
        Path log = directory.resolve("influxd.log");
        Process process;
        try {
            process = new ProcessBuilder(influxd, "-config", directory.resolve("influxdb.conf").toString())
                    .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        } catch (IOException e) {
            delete(directory);
            throw new IOException("cannot start " + influxd + " (Debian: apt-get install influxdb): " + e.getMessage(),
                    e);
        }
        InfluxServer server = new InfluxServer(directory, process, URI.create("http://127.0.0.1:" + http));
        HttpClient client = HttpClient.newHttpClient();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (System.nanoTime() < deadline && process.isAlive()) {
            try {
                HttpResponse<Void> ping = client.send(HttpRequest.newBuilder(server.fUrl.resolve("/ping"))
                        .timeout(Duration.ofSeconds(1)).build(), HttpResponse.BodyHandlers.discarding());
                if (ping.statusCode() == 204) {
                    return server;
                }
            } catch (IOException e) {
                // not listening yet
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
            InfluxWriter.sleep(100);
        }
        String output = Files.readString(log);
        server.close();
        throw new IOException(influxd + " did not answer on " + server.fUrl + " within 30 s: " + output);
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    /** @return the server's HTTP address */
    public URI url() {
        return fUrl;
    }

    /**
     * Creates a database.
     *
     * @param name
     *            its name
     * @return a target writing to it with the default batch size
     */
    public InfluxTarget createDatabase(String name) {
        InfluxTarget target = InfluxTarget.of(fUrl.toString(), name, null);
        new InfluxQuery(target).rows("CREATE DATABASE \"" + name + "\"");
        return target;
    }

    /** @return the bytes the server keeps on disk: its data and write-ahead log */
    public long diskBytes() {
        return bytes(fDirectory.resolve("data")) + bytes(fDirectory.resolve("wal"));
    }

    private static long bytes(Path directory) {
        if (!Files.exists(directory)) {
            return 0;
        }
        try (Stream<Path> files = Files.walk(directory)) {
            return files.filter(Files::isRegularFile).mapToLong(file -> file.toFile().length()).sum();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Stops the server and deletes its directory. */
    @Override
    public void close() {
        fProcess.destroy();
        try {
            if (!fProcess.waitFor(10, TimeUnit.SECONDS)) {
                fProcess.destroyForcibly().waitFor();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        delete(fDirectory);
    }

    private static void delete(Path directory) {
        try (Stream<Path> files = Files.walk(directory)) {
            files.sorted(Comparator.reverseOrder()).forEach(file -> file.toFile().delete());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
