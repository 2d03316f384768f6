// SPDX-License-Identifier: EPL-2.0
package org.sextant.otf2.model;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;
import java.util.PriorityQueue;

/**
 * Pairs point-to-point sends with their receives, by sender and receiver location, communicator and tag, first
 * sent first received: MPI does not let messages with the same envelope overtake each other, so this pairing is
 * the one the program had. A message in flight holds a slot (the smallest free one) from its send to its
 * receive, so that a state history can hold the messages as intervals on a few attributes. A receive whose send
 * is not yet seen (another location's clock running ahead) is counted, not paired: an arrow cannot go back in
 * time.
 */
public final class MessageMatcher {

    /** Receives the messages' sends and receives in time order. */
    public interface Sink {
        /**
         * A message is sent.
         *
         * @param slot
         *            the slot it holds until received
         * @param time
         *            the send's time
         * @param sender
         *            the sender's location
         * @param receiver
         *            the receiver's location
         */
        void sent(int slot, long time, long sender, long receiver);

        /**
         * The message in a slot is received.
         *
         * @param slot
         *            its slot, free again
         * @param time
         *            the receive's time
         */
        void received(int slot, long time);
    }

    private record Envelope(long sender, long receiver, long comm, long tag) {
    }

    private final Sink fSink;
    private final Map<Envelope, ArrayDeque<Integer>> fInFlight = new HashMap<>();
    private final PriorityQueue<Integer> fFree = new PriorityQueue<>();
    private int fSlots;
    private long fPaired;
    private long fUnpairedReceives;

    /**
     * @param sink
     *            receives the messages
     */
    public MessageMatcher(Sink sink) {
        fSink = sink;
    }

    /**
     * A send (blocking, or the start of a non-blocking one).
     *
     * @param time
     *            its time
     * @param sender
     *            the sending location
     * @param receiver
     *            the receiving location
     * @param comm
     *            the communicator id
     * @param tag
     *            the message tag
     */
    public void send(long time, long sender, long receiver, long comm, long tag) {
        Integer free = fFree.poll();
        int slot = free != null ? free : fSlots++;
        fInFlight.computeIfAbsent(new Envelope(sender, receiver, comm, tag), e -> new ArrayDeque<>()).add(slot);
        fSink.sent(slot, time, sender, receiver);
    }

    /**
     * A receive completes (blocking, or the completion of a non-blocking one).
     *
     * @param time
     *            its time
     * @param receiver
     *            the receiving location
     * @param sender
     *            the sending location
     * @param comm
     *            the communicator id
     * @param tag
     *            the message tag
     */
    public void receive(long time, long receiver, long sender, long comm, long tag) {
        ArrayDeque<Integer> slots = fInFlight.get(new Envelope(sender, receiver, comm, tag));
        Integer slot = slots != null ? slots.poll() : null;
        if (slot == null) {
            fUnpairedReceives++;
            return;
        }
        fPaired++;
        fFree.add(slot);
        fSink.received(slot, time);
    }

    /** @return how many messages were paired */
    public long paired() {
        return fPaired;
    }

    /** @return how many receives came before any matching send */
    public long unpairedReceives() {
        return fUnpairedReceives;
    }

    /** @return how many sends are still waiting for their receive */
    public long inFlight() {
        return fInFlight.values().stream().mapToLong(ArrayDeque::size).sum();
    }

    /** @return how many slots were ever needed: the most messages in flight at once */
    public int slots() {
        return fSlots;
    }
}
