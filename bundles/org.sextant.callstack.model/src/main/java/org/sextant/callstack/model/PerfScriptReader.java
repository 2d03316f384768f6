// SPDX-License-Identifier: EPL-2.0
package org.sextant.callstack.model;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads {@code perf script} text of an Intel PT trace, in the three shapes perf prints it:
 * <ul>
 * <li>branches, {@code --itrace=cr -F +flags} (calls and returns; {@code b} for all branches):
 * {@code comm tid [cpu] time: flags ip sym+off (dso) => addr sym+off (dso)}, with {@code IPC: r (insns/cycles)}
 * when cycle-accurate mode gives instruction counts;</li>
 * <li>indented calls, {@code --call-trace} and {@code --call-ret-trace}:
 * {@code comm tid [cpu] time: [flags] (dso)<tab><4 spaces per depth>function};</li>
 * <li>instructions, {@code --itrace=i1i -F +insn} or {@code --insn-trace}:
 * {@code comm tid [cpu] time: ip sym+off (dso) insn: bytes [disassembly]}, or perf's {@code --xed} form with
 * the disassembly instead of the bytes.</li>
 * </ul>
 * Optional fields perf may add (pid before the tid, period and event name after the time) are skipped.
 * Trace starts and ends ({@code tr strt}, {@code tr end}) and decoder errors are gaps: their time goes to no
 * call path. Weights: time always; instructions from instruction lines and {@code IPC} counts. Branches flagged
 * {@code syscall} and the returns to user space after them ({@code sysret}, or {@code tr strt} when only user
 * space is traced) give each system call's latency at its call site ({@link SyscallLatencies}).
 *
 * <p>
 * Each line's header, event name, addresses and {@code IPC} are scanned by hand, not by regular expressions:
 * files run to gigabytes. They are scanned in the line's bytes as {@link LineReader} found them, without making
 * a string of the line: besides the copy, a string's characters are read through {@code String.charAt}, whose
 * compiled code depends on every string the JVM has met (in Trace Compass, two-byte strings too), which made the
 * reader slower there than alone. Regular expressions remain for the rarer shapes' fields (indented calls,
 * instructions) and for decoder errors, whose lines are recognised by their first words: those lines are made
 * into strings.
 * </p>
 */
final class PerfScriptReader {

    private static final byte[] DECODE_ERROR_START = ascii("instruction trace error");
    private static final byte[] IPC = ascii("IPC: ");
    private static final byte[] ARROW = ascii(" => ");
    private static final byte[] OFFSET = ascii("+0x");
    private static final byte[] UNKNOWN = ascii(CallFlow.UNKNOWN);
    private static final byte[] TRACE_START = ascii("tr strt");
    private static final byte[] CALL = ascii("call");
    private static final byte[] INTERRUPT = ascii("int");
    private static final byte[] INTERRUPT_RETURN = ascii("iret");
    private static final byte[] RETURN = ascii("ret");
    private static final byte[] JUMP = ascii("jmp");
    private static final byte[] SYSCALL = ascii("syscall");
    private static final byte[] SYSRET = ascii("sysret");
    /** The most decimal digits whose number is sure to fit a long. */
    private static final int MAX_SAFE_DIGITS = 18;
    /** Parsing threads, on a machine of more than one core: scanning is four fifths of the work, applying the rest. */
    private static final int PARSERS = 2;
    /** Each parser's batches: one parsed while one is applied. */
    private static final int BATCHES = 2;
    private static final Pattern INSTRUCTION = Pattern
            .compile("([0-9a-f]+)(?:\\s+([^\\s(]\\S*?)(?:\\+0x[0-9a-f]+)?(?=\\s|$))?(?:\\s+\\(([^)]*)\\))?(?:\\s+ilen:\\s*\\d+)?(?:\\s+insn:((?:\\s+[0-9a-f]{2})+))?\\s*(.*)");
    private static final Pattern INDENTED = Pattern.compile("([a-z ]*?)\\s*\\(([^)]*)\\)[\\t ]( *)(\\S+)\\s*");
    /** perf's report of a decoding error, which the decoder resynchronises after. */
    private static final Pattern DECODE_ERROR = Pattern.compile("\\s*instruction trace error(?:.*?time (\\d+)\\.(\\d+))?.*?tid (-?\\d+).*");

    private final String fName;
    private final CallFlow fFlow;
    private final DeltaProfiler fDeltas;
    private final SyscallLatencies fSyscalls;
    private final Set<CallFlow.Weight> fWeights = EnumSet.noneOf(CallFlow.Weight.class);
    private final Map<Long, String> fPrevious = new HashMap<>();
    private int fLine;
    /** Where the line applied last happened. */
    private CallFlow.Where fWhere;

    private PerfScriptReader(String name, CallFlow flow, DeltaProfiler deltas, SyscallLatencies syscalls) {
        fName = name;
        fFlow = flow;
        fDeltas = deltas;
        fSyscalls = syscalls;
    }

    /**
     * @param lines
     *            the first lines of a file
     * @return whether they are perf script text of Intel PT branches, calls or instructions
     */
    static boolean recognises(List<String> lines) {
        for (String line : lines) {
            byte[] text = line.getBytes(StandardCharsets.ISO_8859_1);
            Header header = Header.scan(text, 0, text.length);
            if (header != null) {
                int fields = header.fields();
                return indexOf(text, ARROW, fields, text.length) >= 0
                        || INDENTED.matcher(line).region(sampleStart(text, fields, text.length), line.length()).matches()
                        || isInstruction(INSTRUCTION.matcher(line).region(fields, line.length()));
            }
        }
        return false;
    }

