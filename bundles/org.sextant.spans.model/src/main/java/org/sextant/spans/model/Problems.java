// SPDX-License-Identifier: EPL-2.0
package org.sextant.spans.model;

import java.util.Map;
import java.util.TreeMap;

/**
 * What the model could not use, counted so that the analyses can warn: messages the tracer gave up on (its
 * {@code http:skipped} events, by reason), responses whose request was not traced, spans whose response never
 * came (a trace cut short, a connection closed mid-exchange, events lost), client spans whose server was not
 * found, Redis commands sent by no known span, and joins that contradict the one clock.
 */
public final class Problems {

    final Map<String, Long> fSkipped = new TreeMap<>();
    final Map<String, Long> fSkippedBytes = new TreeMap<>();
    long fResponsesWithoutRequest;
    long fIncomplete;
    long fLostEvents;
    long fUnjoinedClients;
    long fUnattributedRedis;
    long fClockMismatches;

    Problems() {
    }

    /** @return the tracer's {@code http:skipped} events by reason ({@code http2}, {@code tls}, ...), in name order */
    public Map<String, Long> skipped() {
        return Map.copyOf(fSkipped);
    }

    /** @return the bytes the tracer left alone, by reason */
    public Map<String, Long> skippedBytes() {
        return Map.copyOf(fSkippedBytes);
    }

    /** @return response heads whose request was not traced */
    public long responsesWithoutRequest() {
        return fResponsesWithoutRequest;
    }

    /** @return spans whose response did not complete */
    public long incomplete() {
        return fIncomplete;
    }

    /** @return how many times the tracer reported discarded events */
    public long lostEvents() {
        return fLostEvents;
    }

    /** @return client spans to a traced address whose server span was not found */
    public long unjoinedClients() {
        return fUnjoinedClients;
    }

    /** @return Redis commands of traced connections that no span sent */
    public long unattributedRedis() {
        return fUnattributedRedis;
    }

    /** @return joined spans whose server span starts after its client span ended: processes that did not share a clock */
    public long clockMismatches() {
        return fClockMismatches;
    }

    /** @return whether anything was skipped, lost or left incomplete */
    public boolean any() {
        return !fSkipped.isEmpty() || fResponsesWithoutRequest + fIncomplete + fLostEvents + fUnjoinedClients + fUnattributedRedis + fClockMismatches > 0;
    }
}
