// SPDX-License-Identifier: EPL-2.0
package org.sextant.timeseries.model;

import java.io.IOException;
import java.net.ConnectException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Sends points to InfluxDB in batches over the JDK's HTTP client and counts exactly what landed. Batches go out while
 * the next is filled, a few at once ({@link InfluxTarget#inFlight()}), so that InfluxDB parses on more than one core. A request that times out, cannot connect or is answered 5xx is retried after a
 * wait that doubles each time; that is safe because InfluxDB keys a point by its series and timestamp, so a batch
 * that landed unseen and is sent again overwrites itself. A 4xx answer is final: the export stops with the point
 * InfluxDB named (a line it could not parse, or the first point of a field whose type conflicts), and the
 * exception says how many points landed before, counting those of a partial write that InfluxDB kept.
 */
public final class InfluxWriter implements LineSink, AutoCloseable {

    /** Told after every batch that landed. */
    @FunctionalInterface
    public interface Progress {
        /**
         * @param landed
         *            points landed so far
         * @param elapsedNs
         *            since the writer was made
         */
        void landed(long landed, long elapsedNs);
    }

    private static final Pattern UNPARSABLE = Pattern.compile("unable to parse '(.*?)': ");
    private static final Pattern CONFLICT = Pattern.compile(
            "input field \"([^\"]*)\" on measurement \"([^\"]*)\" is type (\\w+)");
    private static final Pattern DROPPED = Pattern.compile("dropped=(\\d+)");
    /** Where the error text starts in InfluxDB's JSON answer: 1.x's "error", 2.x's and 3.x's "message". */
    private static final Pattern ERROR_KEY = Pattern.compile("\"(?:error|message)\"\\s*:\\s*\"");

    private final InfluxTarget fTarget;
    private final Progress fProgress;
    private final HttpClient fClient;
    private final long fStart = System.nanoTime();
    private StringBuilder fBatch = new StringBuilder(1 << 20);
    private int fInBatch;
    private long fQueued;
    private final AtomicLong fLanded = new AtomicLong();
    private final AtomicLong fRetries = new AtomicLong();
    private long fRequests;
    private long fBytes;
    private final Deque<CompletableFuture<Void>> fInFlight = new ArrayDeque<>();

    /**
     * A batch that did not land: what happened, to be told with the number of points landed once every other
     * batch in flight has finished (so that the number is exact).
     */
    private static final class BatchFailure extends RuntimeException {
        private static final long serialVersionUID = 1L;
        private final String fBefore;
        private final String fAfter;

        BatchFailure(String before, String after) {
            super(before);
            fBefore = before;
            fAfter = after;
        }
    }

    /**
     * @param target
     *            the server and how to write to it
     * @param progress
     *            told after each batch that landed (on a sending thread, one batch at a time)
     */
    public InfluxWriter(InfluxTarget target, Progress progress) {
        fTarget = target;
        fProgress = progress;
        fClient = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(target.timeout())
                .build();
    }

    @Override
    public void line(CharSequence line) {
        fBatch.append(line).append('\n');
        fInBatch++;
        if (fInBatch == fTarget.batchSize()) {
            send();
        }
    }

    /**
     * Sends what is left and waits for every batch.
     *
     * @return how many points landed: all those given
     * @throws InfluxException
     *             when a batch did not land
     */
    public long finish() {
        if (fInBatch > 0) {
            send();
        }
        await(0);
        return fLanded.get();
    }

    /** @return points InfluxDB confirmed so far */
    public long landed() {
        return fLanded.get();
    }

    /** @return points given so far */
    public long points() {
        return fQueued + fInBatch;
    }

    /** @return requests that were tried again */
    public long retries() {
        return fRetries.get();
    }

    /** @return batches sent */
    public long requests() {
        return fRequests;
    }

    /** @return bytes of line protocol sent, retries not counted */
    public long bytes() {
        return fBytes;
    }

    private void send() {
        await(fTarget.inFlight() - 1);
        String body = fBatch.toString();
        long first = fQueued;
        int count = fInBatch;
        fQueued += count;
        fRequests++;
        fBytes += body.length();
        fBatch = new StringBuilder(body.length() + 1024);
        fInBatch = 0;
        fInFlight.add(CompletableFuture.runAsync(() -> post(body, first, count)));
    }

    /** Waits until at most {@code most} batches are in flight; a failed one fails the export, once all are done. */
    private void await(int most) {
        while (fInFlight.size() > most) {
            try {
                fInFlight.poll().join();
            } catch (CompletionException e) {
                close();
                if (e.getCause() instanceof BatchFailure failure) {
                    long landed = fLanded.get();
                    throw new InfluxException(
                            failure.fBefore + String.format("%,d points landed", landed) + failure.fAfter, landed);
                }
                throw e;
            }
        }
    }

    private void post(String body, long first, int count) {
        HttpRequest request = fTarget.request(fTarget.writeUri()).header("Content-Type", "text/plain; charset=utf-8")
                .POST(HttpRequest.BodyPublishers.ofByteArray(body.getBytes(StandardCharsets.UTF_8))).build();
        String problem = "";
        long wait = fTarget.backoff().toMillis();
        long began = System.nanoTime();
        for (int attempt = 1; attempt <= fTarget.attempts(); attempt++) {
            if (attempt > 1) {
                fRetries.incrementAndGet();
                sleep(wait);
                wait *= 2;
            }
            try {
                HttpResponse<String> response = fClient.send(request, HttpResponse.BodyHandlers.ofString());
                int status = response.statusCode();
                if (status / 100 == 2) {
                    // one batch at a time, so that progress is told in order
                    synchronized (fProgress) {
                        fProgress.landed(fLanded.addAndGet(count), System.nanoTime() - fStart);
                    }
                    return;
                }
                if (status / 100 == 4) {
                    throw refused(body, first, count, status, response.body());
                }
                problem = "answered HTTP " + status + ": " + response.body().strip();
            } catch (HttpTimeoutException e) {
                problem = "did not answer within " + fTarget.timeout().toMillis() + " ms";
            } catch (ConnectException e) {
                problem = "refused the connection (is InfluxDB running there?)";
            } catch (IOException e) {
                problem = "failed: " + e;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new BatchFailure("the export was interrupted; ", "");
            }
        }
        throw new BatchFailure(String.format("InfluxDB at %s %s; tried %d times over %.1f s. ", fTarget.url(), problem,
                fTarget.attempts(), (System.nanoTime() - began) / 1e9), String.format(
                        "; the batch of points %,d to %,d may or may not have", first + 1, first + count));
    }

    /** The refusal of a batch, naming the point InfluxDB named and counting what it kept of a partial write. */
    private BatchFailure refused(String body, long first, int count, int status, String answer) {
        String error = errorText(answer.strip());
        int index = -1;
        int unparsable = 0;
        Matcher line = UNPARSABLE.matcher(error);
        while (line.find()) {
            if (unparsable++ == 0) {
                index = lineIndex(body, line.group(1));
            }
        }
        Matcher conflict = CONFLICT.matcher(error);
        if (index < 0 && conflict.find()) {
            index = firstWithField(body, conflict.group(2), conflict.group(1), conflict.group(3));
        }
        long kept = 0;
        Matcher dropped = DROPPED.matcher(error);
        if (error.contains("partial write")) {
            kept = count - unparsable - (dropped.find() ? Long.parseLong(dropped.group(1)) : 0);
        }
        fLanded.addAndGet(kept);
        String point = index < 0 ? String.format("a point of %,d to %,d", first + 1, first + count)
                : String.format("point %,d (%s)", first + index + 1, body.split("\n", -1)[index]);
        return new BatchFailure(String.format("InfluxDB at %s refused %s: HTTP %d %s. ", fTarget.url(), point, status,
                error), String.format(", %,d of them from that batch", kept));
    }

    /**
     * @return the error text of InfluxDB's JSON answer, its JSON escapes undone: 1.x's {@code {"error":"..."}}, or
     *         2.x's and 3.x's {@code {"code":"invalid","message":"..."}}; any other answer as it came
     */
    private static String errorText(String answer) {
        if (!answer.startsWith("{")) {
            return answer;
        }
        Matcher key = ERROR_KEY.matcher(answer);
        if (!key.find()) {
            return answer;
        }
        StringBuilder text = new StringBuilder();
        for (int i = key.end(); i < answer.length(); i++) {
            char c = answer.charAt(i);
            if (c == '"') {
                return text.toString();
            }
            if (c == '\\' && i + 1 < answer.length()) {
                char next = answer.charAt(++i);
                if (next == 'u') {
                    if (i + 4 >= answer.length() || !answer.substring(i + 1, i + 5).chars().allMatch(d -> Character.digit(d, 16) >= 0)) {
                        return answer; // a broken escape: the answer as it came, rather than a guess at it
                    }
                    text.append((char) Integer.parseInt(answer.substring(i + 1, i + 5), 16));
                    i += 4;
                } else {
                    text.append(switch (next) {
                    case 'n' -> '\n';
                    case 't' -> '\t';
                    default -> next;
                    });
                }
            } else {
                text.append(c);
            }
        }
        return answer;
    }

    private static int lineIndex(String body, String wanted) {
        String[] lines = body.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            if (lines[i].equals(wanted)) {
                return i;
            }
        }
        return -1;
    }

    /** @return the first line of the measurement whose field has the type InfluxDB named, or -1 */
    private static int firstWithField(String body, String measurement, String field, String type) {
        String[] lines = body.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String text = lines[i];
            int fields = fieldsStart(text);
            if (fields < 0 || !text.startsWith(measurement)) {
                continue;
            }
            for (String pair : text.substring(fields, text.lastIndexOf(' ')).split(",")) {
                if (pair.startsWith(field + "=") && type.equals(type(pair.substring(field.length() + 1)))) {
                    return i;
                }
            }
        }
        return -1;
    }

    /** @return InfluxDB's name of the type of a field value as the line protocol writes it */
    private static String type(String value) {
        if (value.startsWith("\"")) {
            return "string";
        }
        if (value.matches("t|T|true|True|TRUE|f|F|false|False|FALSE")) {
            return "boolean";
        }
        return value.endsWith("i") ? "integer" : value.endsWith("u") ? "unsigned" : "float";
    }

    /** @return where the fields of a line begin: after the first space that no backslash escapes */
    private static int fieldsStart(String line) {
        for (int i = 0; i < line.length(); i++) {
            if (line.charAt(i) == '\\') {
                i++;
            } else if (line.charAt(i) == ' ') {
                return i + 1;
            }
        }
        return -1;
    }

    /** Waits, an interrupt ending the wait early and kept for the caller to see. */
    static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Waits for the batches in flight; points not yet sent are dropped, as {@link #finish} was not called. */
    @Override
    public void close() {
        for (CompletableFuture<Void> batch : fInFlight) {
            try {
                batch.join();
            } catch (CompletionException e) {
                // reported by finish() or line(), or the export is being abandoned
            }
        }
        fInFlight.clear();
    }
}