    /**
     * Reads the flow into call stacks and, from instruction lines, the delta profile.
     *
     * <p>
     * Threads share the work: two parsing threads take the lines in turns of a {@link Batch batch} and scan them,
     * and the calling thread applies the batches to the flow in the file's order. Most of a read's time is
     * scanning (four fifths of it for branches), which the format lets run in parallel, since what a line says
     * depends on no other line; applying needs the lines in order, one thread's stack after the other. A batch
     * keeps the bytes of its lines, so that a problem found while applying one names it as a read on one thread
     * would, and the first problem in the file, whichever thread found it, is the one reported. On a machine of
     * one core, where the threads would only add their hand-overs (a quarter to a half more CPU), the calling
     * thread scans the batches itself.
     * </p>
     *
     * @param in
     *            the text
     * @param name
     *            its name, for messages
     * @param flow
     *            the flow to build
     * @param deltas
     *            the delta profile to build
     * @param syscalls
     *            the system calls' latencies to collect
     * @return the weights the text gave
     * @throws IOException
     *             when it cannot be read
     * @throws CallStackFormatException
     *             at a line that is none of perf's shapes, or where a thread's time goes backwards
     */
    static Set<CallFlow.Weight> read(LineReader in, String name, CallFlow flow, DeltaProfiler deltas, SyscallLatencies syscalls)
            throws IOException, CallStackFormatException {
        return read(in, name, flow, deltas, syscalls, parsers());
    }

    /** @return the parsing threads a read uses on this machine: none on one core, where the calling thread scans */
    static int parsers() {
        return Runtime.getRuntime().availableProcessors() > 1 ? PARSERS : 0;
    }

