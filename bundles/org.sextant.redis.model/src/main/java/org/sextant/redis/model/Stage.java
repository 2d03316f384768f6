// SPDX-License-Identifier: EPL-2.0
package org.sextant.redis.model;

/**
 * Where a client connection is in Redis's loop, as the Redis Threads view shows it per connection: its queries wait
 * to be read, are read (by the main thread or an io thread), execute on the main thread, wait for the write phase,
 * are written. {@link RedisTracker}'s class comment says which boundaries are measured and which inferred.
 */
public enum Stage {
    /** The event loop's wait returned the connection readable; no thread reads it yet. */
    PENDING_READ("pending read"),
    /** A thread reads it. */
    READING_QUERY("reading"),
    /** Its commands were read whole and execute (or, with io threads, wait for the main thread to execute them). */
    EXECUTING_COMMANDS("executing"),
    /** Executed; its replies wait for a thread to write them. */
    PENDING_WRITE("pending write"),
    /** A thread writes its replies. */
    WRITING_REPLY("writing");

    private final String fLabel;

    Stage(String label) {
        fLabel = label;
    }

    /** @return the value in the state system */
    public String label() {
        return fLabel;
    }
}
