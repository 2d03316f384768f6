// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.spans.core;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.tmf.core.event.ITmfEvent;
import org.eclipse.tracecompass.tmf.core.event.ITmfEventField;

/**
 * An {@code http:*} event decoded for the model: its time, process and thread, and its fields by name. A
 * missing number reads as -1, a missing text as empty, so that a malformed event is skipped by its handler
 * (no descriptor) rather than failing the analysis.
 *
 * @param time
 *            nanoseconds
 * @param process
 *            the process's key: its {@code vpid} context, or the trace's name when the trace has none
 * @param tid
 *            the thread ({@code vtid} context), -1 when unknown
 * @param processName
 *            the {@code procname} context, empty when unknown
 * @param content
 *            the event's fields
 */
record HttpEvent(long time, String process, int tid, String processName, ITmfEventField content) {

    static HttpEvent of(ITmfEvent event) {
        ITmfEventField content = event.getContent();
        long pid = longField(content, "context._vpid"); //$NON-NLS-1$
        return new HttpEvent(event.getTimestamp().toNanos(), pid >= 0 ? Long.toString(pid) : event.getTrace().getName(),
                (int) longField(content, "context._vtid"), textField(content, "context._procname"), content); //$NON-NLS-1$ //$NON-NLS-2$
    }

    int fd() {
        return (int) number("fd"); //$NON-NLS-1$
    }

    boolean outgoing() {
        return number("outgoing") == 1; //$NON-NLS-1$
    }

    long seq() {
        return number("seq"); //$NON-NLS-1$
    }

    long number(String name) {
        return longField(content, name);
    }

    String text(String name) {
        return textField(content, name);
    }

    /** @return "address:port" of the two fields, empty when the address is unknown */
    String endpoint(String address, String port) {
        String host = text(address);
        return host.isEmpty() ? "" : host + ':' + number(port); //$NON-NLS-1$
    }

    private static long longField(ITmfEventField content, String name) {
        @Nullable Long value = content.getFieldValue(Long.class, name);
        return value == null ? -1 : value;
    }

    private static String textField(ITmfEventField content, String name) {
        @Nullable String value = content.getFieldValue(String.class, name);
        return value == null ? "" : value; //$NON-NLS-1$
    }
}