    /**
     * Reads the flow as {@link #read(LineReader, String, CallFlow, DeltaProfiler, SyscallLatencies)} does, with as many parsing
     * threads as told.
     *
     * @param parsers
     *            parsing threads; 0 to scan the lines on the calling thread
     */
    static Set<CallFlow.Weight> read(LineReader in, String name, CallFlow flow, DeltaProfiler deltas, SyscallLatencies syscalls, int parsers)
            throws IOException, CallStackFormatException {
        PerfScriptReader reader = new PerfScriptReader(name, flow, deltas, syscalls);
        try {
            if (parsers == 0) {
                Parser parser = new Parser(new Text(in, 1), 0);
                Batch batch = new Batch();
                while (parser.fill(batch)) {
                    reader.apply(batch);
                    if (batch.fLast) {
                        break;
                    }
                }
            } else {
                reader.readInParallel(new Text(in, parsers), parsers);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while reading " + name);
        }
        return reader.fWeights;
    }

    private void readInParallel(Text text, int count) throws IOException, CallStackFormatException, InterruptedException {
        Parser[] parsers = new Parser[count];
        Thread[] threads = new Thread[count];
        for (int i = 0; i < count; i++) {
            parsers[i] = new Parser(text, i);
            for (int b = 0; b < BATCHES; b++) {
                parsers[i].fFree.add(new Batch());
            }
            threads[i] = new Thread(parsers[i]::run, "perf script parser " + i + ": " + fName);
            threads[i].setDaemon(true);
            threads[i].start();
        }
        try {
            // the parsers read the batches in turn: the file's order is theirs, in turn
            for (int i = 0;; i = (i + 1) % count) {
                Batch batch = parsers[i].fParsed.take();
                apply(batch);
                if (batch.fLast) {
                    break;
                }
                parsers[i].fFree.add(batch);
            }
        } finally {
            for (Thread thread : threads) {
                thread.interrupt();
            }
            for (Thread thread : threads) {
                joinUninterruptibly(thread);
            }
        }
    }

    /** Waits for a thread to end, as the read's text must not be closed while it reads it. */
    private static void joinUninterruptibly(Thread thread) {
        boolean interrupted = false;
        while (thread.isAlive()) {
            try {
                thread.join();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** Applies a batch's lines to the flow, then throws what ended the parsing in it, if anything did. */
    private void apply(Batch batch) throws IOException, CallStackFormatException {
        for (int i = 0; i < batch.fSize; i++) {
            fLine++;
            try {
                apply(batch, i);
            } catch (CallFlow.TimeGoesBack e) {
                throw problem(e.getMessage(), batch.fText, batch.fStart[i], batch.fEnd[i]);
            } catch (NumberFormatException | ArithmeticException e) {
                throw problem("a number out of range", batch.fText, batch.fStart[i], batch.fEnd[i]);
            }
        }
        Throwable failure = batch.fFailure;
        if (failure instanceof IOException e) {
            throw e;
        }
        if (failure instanceof RuntimeException e) {
            throw e;
        }
        if (failure != null) {
            throw (Error) failure;
        }
    }

    private void apply(Batch batch, int i) throws CallStackFormatException {
        switch (batch.fKind[i]) {
        case Batch.BLANK:
            return;
        case Batch.PROBLEM:
            throw problem(batch.fProblem, batch.fText, batch.fStart[i], batch.fEnd[i]);
        case Batch.DECODE_ERROR:
            fFlow.gap(new CallFlow.Where("?", batch.fThread[i], -1), batch.fTime[i]);
            fPrevious.remove(batch.fThread[i]);
            fSyscalls.lost(batch.fThread[i]);
            return;
        case Batch.BRANCH:
            fWeights.add(CallFlow.Weight.TIME);
            branch(where(batch, i), batch, i);
            return;
        default:
            fWeights.add(CallFlow.Weight.TIME);
            sample(where(batch, i), batch, i);
        }
    }

    /** Where a line's sample happened: most lines are where the line before was, whose place serves again. */
    private CallFlow.Where where(Batch batch, int i) {
        String process = batch.fProcess[i];
        long thread = batch.fThread[i];
        int cpu = batch.fCpu[i];
        if (fWhere == null || fWhere.process() != process || fWhere.thread() != thread || fWhere.cpu() != cpu) {
            fWhere = new CallFlow.Where(process, thread, cpu);
        }
        return fWhere;
    }

    private void branch(CallFlow.Where where, Batch batch, int i) {
        long time = batch.fTime[i];
        long instructions = batch.fInstructions[i];
        if (instructions >= 0) {
            fWeights.add(CallFlow.Weight.INSTRUCTIONS);
        } else {
            instructions = 0;
        }
        String caller = batch.fCaller[i];
        String callee = batch.fCallee[i];
        if (batch.fCallerBinary[i] != null) {
            fFlow.locate(caller, batch.fCallerBinary[i]);
        }
        if (batch.fCalleeBinary[i] != null) {
            fFlow.locate(callee, batch.fCalleeBinary[i]);
        }
        byte kind = batch.fBranch[i];
        String site = batch.fSite[i];
        if (site != null) {
            fSyscalls.enter(where.thread(), time, site);
        } else if (kind == Batch.TRACE_START || batch.fSysret[i]) {
            fSyscalls.exit(where.thread(), time);
        }
        if (kind == Batch.TRACE_START) {
            if (instructions > 0) {
                // instructions counted up to a trace start ran before the trace stopped, on the stack it stopped in
                fFlow.advance(where, -1, instructions, null);
            }
            fFlow.gap(where, time);
            if (callee != null) {
                fFlow.ret(where, callee);
            }
            return;
        }
        fFlow.advance(where, time, instructions, caller);
        if (kind == Batch.CALL) {
            // call, syscall, int, hw int: into the target when the trace follows it
            if (callee != null) {
                fFlow.call(where, caller, callee);
            }
        } else if (kind == Batch.RETURN) {
            // return, sysret, iret
            fFlow.ret(where, callee);
        } else if (kind == Batch.JUMP && callee != null && !callee.equals(caller)) {
            fFlow.jump(where, callee);
        }
    }

    /** A sample that is no branch: an indented call or an instruction, read by regular expressions. */
    private void sample(CallFlow.Where where, Batch batch, int i) throws CallStackFormatException {
        int start = batch.fStart[i];
        int end = batch.fEnd[i];
        String line = string(batch.fText, start, end);
        int fields = batch.fFields[i] - start;
        Matcher indented = INDENTED.matcher(line).region(fields, line.length());
        if (indented.matches()) {
            indented(where, batch.fTime[i], indented);
            return;
        }
        Matcher instruction = INSTRUCTION.matcher(line).region(fields, line.length());
        if (isInstruction(instruction)) {
            instruction(where, batch.fTime[i], instruction);
            return;
        }
        throw problem("a sample that is no branch (ip => addr), indented call nor instruction (insn:)", batch.fText, start, end);
    }

    private void indented(CallFlow.Where where, long time, Matcher indented) {
        String flags = indented.group(1);
        int depth = indented.group(3).length() / 4;
        String function = indented.group(4);
        fFlow.locate(function, indented.group(2).strip());
        if (flags.contains("tr strt")) {
            fFlow.gap(where, time);
            fFlow.enter(where, depth, function);
            return;
        }
        fFlow.advance(where, time, 0, function);
        if (flags.contains("ret")) {
            // perf indents a return as its call, and names the function returned from
            fFlow.enter(where, depth, function);
            fFlow.ret(where, null);
        } else if (flags.isBlank() || flags.contains("call") || flags.contains("int") && !flags.contains("iret")) {
            // --call-trace prints calls only, without flags; the name is the function called
            fFlow.enter(where, depth, function);
        }
    }

    private void instruction(CallFlow.Where where, long time, Matcher instruction) {
        String function = instruction.group(2) != null ? instruction.group(2) : CallFlow.UNKNOWN;
        if (instruction.group(3) != null) {
            fFlow.locate(function, instruction.group(3).strip());
        }
        String mnemonic = Mnemonics.of(instruction.group(4), instruction.group(5));
        String previous = fPrevious.put(where.thread(), mnemonic);
        if ("call".equals(previous)) {
            fFlow.call(where, null, function);
        } else if ("ret".equals(previous)) {
            fFlow.ret(where, function);
        } else {
            fFlow.jump(where, function);
        }
        fFlow.advance(where, time, 1, function);
        fWeights.add(CallFlow.Weight.INSTRUCTIONS);
        fDeltas.instruction(where.thread(), time, mnemonic, fLine);
    }

    /** An instruction line has the instruction's bytes or its disassembly. */
    private static boolean isInstruction(Matcher instruction) {
        return instruction.matches() && (instruction.group(4) != null || !instruction.group(5).isEmpty());
    }

    /**
     * Lines scanned for the thread that applies them, in columns: a line's kind, where and when its sample was,
     * and for a branch, its functions, the binaries named the first time each function is, and what it did. No
     * object is made per line (the names are the ones {@link Names} keeps); a batch is filled again once applied.
     */
    private static final class Batch {
        static final byte BLANK = 0;
        /** a line that is no perf script: {@link #fProblem} says why, and the read ends there */
        static final byte PROBLEM = 1;
        static final byte DECODE_ERROR = 2;
        static final byte BRANCH = 3;
        /** a sample that is no branch, read by regular expressions from {@link #fFields} on */
        static final byte SAMPLE = 4;

        /** What a branch did, told by its flags. */
        static final byte OTHER = 0;
        static final byte TRACE_START = 1;
        static final byte CALL = 2;
        static final byte RETURN = 3;
        static final byte JUMP = 4;

        /** The most lines a batch holds: enough that handing it over costs little per line. */
        static final int LINES = 4096;
        /** The most bytes of text a batch takes more lines after; one line may pass it. */
        static final int BYTES = 1 << 20;

        byte[] fText = new byte[BYTES];
        int fTextEnd;
        int fSize;
        final int[] fStart = new int[LINES];
        final int[] fEnd = new int[LINES];
        final byte[] fKind = new byte[LINES];
        final String[] fProcess = new String[LINES];
        final long[] fThread = new long[LINES];
        final int[] fCpu = new int[LINES];
        final long[] fTime = new long[LINES];
        final int[] fFields = new int[LINES];
        /** The instructions of a branch's {@code IPC}, -1 when it has none. */
        final long[] fInstructions = new long[LINES];
        final byte[] fBranch = new byte[LINES];
        final String[] fCaller = new String[LINES];
        /** The callee, null when the branch leaves the trace. */
        final String[] fCallee = new String[LINES];
        final String[] fCallerBinary = new String[LINES];
        final String[] fCalleeBinary = new String[LINES];
        /** Where a {@code syscall} branch's instruction is, null on other lines. */
        final String[] fSite = new String[LINES];
        /** Whether a branch is a {@code sysret}. */
        final boolean[] fSysret = new boolean[LINES];
        String fProblem;
        /** What ended the parsing after the batch's lines: the text could not be read, or a bug. */
        Throwable fFailure;
        /** Whether no batch follows. */
        boolean fLast;

        boolean isFull() {
            return fSize == LINES || fTextEnd >= BYTES;
        }

        /** Copies a line's bytes in as the next line, whose index is {@link #fSize} until it is kept. */
        void copy(byte[] text, int start, int end) {
            int length = end - start;
            if (fTextEnd + length > fText.length) {
                fText = Arrays.copyOf(fText, Math.max(fTextEnd + length, 2 * fText.length));
            }
            System.arraycopy(text, start, fText, fTextEnd, length);
            fStart[fSize] = fTextEnd;
            fEnd[fSize] = fTextEnd + length;
            fTextEnd += length;
        }
    }

    /**
     * The text's lines, copied into the parsers' batches by one parser at a time, in turn, so that the batches
     * follow one another in the file's order, parser after parser.
     */
    private static final class Text {
        private final LineReader fIn;
        /** The parsers taking turns. */
        private final int fParsers;
        /** The parser whose turn it is to take lines. */
        private int fTurn;
        /** Whether the last lines were taken. */
        private boolean fEnded;

        Text(LineReader in, int parsers) {
            fIn = in;
            fParsers = parsers;
        }

        /**
         * Copies the next lines into a batch, up to its size or the end of the text, once it is the parser's turn.
         * Whatever stops the reading (the text cannot be read, a line is too long, the progress callback throws to
         * cancel) is kept in the batch, to be thrown on the calling thread after its lines are applied, as a read
         * on one thread would.
         *
         * @return false when the text ended in an earlier batch
         */
        synchronized boolean take(int parser, Batch batch) throws InterruptedException {
            while (fTurn != parser) {
                wait();
            }
            fTurn = (fTurn + 1) % fParsers;
            notifyAll();
            if (fEnded) {
                return false;
            }
            batch.fSize = 0;
            batch.fTextEnd = 0;
            try {
                while (!batch.isFull()) {
                    if (!fIn.next()) {
                        batch.fLast = true;
                        break;
                    }
                    batch.copy(fIn.bytes(), fIn.lineStart(), fIn.lineEnd());
                    batch.fSize++;
                }
            } catch (IOException | RuntimeException | Error e) {
                // the text cannot be read, or the reader's progress callback ended the read (cancelled)
                batch.fFailure = e;
                batch.fLast = true;
            }
            fEnded = batch.fLast;
            return true;
        }
    }

    /**
     * Scans its turns of lines into batches, on a parsing thread of its own (on one core, the calling thread's): the header, the event name, a
     * branch's addresses, names and {@code IPC}, and a decoder error's thread and time. Each parser reads names
     * with its own {@link Names}, whose marks tell which function it meets first, and so names its binary; the
     * first of a function's binaries in the file is applied first.
     */
    private static final class Parser {
        private final Text fText;
        private final int fIndex;
        private final Names fNames = new Names();
        /** Its batches to fill, and those filled; as many places as batches, so that adding never waits. */
        final BlockingQueue<Batch> fFree = new ArrayBlockingQueue<>(BATCHES);
        final BlockingQueue<Batch> fParsed = new ArrayBlockingQueue<>(BATCHES);

        Parser(Text text, int index) {
            fText = text;
            fIndex = index;
        }

        /** Fills a batch with the parser's next turn of lines, scanned; false when the text ended before. */
        boolean fill(Batch batch) throws InterruptedException {
            if (!fText.take(fIndex, batch)) {
                return false;
            }
            scan(batch);
            return true;
        }

        /** Fills the batches of {@link #fFree} into {@link #fParsed}, on a parsing thread. */
        void run() {
            try {
                while (true) {
                    Batch batch = fFree.take();
                    if (!fill(batch)) {
                        return;
                    }
                    fParsed.add(batch);
                    if (batch.fLast) {
                        return;
                    }
                }
            } catch (InterruptedException e) {
                // the read ended before the text did (a problem in a line): nothing takes more batches
            }
        }

        /** Scans a batch's lines, up to the first that is no perf script, which ends the read. */
        private void scan(Batch batch) {
            int size = batch.fSize;
            for (int i = 0; i < size; i++) {
                boolean read;
                try {
                    read = line(batch, i);
                } catch (RuntimeException | Error e) {
                    // handed to the applying thread, which throws it: else it would wait for a batch forever
                    batch.fSize = i;
                    batch.fFailure = e;
                    batch.fLast = true;
                    return;
                }
                if (!read) {
                    batch.fSize = i + 1;
                    batch.fFailure = null;
                    batch.fLast = true;
                    return;
                }
            }
        }

        /** @return false at a line that is no perf script */
        private boolean line(Batch batch, int i) {
            byte[] text = batch.fText;
            int start = batch.fStart[i];
            int end = batch.fEnd[i];
            try {
                if (isBlank(text, start, end) || text[start] == '#') {
                    batch.fKind[i] = Batch.BLANK;
                    return true;
                }
                if (startsWith(text, skipSpaces(text, start, end), end, DECODE_ERROR_START)) {
                    Matcher error = DECODE_ERROR.matcher(string(text, start, end));
                    if (error.matches()) {
                        batch.fThread[i] = Long.parseLong(error.group(3));
                        batch.fTime[i] = error.group(1) == null ? -1 : nanoseconds(text, start + error.start(1), start + error.end(1), start + error.end(2));
                        batch.fKind[i] = Batch.DECODE_ERROR;
                        return true;
                    }
                }
                Header header = Header.scan(text, start, end);
                if (header == null) {
                    return problem(batch, i, "not a perf script sample (comm tid [cpu] time: ...)");
                }
                batch.fProcess[i] = fNames.of(text, header.commStart(), header.commEnd());
                batch.fThread[i] = header.tid();
                batch.fCpu[i] = header.cpu();
                batch.fTime[i] = header.nanos();
                int fields = sampleStart(text, header.fields(), end);
                int arrow = indexOf(text, ARROW, fields, end);
                if (arrow < 0) {
                    batch.fKind[i] = Batch.SAMPLE;
                    batch.fFields[i] = fields;
                    return true;
                }
                return branch(batch, i, fields, arrow, end);
            } catch (NumberFormatException | ArithmeticException e) {
                return problem(batch, i, "a number out of range");
            }
        }

        /** A branch, {@code text[from, arrow)} its source and what follows {@code " => "} up to {@code end} its target. */
        private boolean branch(Batch batch, int i, int from, int arrow, int end) {
            byte[] text = batch.fText;
            int toEnd = end;
            long[] ipc = ipc(text, arrow + ARROW.length, end);
            batch.fInstructions[i] = -1;
            if (ipc != null) {
                batch.fInstructions[i] = ipc[1];
                toEnd = (int) ipc[0];
            }
            Location source = Location.at(text, from, arrow);
            Location target = Location.at(text, arrow + ARROW.length, toEnd);
            if (source == null || target == null) {
                return problem(batch, i, "a branch that is not ip sym (dso) => addr sym (dso)");
            }
            batch.fCaller[i] = function(text, source);
            batch.fCallerBinary[i] = binary(text, source);
            batch.fCallee[i] = null;
            batch.fCalleeBinary[i] = null;
            if (!isZero(text, target.start(), target.addressEnd())) {
                batch.fCallee[i] = function(text, target);
                batch.fCalleeBinary[i] = binary(text, target);
            }
            Flags flags = new Flags(text, from, trimEnd(text, from, source.start()));
            batch.fSite[i] = flags.contains(SYSCALL) ? site(text, source) : null;
            batch.fSysret[i] = flags.contains(SYSRET);
            if (flags.contains(TRACE_START)) {
                batch.fBranch[i] = Batch.TRACE_START;
            } else if (flags.contains(CALL) || flags.contains(INTERRUPT) && !flags.contains(INTERRUPT_RETURN)) {
                batch.fBranch[i] = Batch.CALL;
            } else if (flags.contains(RETURN)) {
                batch.fBranch[i] = Batch.RETURN;
            } else if (flags.contains(JUMP)) {
                batch.fBranch[i] = Batch.JUMP;
            } else {
                batch.fBranch[i] = Batch.OTHER;
            }
            batch.fKind[i] = Batch.BRANCH;
            return true;
        }

        /** @return a location as {@code symbol+0xoffset}, or its address when it has no known symbol: a system call's site */
        private static String site(byte[] text, Location location) {
            boolean named = location.symbolStart() >= 0 && !startsWith(text, location.symbolStart(), location.symbolEnd(), UNKNOWN);
            int start = named ? location.symbolStart() : location.start();
            int end = named ? location.symbolEnd() : location.addressEnd();
            while (end < text.length && text[end] != ' ' && text[end] != '\t') {
                end++;
            }
            return string(text, start, end);
        }

        private String function(byte[] text, Location location) {
            return location.symbolStart() < 0 ? fNames.of(UNKNOWN, 0, UNKNOWN.length) : fNames.of(text, location.symbolStart(), location.symbolEnd());
        }

        /**
         * @return the binary of the function {@link #function} found just now, the first time it is found (a
         *         function's binary is named once, by the mark of its name, without a set looked up per branch),
         *         else null
         */
        private String binary(byte[] text, Location location) {
            return location.binaryStart() >= 0 && fNames.markLast() ? fNames.of(text, location.binaryStart(), location.binaryEnd()) : null;
        }

        private static boolean problem(Batch batch, int i, String problem) {
            batch.fKind[i] = Batch.PROBLEM;
            batch.fProblem = problem;
            return false;
        }
    }
    /**
     * A branch's flags, {@code text[start, end)} without the white space that pads them, asked about without
     * cutting them out of the line, and looked for in them only: a search to the end of the line, for each flag
     * a branch may have, read most of the line again several times.
     */
    private record Flags(byte[] text, int start, int end) {
        boolean contains(byte[] flag) {
            return indexOf(text, flag, start, end) >= 0;
        }
    }

    /**
     * An address with its symbol and binary, as the end of a branch's side: {@code ip [sym[+0xoff]] [(dso)]}, as
     * positions in the line. Found from the end, without a regular expression or cutting strings: this runs
     * twice per line of files of gigabytes.
     *
     * @param start
     *            where the address starts (what comes before it on its side are the flags)
     * @param addressEnd
     *            where the address, in hex, ends
     * @param symbolStart
     *            where its symbol starts, -1 when it has none
     * @param symbolEnd
     *            where the symbol ends, before any offset
     * @param binaryStart
     *            where its binary starts, -1 when it has none
     * @param binaryEnd
     *            where the binary ends
     */
    private record Location(int start, int addressEnd, int symbolStart, int symbolEnd, int binaryStart, int binaryEnd) {

        /** @return the location that ends the side {@code text[begin, end)}, or null when it does not end in one */
        static Location at(byte[] text, int begin, int end) {
            int rest = trimEnd(text, begin, end);
            int binaryStart = -1;
            int binaryEnd = -1;
            if (rest > begin && text[rest - 1] == ')') {
                int open = rest - 2;
                while (open >= begin && !(text[open] == ' ' && text[open + 1] == '(')) {
                    open--;
                }
                if (open < begin) {
                    return null;
                }
                binaryStart = trimStart(text, open + 2, rest - 1);
                binaryEnd = trimEnd(text, binaryStart, rest - 1);
                rest = trimEnd(text, begin, open);
            }
            int lastSpace = lastSpace(text, begin, rest);
            int last = lastSpace < 0 ? begin : lastSpace + 1;
            int before = lastSpace < 0 ? begin : trimEnd(text, begin, lastSpace);
            int previousSpace = lastSpace(text, begin, before);
            int previous = previousSpace < 0 ? begin : previousSpace + 1;
            if (isHex(text, previous, before)) {
                int offset = lastIndexOf(text, OFFSET, last + 1, rest);
                return new Location(previous, before, last, offset >= 0 ? offset : rest, binaryStart, binaryEnd);
            }
            return isHex(text, last, rest) ? new Location(last, rest, -1, -1, binaryStart, binaryEnd) : null;
        }

        /** @return the last space in {@code text[begin, end)}, or -1 when there is none */
        private static int lastSpace(byte[] text, int begin, int end) {
            for (int at = end - 1; at >= begin; at--) {
                if (text[at] == ' ') {
                    return at;
                }
            }
            return -1;
        }
    }

    /**
     * A sample's header, {@code comm [pid/]tid [[cpu]] seconds.fraction:}, as positions in its line. The command
     * name may hold spaces: as the regular expression it replaces would, the header is the first place after a
     * space where a thread, an optional CPU and a time follow.
     *
     * @param text
     *            the line's bytes
     * @param commStart
     *            where the command name starts
     * @param commEnd
     *            where it ends
     * @param tidStart
     *            where the thread starts
     * @param tidEnd
     *            where it ends
     * @param cpuStart
     *            where the CPU's digits start, -1 when not printed
     * @param cpuEnd
     *            where they end
     * @param secondsStart
     *            where the time starts
     * @param dot
     *            where its decimal point is
     * @param fractionEnd
     *            where it ends
     * @param fields
     *            where the sample's own fields start
     */
    private record Header(byte[] text, int commStart, int commEnd, int tidStart, int tidEnd, int cpuStart, int cpuEnd, int secondsStart, int dot,
            int fractionEnd, int fields) {

        /** @return the thread (the numbers are read only when asked for: a line may be recognised without them) */
        long tid() {
            return decimal(text, tidStart, tidEnd);
        }

        /** @return the CPU, or -1 when not printed */
        int cpu() {
            return cpuStart < 0 ? -1 : Math.toIntExact(decimal(text, cpuStart, cpuEnd));
        }

        /** @return the time in nanoseconds */
        long nanos() {
            return nanoseconds(text, secondsStart, dot, fractionEnd);
        }

        /** @return the header of the line {@code text[start, end)}, or null when it has none */
        static Header scan(byte[] text, int start, int end) {
            int commStart = skipSpaces(text, start, end);
            for (int at = commStart; at < end; at++) {
                // each token after white space (the first one too, when the line starts with it) may be the thread
                if (at > start && isSpace(text[at - 1]) && !isSpace(text[at])) {
                    // a line that starts with white space may start with the thread: no command name
                    int commEnd = Math.max(at - 1, commStart);
                    while (commEnd > commStart && isSpace(text[commEnd - 1])) {
                        commEnd--;
                    }
                    Header header = after(text, end, commStart, commEnd, at);
                    if (header != null) {
                        return header;
                    }
                }
            }
            return null;
        }

        /** The header whose thread starts at {@code at}, or null when what follows is not one. */
        private static Header after(byte[] text, int lineEnd, int commStart, int commEnd, int at) {
            int tidStart = at;
            int end = signedDigits(text, at, lineEnd);
            if (end < 0) {
                return null;
            }
            if (end < lineEnd && text[end] == '/') { // pid/tid
                tidStart = end + 1;
                end = signedDigits(text, tidStart, lineEnd);
                if (end < 0) {
                    return null;
                }
            }
            int tidEnd = end;
            int next = skipSpaces(text, end, lineEnd);
            if (next == end) {
                return null;
            }
            int cpuStart = -1;
            int cpuEnd = -1;
            if (next < lineEnd && text[next] == '[') {
                cpuStart = next + 1;
                cpuEnd = digits(text, cpuStart, lineEnd);
                if (cpuEnd < 0 || cpuEnd >= lineEnd || text[cpuEnd] != ']') {
                    return null;
                }
                int afterCpu = skipSpaces(text, cpuEnd + 1, lineEnd);
                if (afterCpu == cpuEnd + 1) {
                    return null;
                }
                next = afterCpu;
            }
            int secondsEnd = digits(text, next, lineEnd);
            if (secondsEnd < 0 || secondsEnd >= lineEnd || text[secondsEnd] != '.') {
                return null;
            }
            int fractionEnd = digits(text, secondsEnd + 1, lineEnd);
            if (fractionEnd < 0 || fractionEnd >= lineEnd || text[fractionEnd] != ':') {
                return null;
            }
            return new Header(text, commStart, commEnd, tidStart, tidEnd, cpuStart, cpuEnd, next, secondsEnd, fractionEnd,
                    skipSpaces(text, fractionEnd + 1, lineEnd));
        }
    }

    private static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }

    /** The line {@code text[start, end)} as a string, for the shapes read by regular expressions and for messages. */
    private static String string(byte[] text, int start, int end) {
        return new String(text, start, end - start, StandardCharsets.ISO_8859_1);
    }

    /**
     * Where {@code what}, of two bytes or more, first starts in {@code text[from, end)}, or -1. The scan looks for
     * its second byte, then compares the rest: the first of {@code " => "} is a space, of which perf pads its
     * columns with many.
     */
    private static int indexOf(byte[] text, byte[] what, int from, int end) {
        byte second = what[1];
        for (int at = from + 1, last = end - what.length + 1; at <= last; at++) {
            if (text[at] == second && startsWith(text, at - 1, end, what)) {
                return at - 1;
            }
        }
        return -1;
    }

    /** Where {@code what} last starts in {@code text[from, end)}, or -1. */
    private static int lastIndexOf(byte[] text, byte[] what, int from, int end) {
        for (int at = end - what.length; at >= from; at--) {
            if (startsWith(text, at, end, what)) {
                return at;
            }
        }
        return -1;
    }

    /** Whether {@code text[at, end)} starts with {@code what}. */
    private static boolean startsWith(byte[] text, int at, int end, byte[] what) {
        if (at < 0 || end - at < what.length) {
            return false;
        }
        for (int i = 0; i < what.length; i++) {
            if (text[at + i] != what[i]) {
                return false;
            }
        }
        return true;
    }

    /** Whether {@code text[start, end)} is white space only (as {@link String#isBlank} means it), or empty. */
    private static boolean isBlank(byte[] text, int start, int end) {
        return trimStart(text, start, end) == end;
    }

    /** The end of the digits at {@code at}, before {@code end}, or -1 when there are none. */
    private static int digits(byte[] text, int at, int end) {
        int digitsEnd = at;
        while (digitsEnd < end && text[digitsEnd] >= '0' && text[digitsEnd] <= '9') {
            digitsEnd++;
        }
        return digitsEnd == at ? -1 : digitsEnd;
    }

    /** The end of an optionally negative number at {@code at}, before {@code end}, or -1 when there is none. */
    private static int signedDigits(byte[] text, int at, int end) {
        return at < end && text[at] == '-' ? digits(text, at + 1, end) : digits(text, at, end);
    }

    /** The first position from {@code at}, before {@code end}, that is not white space (as {@code \\s} means it). */
    private static int skipSpaces(byte[] text, int at, int end) {
        int next = at;
        while (next < end && isSpace(text[next])) {
            next++;
        }
        return next;
    }

    private static boolean isSpace(byte c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\u000B' || c == '\f' || c == '\r';
    }

    /** Where {@code text[start, end)} ends without its trailing white space (as {@link String#strip} means it). */
    private static int trimEnd(byte[] text, int start, int end) {
        int at = end;
        while (at > start && Character.isWhitespace((char) (text[at - 1] & 0xff))) {
            at--;
        }
        return at;
    }

    /** Where {@code text[start, end)} starts without its leading white space (as {@link String#strip} means it). */
    private static int trimStart(byte[] text, int start, int end) {
        int at = start;
        while (at < end && Character.isWhitespace((char) (text[at] & 0xff))) {
            at++;
        }
        return at;
    }

    private static boolean isLetter(byte c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z';
    }

    private static boolean isWord(byte c) {
        return isLetter(c) || c >= '0' && c <= '9' || c == '_';
    }

    /** Lower-case hexadecimal digits in {@code text[start, end)}, at least one. */
    private static boolean isHex(byte[] text, int start, int end) {
        if (start >= end) {
            return false;
        }
        for (int i = start; i < end; i++) {
            byte c = text[i];
            if (!(c >= '0' && c <= '9' || c >= 'a' && c <= 'f')) {
                return false;
            }
        }
        return true;
    }

    /**
     * The first {@code <spaces>IPC: r.r (insns/cycles)} of a branch's target side, {@code text[from, end)}, which
     * ends the line.
     *
     * @return where its white space starts and the instructions, or null when there is none
     */
    private static long[] ipc(byte[] text, int from, int end) {
        for (int at = indexOf(text, IPC, from, end); at >= 0; at = indexOf(text, IPC, at + 1, end)) {
            int start = at;
            while (start > from && isSpace(text[start - 1])) {
                start--;
            }
            if (start == at) {
                continue;
            }
            int ratioEnd = digits(text, at + IPC.length, end);
            if (ratioEnd < 0 || ratioEnd >= end || text[ratioEnd] != '.') {
                continue;
            }
            ratioEnd = digits(text, ratioEnd + 1, end);
            if (ratioEnd < 0 || ratioEnd + 1 >= end || text[ratioEnd] != ' ' || text[ratioEnd + 1] != '(') {
                continue;
            }
            int instructionsEnd = digits(text, ratioEnd + 2, end);
            if (instructionsEnd < 0 || instructionsEnd >= end || text[instructionsEnd] != '/') {
                continue;
            }
            int cyclesEnd = digits(text, instructionsEnd + 1, end);
            if (cyclesEnd < 0 || cyclesEnd >= end || text[cyclesEnd] != ')') {
                continue;
            }
            return new long[] { start, decimal(text, ratioEnd + 2, instructionsEnd) };
        }
        return null;
    }

    /**
     * Where a sample's fields start in its line, past the period and event name perf prints before them when
     * asked to: {@code [period ]name[:modifiers]: }.
     *
     * @param from
     *            where the fields start when there are none of those
     * @param length
     *            where the line ends
     */
    private static int sampleStart(byte[] text, int from, int length) {
        int at = from;
        int period = digits(text, from, length);
        if (period >= 0) {
            int afterPeriod = skipSpaces(text, period, length);
            if (afterPeriod > period) {
                at = afterPeriod;
            }
        }
        if (at >= length || !(isLetter(text[at]) || text[at] == '_')) {
            return from;
        }
        int end = at + 1;
        while (end < length && (isWord(text[end]) || text[end] == '.' || text[end] == '/' || text[end] == '-')) {
            end++;
        }
        int modifiers = end;
        if (modifiers < length && text[modifiers] == ':') {
            int letters = modifiers + 1;
            while (letters < length && isLetter(text[letters])) {
                letters++;
            }
            int afterModifiers = eventEnd(text, letters, length);
            if (letters > modifiers + 1 && afterModifiers >= 0) {
                return afterModifiers;
            }
        }
        int after = eventEnd(text, end, length);
        return after >= 0 ? after : from;
    }

    /** Past the {@code :} and white space that end an event name at {@code at}, or -1 when they do not. */
    private static int eventEnd(byte[] text, int at, int length) {
        if (at >= length || text[at] != ':') {
            return -1;
        }
        int after = skipSpaces(text, at + 1, length);
        return after > at + 1 ? after : -1;
    }

    /** perf prints seconds with 9 decimals ({@code --ns}) or 6: {@code text[start, dot)} and {@code text(dot, end)}. */
    private static long nanoseconds(byte[] text, int start, int dot, int end) {
        int fractionEnd = Math.min(end, dot + 10);
        long nanos = decimal(text, dot + 1, fractionEnd);
        for (int digits = fractionEnd - dot - 1; digits < 9; digits++) {
            nanos *= 10;
        }
        return Math.addExact(Math.multiplyExact(decimal(text, start, dot), 1_000_000_000L), nanos);
    }

    /**
     * The number {@code text[start, end)}, digits after an optional {@code -}, as the scans above found them:
     * parsed without {@code Long.parseLong}'s checks of each character, which they made already, and checked for
     * overflow only when it has more digits than any long fits (the times have nine, ten with the seconds).
     *
     * @throws ArithmeticException
     *             when it does not fit a long
     */
    private static long decimal(byte[] text, int start, int end) {
        boolean negative = text[start] == '-';
        int first = negative ? start + 1 : start;
        long value = 0;
        if (end - first <= MAX_SAFE_DIGITS) {
            for (int at = first; at < end; at++) {
                value = value * 10 + text[at] - '0';
            }
        } else {
            for (int at = first; at < end; at++) {
                value = Math.addExact(Math.multiplyExact(value, 10), text[at] - '0');
            }
        }
        return negative ? -value : value;
    }

    /**
     * Whether the hexadecimal address {@code text[start, end)} is 0 (a branch out of the trace), checked by its
     * digits; an address of more than 16 significant digits is out of range, as {@code Long.parseUnsignedLong}
     * would say.
     *
     * @throws NumberFormatException
     *             when it does not fit 64 bits
     */
    private static boolean isZero(byte[] text, int start, int end) {
        int at = start;
        while (at < end && text[at] == '0') {
            at++;
        }
        if (end - at > 16) {
            throw new NumberFormatException(string(text, start, end));
        }
        return at == end;
    }

    private CallStackFormatException problem(String what, byte[] text, int start, int end) {
        String line = string(text, start, Math.min(end, start + 100));
        return new CallStackFormatException(fName, fLine, what + ": " + (end - start <= 100 ? line : line.substring(0, 97) + "..."));
    }
}
