// SPDX-License-Identifier: EPL-2.0
package org.sextant.annotations.model;

/**
 * One annotation a program wrote, whatever its syntax ({@link AnnotationSyntax}).
 *
 * @param kind
 *            what it does
 * @param name
 *            the annotation, task, barrier or counter it names; null only for an atrace end ({@code E|pid}),
 *            which closes whatever is innermost
 * @param value
 *            a counter's value, an async span's cookie, a paper task's processing element; 0 otherwise
 */
public record Annotation(Kind kind, String name, long value) {

    /** What an annotation does. */
    public enum Kind {
        /** Opens a span on the writing thread's stack. */
        BEGIN,
        /** Closes the innermost span (of the given name, when it has one). */
        END,
        /** Opens a paper task, closing the thread's previous paper task. */
        TASK,
        /** Marks a point in time. */
        INSTANT,
        /** Sets a counter. */
        COUNTER,
        /** Arrival at a barrier. */
        BARRIER_ENTER,
        /** Departure from a barrier. */
        BARRIER_LEAVE,
        /** The paper's {@code barrier}: ends the thread's paper task, arrives at a barrier left at its next annotation. */
        BARRIER,
        /** Opens a span that any thread of the process may close, identified by name and cookie. */
        ASYNC_BEGIN,
        /** Closes a span opened by {@link #ASYNC_BEGIN}. */
        ASYNC_END
    }
}
