// SPDX-License-Identifier: EPL-2.0
package org.sextant.callstack.model;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The tables {@code callgrind_annotate} printed for a fixture (tools/capture/callgrind-variety.sh), read as they
 * print: a line per {@code file:function [object]}, its first event's cost first. callgrind_annotate keys a
 * function by its source file: code inlined from another file is a line of its own, and functions of several
 * binaries built from one file share a line; so costs are taken per function name here.
 */
final class CallgrindAnnotate {

    /**
     * A function's line in the callers table ({@code --inclusive=yes --tree=caller}).
     *
     * @param inclusive
     *            the line's inclusive cost: for a function with callers, the sum of their calls' costs
     * @param calls
     *            the calls its callers made to it
     * @param recursive
     *            whether it is among its own callers
     * @param called
     *            whether it has callers
     */
    record Line(long inclusive, long calls, boolean recursive, boolean called) {
    }

    /** Cost columns (a cost with its percentage, a bare count, or "."), then maybe a marker, then file:function. */
    private static final Pattern LINE = Pattern.compile("^\\s*((?:(?:[\\d,]+ \\(\\s*[\\d.]+%\\)|[\\d,]+|\\.)\\s+)+)(?:([<*])\\s+)?(\\S.*)$");
    private static final Pattern OBJECT = Pattern.compile("\\s\\[[^\\]]*\\]$");
    private static final Pattern CALLS = Pattern.compile("\\s\\((\\d[\\d,]*)x\\)$");

    private CallgrindAnnotate() {
    }

    /** @return each function's own cost, added up over the lines of its name */
    static Map<String, Long> self(Path table) throws IOException {
        Map<String, Long> own = new HashMap<>();
        for (String[] line : lines(table)) {
            own.merge(line[2], Long.parseLong(line[0]), Long::sum);
        }
        return own;
    }

    /**
     * @return per function name, its line in the callers table: the line with callers where there is one (the
     *         others are code of it inlined from other files), else its largest
     */
    static Map<String, Line> callers(Path table) throws IOException {
        Map<String, Line> functions = new HashMap<>();
        List<String[]> callers = new ArrayList<>();
        for (String[] line : lines(table)) {
            if ("<".equals(line[1])) {
                callers.add(line);
                continue;
            }
            String name = line[2];
            long calls = callers.stream().mapToLong(caller -> Long.parseLong(caller[3])).sum();
            boolean recursive = callers.stream().anyMatch(caller -> caller[2].equals(name));
            Line found = new Line(Long.parseLong(line[0]), calls, recursive, !callers.isEmpty());
            callers.clear();
            Line known = functions.get(name);
            if (known == null || !known.called() && (found.called() || found.inclusive() > known.inclusive())) {
                functions.put(name, found);
            }
        }
        return functions;
    }

    /** @return the lines after the column headings: cost, marker (or null), function name, calls (or 0) */
    private static List<String[]> lines(Path table) throws IOException {
        List<String[]> lines = new ArrayList<>();
        boolean functions = false;
        for (String line : Files.readAllLines(table)) {
            if (line.endsWith("file:function")) {
                functions = true;
                continue;
            }
            Matcher matcher = LINE.matcher(line);
            if (!functions || !matcher.matches() || line.contains("PROGRAM TOTALS")) {
                continue;
            }
            String spec = OBJECT.matcher(matcher.group(3)).replaceFirst("");
            Matcher calls = CALLS.matcher(spec);
            String count = "0";
            if (calls.find()) {
                count = calls.group(1).replace(",", "");
                spec = spec.substring(0, calls.start());
            }
            String cost = matcher.group(1).strip().split("\\s+")[0].replace(",", "");
            lines.add(new String[] { cost, matcher.group(2), spec.substring(spec.indexOf(':') + 1), count });
        }
        return lines;
    }

    /**
     * @param name
     *            a function's name in Sextant's tree
     * @return the name callgrind_annotate prints: without the binary or file Sextant adds to tell apart functions
     *         of one name
     */
    static String printed(String name) {
        return name.replaceFirst(" \\[[^\\]]*\\]$", "");
    }
}
