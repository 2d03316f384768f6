// SPDX-License-Identifier: EPL-2.0
package org.sextant.cluster;

import java.io.Serializable;

/**
 * One row of the summary table: what one entity of a trace (the trace itself, a CPU, an event type, a thread, a
 * process) did in one time bucket, by one metric. A bucket is aligned on the trace's clock (its start a multiple of
 * the width), so that traces on one clock (LTTng's, and perf's as {@code sextant record} writes it) bucket alike.
 *
 * @param trace
 *            the trace, as the job names it (its path under the directory it was found in)
 * @param host
 *            the host the trace was recorded on (its metadata's {@code hostname}, or perf's {@code host})
 * @param analysis
 *            the analysis that measured it: count, cpu, io
 * @param kind
 *            what the entity is: trace, cpu, event, thread, process
 * @param entity
 *            its id within the trace (CPU number, event name, tid, pid), empty for the trace
 * @param name
 *            a thread's command name, else empty
 * @param metric
 *            events, cpu_ns, read_bytes, written_bytes
 * @param bucket
 *            the bucket's start, in nanoseconds on the trace's clock
 * @param width
 *            the bucket's width in nanoseconds
 * @param value
 *            the amount in the bucket
 */
public record SummaryRow(String trace, String host, String analysis, String kind, String entity, String name, String metric, long bucket,
        long width, long value) implements Serializable {
}
