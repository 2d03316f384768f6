// SPDX-License-Identifier: EPL-2.0
package org.sextant.redis.model;

import java.util.List;

/**
 * A finding of {@link UseAfterFreeTracker}: a client connection of a node used after it was freed, or freed twice,
 * with the steps that show it in time order, each on the thread that made it.
 *
 * @param node
 *            the node's key
 * @param fd
 *            the connection's descriptor
 * @param kind
 *            what went wrong
 * @param steps
 *            what the threads did, in time order, the last one the use after free or the second free
 */
public record UseAfterFree(String node, int fd, Kind kind, List<Step> steps) {

    /** What went wrong. */
    public enum Kind {
        /** Freed twice: a second free of its OpenSSL object, a second close, or an abort at the second free. */
        DOUBLE_FREE("double free"), //$NON-NLS-1$
        /** Read or written by a thread once freed. */
        USE_AFTER_FREE("use after free"); //$NON-NLS-1$

        private final String fLabel;

        Kind(String label) {
            fLabel = label;
        }

        /** @return its name in the state, "double free" */
        public String label() {
            return fLabel;
        }
    }

    /** What a thread did to the connection. */
    public enum Action {
        /** A read left bytes in OpenSSL's buffer ({@link Step#bytes}): they reach Redis by its pending-data list. */
        PENDING("pending"), //$NON-NLS-1$
        /** A read started while another thread's read of the connection was under way. */
        READ_AT_ONCE("read at once"), //$NON-NLS-1$
        /** The connection freed: its OpenSSL object, or its descriptor closed. */
        FREE("free"), //$NON-NLS-1$
        /** A read of the freed connection. */
        READ_FREED("read freed"), //$NON-NLS-1$
        /** A write to the freed connection. */
        WRITE_FREED("write freed"), //$NON-NLS-1$
        /** Its OpenSSL object freed again. */
        FREE_AGAIN("free again"), //$NON-NLS-1$
        /** Its descriptor closed again ({@code EBADF}). */
        CLOSE_AGAIN("close again"), //$NON-NLS-1$
        /** The node aborted (a failed assertion), the free before it being of this connection. */
        ABORT("abort"); //$NON-NLS-1$

        private final String fLabel;

        Action(String label) {
            fLabel = label;
        }

        /** @return its name in the state, "read at once" */
        public String label() {
            return fLabel;
        }

        /**
         * @param label
         *            a {@link #label()}
         * @return the action, null for none
         */
        public static Action of(String label) {
            for (Action action : values()) {
                if (action.fLabel.equals(label)) {
                    return action;
                }
            }
            return null;
        }
    }

    /**
     * One thing a thread did.
     *
     * @param time
     *            nanoseconds
     * @param tid
     *            the thread
     * @param action
     *            what it did
     * @param bytes
     *            the bytes left pending for {@link Action#PENDING}, -1 otherwise
     */
    public record Step(long time, int tid, Action action, long bytes) {
    }
}
