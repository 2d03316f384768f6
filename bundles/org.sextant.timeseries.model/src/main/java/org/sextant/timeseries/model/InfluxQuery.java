// SPDX-License-Identifier: EPL-2.0
package org.sextant.timeseries.model;

import java.io.IOException;
import java.net.ConnectException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs InfluxQL statements on the target's database through {@code /query} (InfluxDB 1.x, and the compatibility
 * endpoint of 2.x and 3.x) and reads InfluxDB's CSV answer, which needs no JSON library: one {@link Row} per line,
 * its tags (the {@code GROUP BY} ones) unescaped from the line protocol form InfluxDB prints them in.
 */
public final class InfluxQuery {

    /**
     * One row of an answer.
     *
     * @param tags
     *            the series' tags, by key
     * @param time
     *            the row's time in nanoseconds (a group's start with {@code GROUP BY time})
     * @param value
     *            the first value column, as InfluxDB printed it
     */
    public record Row(Map<String, String> tags, long time, String value) {
        /** @return the value as a whole number */
        public long count() {
            return Long.parseLong(value);
        }
    }

    private final InfluxTarget fTarget;
    private final HttpClient fClient = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    /**
     * @param target
     *            the server and database
     */
    public InfluxQuery(InfluxTarget target) {
        fTarget = target;
    }

    /**
     * Runs one statement.
     *
     * @param statement
     *            an InfluxQL statement
     * @return its rows
     * @throws InfluxException
     *             when InfluxDB cannot be reached or answers with an error
     */
    public List<Row> rows(String statement) {
        HttpRequest request = fTarget.request(fTarget.queryUri(statement)).header("Accept", "application/csv")
                .POST(HttpRequest.BodyPublishers.noBody()).build();
        HttpResponse<String> response;
        try {
            response = fClient.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (ConnectException e) {
            throw new InfluxException("InfluxDB at " + fTarget.url() + " refused the connection (is InfluxDB running "
                    + "there?) for the query " + statement, 0);
        } catch (IOException e) {
            throw new InfluxException("InfluxDB at " + fTarget.url() + " did not answer the query " + statement + ": "
                    + e, 0);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InfluxException("the query " + statement + " was interrupted", 0);
        }
        String body = response.body();
        if (response.statusCode() != 200 || body.startsWith("{\"error\"") || body.startsWith("name,tags,time,error")) {
            throw new InfluxException("InfluxDB at " + fTarget.url() + " refused the query " + statement + ": HTTP "
                    + response.statusCode() + " " + body.strip(), 0);
        }
        List<Row> rows = new ArrayList<>();
        for (String line : body.split("\n")) {
            if (line.isEmpty() || line.startsWith("name,tags,time")) {
                continue;
            }
            List<String> cells = csv(line);
            rows.add(new Row(tags(cells.get(1)), Long.parseLong(cells.get(2)), cells.size() > 3 ? cells.get(3) : ""));
        }
        return rows;
    }

    /** Splits a CSV line: cells in double quotes may hold commas and doubled quotes. */
    private static List<String> csv(String line) {
        List<String> cells = new ArrayList<>();
        StringBuilder cell = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                    cell.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    cell.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                cells.add(cell.toString());
                cell.setLength(0);
            } else {
                cell.append(c);
            }
        }
        cells.add(cell.toString());
        return cells;
    }

    /** Reads {@code key=value,...} with the line protocol's escapes of comma, space and equals sign. */
    private static Map<String, String> tags(String text) {
        Map<String, String> tags = new LinkedHashMap<>();
        StringBuilder key = new StringBuilder();
        StringBuilder value = new StringBuilder();
        StringBuilder current = key;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\\' && i + 1 < text.length() && ", =".indexOf(text.charAt(i + 1)) >= 0) {
                current.append(text.charAt(++i));
            } else if (c == '=' && current == key) {
                current = value;
            } else if (c == ',') {
                tags.put(key.toString(), value.toString());
                key.setLength(0);
                value.setLength(0);
                current = key;
            } else {
                current.append(c);
            }
        }
        if (key.length() > 0) {
            tags.put(key.toString(), value.toString());
        }
        return tags;
    }
}
