// SPDX-License-Identifier: EPL-2.0
package org.sextant.callstack.model;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Writer;
import java.util.Arrays;
import java.util.List;

/**
 * The visualisation path format of the suite, which is the folded-stack format: one line per complete call
 * path, {@code outer;inner;innermost COST}, the cost being what the innermost function spent itself on that
 * path. Every input (callgrind, perf script, simple-pt) converts to it, and the suite exports and imports it.
 */
public final class FoldedStacks {

    private FoldedStacks() {
    }

    /**
     * Reads folded stacks. Blank lines are skipped; lines of the same path add up.
     *
     * @param source
     *            the text
     * @param name
     *            the source's name, for messages
     * @return the tree
     * @throws IOException
     *             when the text cannot be read
     * @throws CallStackFormatException
     *             when a line is no {@code path cost}, or the costs add up past what a long holds; the message
     *             names the source and line
     */
    public static CallTree read(BufferedReader source, String name) throws IOException, CallStackFormatException {
        return read(source::readLine, name);
    }

    /** {@link #read(BufferedReader, String)} from any source of lines. */
    static CallTree read(LineReader.Source source, String name) throws IOException, CallStackFormatException {
        CallTree tree = new CallTree();
        String line;
        int number = 0;
        while ((line = source.readLine()) != null) {
            number++;
            String text = line.strip();
            if (text.isEmpty()) {
                continue;
            }
            int space = text.lastIndexOf(' ');
            long cost;
            try {
                cost = space > 0 ? Long.parseLong(text.substring(space + 1)) : -1;
            } catch (NumberFormatException e) {
                cost = -1;
            }
            // -1 keeps empty frames (";main", "main;") to be refused, rather than dropped by split
            List<String> path = space > 0 ? Arrays.asList(text.substring(0, space).split(";", -1)) : List.of();
            if (cost < 0 || path.isEmpty() || path.stream().anyMatch(String::isEmpty)) {
                throw new CallStackFormatException(name, number, "not a folded stack (frame;frame;... COST): " + abbreviate(text));
            }
            try {
                tree.add(path, cost);
            } catch (ArithmeticException e) {
                throw new CallStackFormatException(name, number, "the costs add up past " + Long.MAX_VALUE);
            }
        }
        return tree;
    }

    /**
     * Writes a tree as folded stacks: one line per node that spent cost itself, parents first.
     *
     * @param tree
     *            the tree
     * @param out
     *            where to write
     * @throws IOException
     *             when writing fails
     */
    public static void write(CallTree tree, Writer out) throws IOException {
        for (CallTree.Node node : tree.nodes()) {
            if (node.self() > 0) {
                out.write(String.join(";", node.path()) + ' ' + node.self() + '\n');
            }
        }
    }

    private static String abbreviate(String text) {
        return text.length() <= 80 ? text : text.substring(0, 77) + "...";
    }
}
