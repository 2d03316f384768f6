// SPDX-License-Identifier: EPL-2.0
package org.sextant.common.core;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * Where an analysis that failed on bad input says so besides its data providers ({@link FailureReporter}): the
 * GUI listens and shows the sentence in an error dialog, rather than leaving it in a log. The command line does
 * not listen; it prints the failure itself.
 */
public final class AnalysisFailures {

    /**
     * One failure.
     *
     * @param analysis
     *            the analysis's name
     * @param trace
     *            the trace's name
     * @param message
     *            why, naming the file and the offset in it where known
     */
    public record Failure(String analysis, String trace, String message) {
    }

    private static final List<Consumer<Failure>> LISTENERS = new CopyOnWriteArrayList<>();

    private AnalysisFailures() {
    }

    /**
     * @param listener
     *            told of every failure from now on, on the analysis's thread
     */
    public static void addListener(Consumer<Failure> listener) {
        LISTENERS.add(listener);
    }

    /**
     * @param listener
     *            a listener added before
     */
    public static void removeListener(Consumer<Failure> listener) {
        LISTENERS.remove(listener);
    }

    /**
     * @param failure
     *            what failed and why
     */
    public static void report(Failure failure) {
        LISTENERS.forEach(listener -> listener.accept(failure));
    }
}
