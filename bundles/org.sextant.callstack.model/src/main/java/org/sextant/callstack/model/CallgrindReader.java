// SPDX-License-Identifier: EPL-2.0
package org.sextant.callstack.model;

import java.io.BufferedReader;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.IntFunction;

/**
 * Reads a callgrind output file (valgrind's {@code --tool=callgrind}: exact instruction counts per function and
 * per call edge) into a {@link CallTree} of its first event (Ir, instructions, by default), with the count of
 * each call edge ({@code calls=}) and the totals the file declares.
 *
 * <p>
 * Every cost line counts: a line's first event after its positions (however many {@code positions:} names, in any
 * of callgrind's compressed forms) is its function's own cost, but the line after {@code calls=}, which is the
 * call's inclusive cost; lines after {@code jump=} and {@code jcnd=} give positions only. The call graph becomes a
 * tree as {@link CallGraph} says: every function's own cost and every call edge outside recursion add up to the
 * file's. Functions are callgrind's: two of one name (libc and the dynamic loader each have a {@code strlen}, libc
 * and the program each a {@code (below main)}) are told apart by their binary, or their file, in brackets.
 * </p>
 *
 * <p>
 * The cost lines add up to the file's {@code summary:} and {@code totals:}, or to one of them: callgrind writes the
 * two different for some threaded programs (a summary two instructions above its totals and its cost lines), and
 * {@link Result#declared()} keeps both for the reader to report. Lines that add up to neither are a file cut
 * short or damaged, and an error.
 * </p>
 */
public final class CallgrindReader {

    /**
     * A total the file declares.
     *
     * @param keyword
     *            {@code summary} or {@code totals}
     * @param value
     *            its first event's total
     * @param line
     *            where it is
     */
    public record Declared(String keyword, long value, int line) {
    }

    /**
     * What a callgrind output gives.
     *
     * @param tree
     *            the call tree of its first event
     * @param calls
     *            calls per caller and callee, by function name as the tree names them
     * @param declared
     *            the totals it declares, {@code summary:} before {@code totals:}
     * @param read
     *            what its cost lines add up to: the tree's total
     */
    public record Result(CallTree tree, Map<String, Map<String, Long>> calls, List<Declared> declared, long read) {
    }

    /** The file's state while reading: the names its compressed ids stand for and the context of each line. */
    private static final class Parse {
        final CallGraph fGraph = new CallGraph();
        final Map<String, Integer> fFunctions = new HashMap<>();
        final Map<String, String> fFunctionNames = new HashMap<>();
        final Map<String, String> fObjects = new HashMap<>();
        final Map<String, String> fFiles = new HashMap<>();
        final List<String> fFileOf = new ArrayList<>();
        final List<Declared> fDeclared = new ArrayList<>();
        int fPositions = 1;
        int fFunction = -1;
        int fCallee = -1;
        long fCalls = -1;
        String fObject;
        String fFile;
        String fCalleeObject;
        String fCalleeFile;
        boolean fFormat;
    }

    private CallgrindReader() {
    }

    /**
     * @param source
     *            the callgrind output
     * @param name
     *            its name, for messages
     * @return the call tree, weighted by the first event of the file
     * @throws IOException
     *             when it cannot be read
     * @throws CallStackFormatException
     *             when it is no callgrind output, or its cost lines add up to none of its declared totals; the
     *             message names the source and line
     */
    public static CallTree read(BufferedReader source, String name) throws IOException, CallStackFormatException {
        return readResult(source::readLine, name).tree();
    }

    /**
     * @param source
     *            the callgrind output
     * @param name
     *            its name, for messages
     * @return its tree, call counts and declared totals
     * @throws IOException
     *             when it cannot be read
     * @throws CallStackFormatException
     *             when it is no callgrind output, or its cost lines add up to none of its declared totals; the
     *             message names the source and line
     */
    public static Result readResult(BufferedReader source, String name) throws IOException, CallStackFormatException {
        return readResult(source::readLine, name);
    }

