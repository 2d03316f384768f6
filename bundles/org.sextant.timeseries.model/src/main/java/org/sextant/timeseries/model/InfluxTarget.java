// SPDX-License-Identifier: EPL-2.0
package org.sextant.timeseries.model;

import java.net.URI;
import java.net.http.HttpRequest;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * Where points go and how hard to try: an InfluxDB server, its database (1.x) or bucket (2.x, 3.x), and the
 * writer's batch size, request timeout and retries. Without a token, points go to InfluxDB 1.x's
 * {@code /write?db=NAME&precision=ns}; with one, to {@code /api/v2/write?bucket=NAME&precision=ns} with
 * {@code Authorization: Token ...}, which InfluxDB 2.x and 3.x (and 1.8's compatibility endpoint) take.
 *
 * @param url
 *            the server, for example {@code http://127.0.0.1:8086}
 * @param database
 *            the database or bucket
 * @param token
 *            the API token, or null for InfluxDB 1.x without authentication
 * @param org
 *            the organization InfluxDB 2.x wants with a token (3.x ignores it), or null for the token's own
 * @param batchSize
 *            points per request
 * @param inFlight
 *            requests sent at once
 * @param timeout
 *            how long one request may take before it is retried
 * @param attempts
 *            how many times a request is tried, in all, before the export fails
 * @param backoff
 *            the wait before the first retry, doubled before each next one
 */
public record InfluxTarget(URI url, String database, String token, String org, int batchSize, int inFlight,
        Duration timeout, int attempts, Duration backoff) {

    /** Points per request unless told otherwise: a few hundred kilobytes, well under InfluxDB's 25 MB limit. */
    public static final int DEFAULT_BATCH = 10_000;
    /** Requests at once unless told otherwise: InfluxDB parses each on a core of its own. */
    public static final int DEFAULT_IN_FLIGHT = 2;

    /** Checks the values. */
    public InfluxTarget {
        if (url.getScheme() == null || !url.getScheme().matches("https?") || url.getHost() == null) {
            throw new IllegalArgumentException("the InfluxDB URL must be http://HOST:PORT or https://..., not " + url);
        }
        if (database.isEmpty()) {
            throw new IllegalArgumentException("a database (or bucket) name is needed");
        }
        if (batchSize < 1 || inFlight < 1 || attempts < 1) {
            throw new IllegalArgumentException("the batch size, requests in flight and attempts must be positive");
        }
    }

    /**
     * A target with the default batch size, {@value #DEFAULT_IN_FLIGHT} requests in flight, a 30 s timeout and 5
     * attempts, 0.5 s apart at first.
     *
     * @param url
     *            the server
     * @param database
     *            the database or bucket
     * @param token
     *            the API token, or null
     * @return the target
     */
    public static InfluxTarget of(String url, String database, String token) {
        return new InfluxTarget(URI.create(url.endsWith("/") ? url.substring(0, url.length() - 1) : url), database,
                token, null, DEFAULT_BATCH, DEFAULT_IN_FLIGHT, Duration.ofSeconds(30), 5, Duration.ofMillis(500));
    }

    /** @return the same target with another batch size */
    public InfluxTarget withBatchSize(int size) {
        return new InfluxTarget(url, database, token, org, size, inFlight, timeout, attempts, backoff);
    }

    /** @return the same target with other timeouts and retries */
    public InfluxTarget withRetries(Duration requestTimeout, int tries, Duration firstWait) {
        return new InfluxTarget(url, database, token, org, batchSize, inFlight, requestTimeout, tries, firstWait);
    }

    /** @return the same target in another organization */
    public InfluxTarget withOrg(String organization) {
        return new InfluxTarget(url, database, token, organization, batchSize, inFlight, timeout, attempts, backoff);
    }

    /** @return the same target with another number of requests in flight */
    public InfluxTarget withInFlight(int requests) {
        return new InfluxTarget(url, database, token, org, batchSize, requests, timeout, attempts, backoff);
    }

    /** @return the write endpoint */
    URI writeUri() {
        if (token == null) {
            return URI.create(url + "/write?db=" + encode(database) + "&precision=ns");
        }
        return URI.create(url + "/api/v2/write?bucket=" + encode(database) + (org == null ? "" : "&org=" + encode(org))
                + "&precision=ns");
    }

    /** @return the InfluxQL endpoint for one query */
    URI queryUri(String query) {
        return URI.create(url + "/query?db=" + encode(database) + "&q=" + encode(query));
    }

    /** @return a request to the server with the token, if any, and the timeout */
    HttpRequest.Builder request(URI uri) {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(timeout);
        if (token != null) {
            request.header("Authorization", "Token " + token);
        }
        return request;
    }

    private static String encode(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8);
    }
}
