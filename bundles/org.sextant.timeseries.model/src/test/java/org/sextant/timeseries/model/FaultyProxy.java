// SPDX-License-Identifier: EPL-2.0
package org.sextant.timeseries.model;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

/**
 * An HTTP proxy in front of a real InfluxDB that misbehaves on chosen requests, the way a loaded or restarting
 * server does: it answers late, or answers 503 without passing the request on. Every other request reaches
 * InfluxDB unchanged, so what lands is InfluxDB's to say. It remembers how each request came.
 */
final class FaultyProxy implements AutoCloseable {

    /** What to do with the n-th request (from 1): wait, then pass it on, or answer with a status and body. */
    record Fault(long delayMs, int status, String body) {
        static final Fault NONE = new Fault(0, 0, "");

        static Fault delay(long ms) {
            return new Fault(ms, 0, "");
        }

        /** An answer with InfluxDB 1.x's error body, none for a 204 (a successful write has none). */
        static Fault answer(int status) {
            return new Fault(0, status, status == 204 ? "" : "{\"error\":\"injected\"}");
        }

        static Fault answer(int status, String body) {
            return new Fault(0, status, body);
        }
    }

    private final HttpServer fServer;
    private final AtomicInteger fRequests = new AtomicInteger();
    private final List<String> fSeen = new CopyOnWriteArrayList<>();

    FaultyProxy(URI influx, IntFunction<Fault> faults) throws IOException {
        HttpClient client = HttpClient.newHttpClient();
        fServer = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        fServer.setExecutor(Executors.newCachedThreadPool());
        fServer.createContext("/", exchange -> {
            Fault fault = faults.apply(fRequests.incrementAndGet());
            fSeen.add(exchange.getRequestMethod() + ' ' + exchange.getRequestURI() + " Authorization: "
                    + exchange.getRequestHeaders().getFirst("Authorization"));
            try {
                Thread.sleep(fault.delayMs());
                if (fault.status() != 0) {
                    reply(exchange, fault.status(), fault.body().getBytes(StandardCharsets.UTF_8));
                    return;
                }
                HttpResponse<byte[]> response = client.send(HttpRequest.newBuilder(influx.resolve(exchange.getRequestURI()))
                        .method(exchange.getRequestMethod(), HttpRequest.BodyPublishers.ofByteArray(
                                exchange.getRequestBody().readAllBytes())).build(), HttpResponse.BodyHandlers.ofByteArray());
                reply(exchange, response.statusCode(), response.body());
            } catch (InterruptedException | IOException e) {
                exchange.close();
            }
        });
        fServer.start();
    }

    private static void reply(HttpExchange exchange, int status, byte[] body) throws IOException {
        exchange.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }

    URI url() {
        return URI.create("http://127.0.0.1:" + fServer.getAddress().getPort());
    }

    int requests() {
        return fRequests.get();
    }

    /** @return each request as received: method, path and query, and its Authorization header */
    List<String> seen() {
        return List.copyOf(fSeen);
    }

    @Override
    public void close() {
        fServer.stop(0);
    }
}