    /** {@link #readResult(BufferedReader, String)} from any source of lines. */
    static Result readResult(LineReader.Source source, String name) throws IOException, CallStackFormatException {
        Parse parse = new Parse();
        String line;
        int number = 0;
        while ((line = source.readLine()) != null) {
            number++;
            try {
                line(parse, line, name, number);
            } catch (ArithmeticException e) {
                throw new CallStackFormatException(name, number, "the costs add up past " + Long.MAX_VALUE);
            }
        }
        if (!parse.fFormat) {
            throw new CallStackFormatException(name, 1, "not a callgrind output (no '# callgrind format', version: or events: line)");
        }
        CallGraph graph = parse.fGraph;
        long read;
        try {
            read = graph.selfTotal();
        } catch (ArithmeticException e) {
            throw new CallStackFormatException(name, number, "the cost lines add up past " + Long.MAX_VALUE);
        }
        checkTotals(parse.fDeclared, read, name);
        distinguish(graph, parse.fFileOf);
        try {
            return new Result(graph.tree(), graph.callCounts(), List.copyOf(parse.fDeclared), read);
        } catch (ArithmeticException e) {
            throw new CallStackFormatException(name, number, "the call costs add up past " + Long.MAX_VALUE);
        }
    }

    private static void line(Parse parse, String line, String name, int number) throws CallStackFormatException {
        if (line.isEmpty() || line.startsWith("#")) {
            parse.fFormat |= line.startsWith("# callgrind format");
            return;
        }
        char first = line.charAt(0);
        if (Character.isDigit(first) || first == '+' || first == '-' || first == '*') {
            cost(parse, line, name, number);
        } else if (line.startsWith("ob=")) {
            parse.fObject = compressed(line.substring(3), parse.fObjects, name, number);
        } else if (line.startsWith("cob=")) {
            parse.fCalleeObject = compressed(line.substring(4), parse.fObjects, name, number);
        } else if (line.startsWith("fl=")) {
            parse.fFile = compressed(line.substring(3), parse.fFiles, name, number);
        } else if (line.startsWith("fi=") || line.startsWith("fe=") || line.startsWith("jfi=")) {
            // the file of the lines that follow (inlined code), or of a jump's target: the function stays
            compressed(line.substring(line.indexOf('=') + 1), parse.fFiles, name, number);
        } else if (line.startsWith("cfi=") || line.startsWith("cfl=")) {
            parse.fCalleeFile = compressed(line.substring(4), parse.fFiles, name, number);
        } else if (line.startsWith("fn=")) {
            parse.fFunction = function(parse, line.substring(3), parse.fObject, parse.fFile, name, number);
        } else if (line.startsWith("cfn=")) {
            // cob= and cfi= hold for the cfn= right after them; without them, the callee is in the caller's object and file
            parse.fCallee = function(parse, line.substring(4), parse.fCalleeObject != null ? parse.fCalleeObject : parse.fObject,
                    parse.fCalleeFile != null ? parse.fCalleeFile : parse.fFile, name, number);
            parse.fCalleeObject = null;
            parse.fCalleeFile = null;
        } else if (line.startsWith("jfn=")) {
            compressed(line.substring(4), parse.fFunctionNames, name, number);
        } else if (line.startsWith("calls=")) {
            if (parse.fCallee < 0) {
                throw new CallStackFormatException(name, number, "calls= without a cfn= before it");
            }
            parse.fCalls = count(line.substring(6).strip().split("\\s+")[0], name, number);
        } else if (line.startsWith("positions:")) {
            parse.fPositions = line.substring("positions:".length()).strip().split("\\s+").length;
        } else if (line.startsWith("version:") || line.startsWith("events:")) {
            parse.fFormat = true;
        } else if (line.startsWith("summary:") || line.startsWith("totals:")) {
            String keyword = line.substring(0, line.indexOf(':'));
            String[] costs = line.substring(keyword.length() + 1).strip().split("\\s+");
            parse.fDeclared.removeIf(declared -> declared.keyword().equals(keyword));
            parse.fDeclared.add(new Declared(keyword, count(costs[0], name, number), number));
        }
    }

    /** A cost line: the function's own cost, or after calls= the call's inclusive cost. */
    private static void cost(Parse parse, String line, String name, int number) throws CallStackFormatException {
        if (parse.fFunction < 0) {
            throw new CallStackFormatException(name, number, "a cost line before any fn= line");
        }
        String[] fields = line.strip().split("\\s+");
        long cost = fields.length <= parse.fPositions ? 0 : count(fields[parse.fPositions], name, number);
        if (parse.fCalls >= 0) {
            parse.fGraph.addCall(parse.fFunction, parse.fCallee, cost, parse.fCalls);
            parse.fCalls = -1;
        } else {
            parse.fGraph.addSelf(parse.fFunction, cost);
        }
    }

