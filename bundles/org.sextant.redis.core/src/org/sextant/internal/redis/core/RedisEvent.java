// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.redis.core;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.tmf.core.event.ITmfEvent;
import org.eclipse.tracecompass.tmf.core.event.ITmfEventField;

/**
 * A Redis event decoded for the model: its time, node and thread, and its fields by name. A field that is
 * missing, as it may be in a statically instrumented Redis, reads as unknown: -1, or the empty string.
 *
 * @param time
 *            nanoseconds
 * @param node
 *            the node's key: its process id ({@code vpid} context), or the trace's name when the trace has no
 *            such context (a per-process trace)
 * @param tid
 *            the thread ({@code vtid} context), -1 when unknown
 * @param content
 *            the event's fields
 */
record RedisEvent(long time, String node, int tid, ITmfEventField content) implements RedisEventFields {

    private static final String VPID = "context._vpid"; //$NON-NLS-1$
    private static final String VTID = "context._vtid"; //$NON-NLS-1$

    static RedisEvent of(ITmfEvent event) {
        ITmfEventField content = event.getContent();
        long pid = number(content, VPID);
        return new RedisEvent(event.getTimestamp().toNanos(), pid >= 0 ? Long.toString(pid) : event.getTrace().getName(),
                (int) number(content, VTID), content);
    }

    @Override
    public long number(String name) {
        return number(content, name);
    }

    @Override
    public long[] numbers(String name) {
        long @Nullable [] value = content.getFieldValue(long[].class, name);
        return value == null ? new long[0] : value;
    }

    @Override
    public String text(String name) {
        @Nullable String value = content.getFieldValue(String.class, name);
        return value == null ? "" : value; //$NON-NLS-1$
    }

    private static long number(ITmfEventField content, String name) {
        @Nullable Long value = content.getFieldValue(Long.class, name);
        return value == null ? -1 : value;
    }
}
