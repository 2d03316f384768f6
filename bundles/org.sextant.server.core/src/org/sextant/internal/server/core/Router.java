// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.server.core;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.StringReader;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.eclipse.jdt.annotation.Nullable;
import org.sextant.server.model.BadRequestException;
import org.sextant.server.model.PathTemplate;

import com.google.gson.Gson;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.stream.JsonReader;
import com.google.gson.stream.JsonToken;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;

/**
 * The one HTTP handler of the API: finds the endpoint of a request's method and path, reads and parses its body
 * within the size limit, runs the endpoint's handler, writes its reply as {@code application/json} (exactly that
 * content type: the TSP TypeScript client parses nothing else) and logs one line per request. Whatever goes
 * wrong becomes an {@code ErrorResponse} with a sentence: 400 for bad JSON or parameters, 404 for unknown ids
 * and paths, 405 for a method an endpoint does not take, 413 for an oversized body, 500 for a fault of the
 * server, whose stack trace goes to the server's error stream and never to the client.
 */
final class Router implements HttpHandler {

    private record Route(String method, PathTemplate template, Handler handler) {
    }

    private static final Gson GSON = new Gson();
    private static final String CONTENT_TYPE = "application/json"; //$NON-NLS-1$
    private static final int NO_BODY = -1;

    private final String fBase;
    private final List<Route> fRoutes = new ArrayList<>();
    private final int fMaxBodyBytes;
    private final int fMaxResponseBytes;
    private final PrintStream fLog;
    private final PrintStream fErrors;
    private volatile boolean fStopping;

    /**
     * @param base
     *            the API's path ({@code /tsp/api}); requests elsewhere are answered 404
     * @param maxBodyBytes
     *            the largest body read
     * @param maxResponseBytes
     *            the largest answer written
     * @param log
     *            where each request's line goes
     * @param errors
     *            where faults of the server are reported in full
     */
    Router(String base, int maxBodyBytes, int maxResponseBytes, PrintStream log, PrintStream errors) {
        fBase = base;
        fMaxBodyBytes = maxBodyBytes;
        fMaxResponseBytes = maxResponseBytes;
        fLog = log;
        fErrors = errors;
    }

    /**
     * @param method
     *            the HTTP method
     * @param template
     *            the path below the base, as API.yaml writes it; earlier routes win, so literal segments come first
     * @param handler
     *            the endpoint
     * @return this
     */
    Router route(String method, String template, Handler handler) {
        fRoutes.add(new Route(method, new PathTemplate(template), handler));
        return this;
    }

    /** From now on, every request is answered 503: the server is stopping. */
    void stopping() {
        fStopping = true;
    }

    @Override
    public void handle(HttpExchange exchange) {
        long start = System.nanoTime();
        String method = exchange.getRequestMethod().toUpperCase(Locale.ROOT);
        String rawPath = exchange.getRequestURI().getRawPath();
        Reply reply;
        try {
            reply = fStopping ? Reply.error(503, "the server is stopping") : dispatch(exchange, method, rawPath); //$NON-NLS-1$
        } catch (BadRequestException e) {
            reply = Reply.error(e.status(), e.getMessage());
            if (e instanceof Workspace.Conflict conflict) {
                ((JsonObject) reply.body()).add(conflict.field(), conflict.with());
            }
        } catch (RuntimeException | LinkageError | StackOverflowError e) {
            fErrors.println("[sextant] serve: " + method + ' ' + rawPath + " failed:"); //$NON-NLS-1$
            e.printStackTrace(fErrors);
            reply = Reply.error(500, "the server failed answering this request: " + e.getClass().getSimpleName() //$NON-NLS-1$
                    + (e.getMessage() == null ? "" : ": " + e.getMessage())); //$NON-NLS-1$ //$NON-NLS-2$
        }
        byte[] bytes = GSON.toJson(reply.body()).getBytes(StandardCharsets.UTF_8);
        if (bytes.length > fMaxResponseBytes) {
            reply = Reply.error(400, "the answer would take " + bytes.length + " bytes, over this server's limit of " + fMaxResponseBytes //$NON-NLS-1$ //$NON-NLS-2$
                    + ": ask for fewer items, times or lines"); //$NON-NLS-1$
            bytes = GSON.toJson(reply.body()).getBytes(StandardCharsets.UTF_8);
        }
        String outcome = write(exchange, reply.status(), bytes);
        fLog.printf("%s %s %s %s %d %d %.1fms%s%n", Instant.now(), exchange.getRemoteAddress().getAddress().getHostAddress(), method, //$NON-NLS-1$
                printable(rawPath), reply.status(), bytes.length, (System.nanoTime() - start) / 1e6, outcome);
    }