    private static long count(String text, String name, int number) throws CallStackFormatException {
        long value;
        try {
            value = Long.parseLong(text);
        } catch (NumberFormatException e) {
            throw new CallStackFormatException(name, number, "not a cost: " + text);
        }
        if (value < 0) {
            throw new CallStackFormatException(name, number, "a negative cost: " + value);
        }
        return value;
    }

    /**
     * The function a fn= or cfn= names. A compressed id is callgrind's function; a plain name is one per binary,
     * as callgrind writes names uncompressed only where they are unique there.
     */
    private static int function(Parse parse, String text, String object, String file, String name, int number) throws CallStackFormatException {
        String value = text.strip();
        String key = value.startsWith("(") ? compressed(value, parse.fFunctionNames, name, number) : object + '\u0000' + value;
        Integer index = parse.fFunctions.get(key);
        String objectName = object != null ? parse.fObjects.get(object) : null;
        if (index == null) {
            index = parse.fGraph.add(value.startsWith("(") ? parse.fFunctionNames.get(key) : value, objectName);
            parse.fFunctions.put(key, index);
            parse.fFileOf.add(file != null ? parse.fFiles.get(file) : null);
        } else if (objectName != null) {
            parse.fGraph.locate(index, objectName);
        }
        return index;
    }

    /**
     * The key of a name in callgrind's compressed form: "(id) name" defines the id, "(id)" refers to it, a plain
     * "name" is its own key. {@code names} maps keys to names.
     */
    private static String compressed(String text, Map<String, String> names, String name, int number) throws CallStackFormatException {
        String value = text.strip();
        if (!value.startsWith("(")) {
            names.put(value, value);
            return value;
        }
        int close = value.indexOf(')');
        if (close < 0) {
            throw new CallStackFormatException(name, number, "unclosed name id: " + value);
        }
        String key = value.substring(0, close + 1);
        String defined = value.substring(close + 1).strip();
        if (!defined.isEmpty()) {
            names.put(key, defined);
        } else if (!names.containsKey(key)) {
            throw new CallStackFormatException(name, number, "name id " + key + " used before it is defined");
        }
        return key;
    }

    /**
     * Every cost line is some function's own cost, so they add up to the totals the file declares; when they add
     * up to none, the file was cut short or damaged, and a partial profile would pass for a whole one.
     */
    private static void checkTotals(List<Declared> declared, long read, String name) throws CallStackFormatException {
        if (declared.isEmpty() || declared.stream().anyMatch(total -> total.value() == read)) {
            return;
        }
        // totals: closes the file; summary: may open it, so a truncated file keeps only summary:
        Declared last = declared.get(declared.size() - 1);
        throw new CallStackFormatException(name, last.line(),
                "the cost lines add up to " + read + ", but " + last.keyword() + ": says " + last.value() + ": the file is truncated or damaged");
    }

    /** Names functions that share a name after their binary, or their file where they share that too. */
    private static void distinguish(CallGraph graph, List<String> files) {
        Map<String, List<Integer>> byName = new LinkedHashMap<>();
        for (int f = 0; f < graph.size(); f++) {
            byName.computeIfAbsent(graph.name(f), n -> new ArrayList<>()).add(f);
        }
        for (Map.Entry<String, List<Integer>> same : byName.entrySet()) {
            List<Integer> functions = same.getValue();
            if (functions.size() < 2) {
                continue;
            }
            IntFunction<String> binary = f -> baseName(graph.binary(f));
            IntFunction<String> file = f -> baseName(files.get(f));
            List<IntFunction<String>> qualifiers = List.of(binary, file, f -> binary.apply(f) + ':' + file.apply(f),
                    f -> binary.apply(f) + ':' + file.apply(f) + ':' + f);
            for (IntFunction<String> qualifier : qualifiers) {
                Set<String> distinct = new HashSet<>();
                if (functions.stream().allMatch(f -> distinct.add(qualifier.apply(f)))) {
                    functions.forEach(f -> graph.rename(f, same.getKey() + " [" + qualifier.apply(f) + ']'));
                    break;
                }
            }
        }
    }

    private static String baseName(String path) {
        return path == null ? "?" : path.substring(path.lastIndexOf('/') + 1);
    }
}