    private Reply dispatch(HttpExchange exchange, String method, String rawPath) throws BadRequestException {
        if (!rawPath.equals(fBase) && !rawPath.startsWith(fBase + '/')) {
            throw new BadRequestException(BadRequestException.NOT_FOUND, "no such endpoint: the API is under " + fBase); //$NON-NLS-1$
        }
        String path = rawPath.substring(fBase.length());
        List<String> allowed = new ArrayList<>();
        for (Route route : fRoutes) {
            Map<String, String> variables = route.template().match(path);
            if (variables == null) {
                continue;
            }
            if (!route.method().equals(method)) {
                allowed.add(route.method());
                continue;
            }
            Object body = method.equals("GET") || method.equals("DELETE") ? null : body(exchange); //$NON-NLS-1$ //$NON-NLS-2$
            return route.handler().handle(new Request(variables, queryParameters(exchange.getRequestURI().getRawQuery()), body));
        }
        if (!allowed.isEmpty()) {
            throw new BadRequestException(BadRequestException.METHOD_NOT_ALLOWED, method + " is not allowed here; " //$NON-NLS-1$
                    + String.join(", ", allowed) + " is"); //$NON-NLS-1$ //$NON-NLS-2$
        }
        throw new BadRequestException(BadRequestException.NOT_FOUND, "no such endpoint: " + printable(path)); //$NON-NLS-1$
    }

    /** The body, parsed strictly (no trailing text, no unquoted names), or null when there is none. */
    private @Nullable Object body(HttpExchange exchange) throws BadRequestException {
        String length = exchange.getRequestHeaders().getFirst("Content-Length"); //$NON-NLS-1$
        if (length != null) {
            try {
                if (Long.parseLong(length.trim()) > fMaxBodyBytes) {
                    throw tooLarge();
                }
            } catch (NumberFormatException e) {
                throw BadRequestException.badRequest("Content-Length is no number: " + printable(length)); //$NON-NLS-1$
            }
        }
        byte[] bytes = read(exchange.getRequestBody());
        if (bytes.length == 0) {
            return null;
        }
        String text = new String(bytes, StandardCharsets.UTF_8);
        try (JsonReader reader = new JsonReader(new StringReader(text))) {
            reader.setLenient(false);
            JsonElement element = GSON.getAdapter(JsonElement.class).read(reader);
            if (reader.peek() != JsonToken.END_DOCUMENT) {
                throw BadRequestException.badRequest("the body is not JSON: text after the document"); //$NON-NLS-1$
            }
            return JsonValues.toJava(element);
        } catch (JsonParseException | IOException | IllegalStateException | NumberFormatException e) {
            throw BadRequestException.badRequest("the body is not JSON: " + printable(String.valueOf(e.getMessage()))); //$NON-NLS-1$
        } catch (StackOverflowError e) {
            throw BadRequestException.badRequest("the body is not JSON this server reads: nested too deeply"); //$NON-NLS-1$
        }
    }

    private byte[] read(InputStream in) throws BadRequestException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        byte[] buffer = new byte[8192];
        try (in) {
            for (int n = in.read(buffer); n != NO_BODY; n = in.read(buffer)) {
                bytes.write(buffer, 0, n);
                if (bytes.size() > fMaxBodyBytes) {
                    throw tooLarge();
                }
            }
        } catch (IOException e) {
            throw BadRequestException.badRequest("the body could not be read: " + e.getMessage()); //$NON-NLS-1$
        }
        return bytes.toByteArray();
    }

    private BadRequestException tooLarge() {
        return new BadRequestException(BadRequestException.PAYLOAD_TOO_LARGE, "the body is larger than this server's limit of " + fMaxBodyBytes + " bytes"); //$NON-NLS-1$ //$NON-NLS-2$
    }

    private static Map<String, String> queryParameters(@Nullable String rawQuery) throws BadRequestException {
        Map<String, String> parameters = new LinkedHashMap<>();
        if (rawQuery == null || rawQuery.isEmpty()) {
            return parameters;
        }
        for (String pair : rawQuery.split("&")) { //$NON-NLS-1$
            int equals = pair.indexOf('=');
            try {
                String key = URLDecoder.decode(equals < 0 ? pair : pair.substring(0, equals), StandardCharsets.UTF_8);
                parameters.put(key, equals < 0 ? "" : URLDecoder.decode(pair.substring(equals + 1), StandardCharsets.UTF_8)); //$NON-NLS-1$
            } catch (IllegalArgumentException e) {
                throw BadRequestException.badRequest("the query string has a broken %-escape: " + printable(pair)); //$NON-NLS-1$
            }
        }
        return parameters;
    }

    /** @return what to add to the request's log line: nothing, or why the client did not get the answer */
    private static String write(HttpExchange exchange, int status, byte[] bytes) {
        exchange.getResponseHeaders().set("Content-Type", CONTENT_TYPE); //$NON-NLS-1$
        try (OutputStream out = exchange.getResponseBody()) {
            exchange.sendResponseHeaders(status, bytes.length);
            out.write(bytes);
            return ""; //$NON-NLS-1$
        } catch (IOException e) {
            // The client went away mid-answer: nothing to repair, the next request is served as usual.
            return " (not delivered: " + e.getMessage() + ')'; //$NON-NLS-1$
        } finally {
            exchange.close();
        }
    }

    private static String printable(String text) {
        StringBuilder shown = new StringBuilder();
        text.codePoints().limit(300).forEach(c -> shown.append(Character.isISOControl(c) ? '?' : Character.toString(c)));
        return shown.toString();
    }
}
