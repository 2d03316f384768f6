// SPDX-License-Identifier: EPL-2.0
package org.sextant.ftrace.model;

import java.nio.charset.StandardCharsets;

/**
 * Recognises one line of an ftrace text trace, in place (one parser reused for every line):
 * <ul>
 * <li>an event, {@code [INSTANCE: ]COMM-PID [(TGID)] [CPU] [FLAGS] SECONDS.FRACTION: NAME: PAYLOAD}, the flags
 * column being the kernel's ({@code d..2.}), the fraction of 6 digits (microseconds) or 9 (nanoseconds);</li>
 * <li>a loss, {@code [INSTANCE: ]CPU:N [M EVENTS DROPPED]} (trace-cmd) or {@code CPU:N [LOST M EVENTS]} (the
 * kernel), without M when the count is unknown;</li>
 * <li>anything else.</li>
 * </ul>
 */
final class TextLine {

    /** What a line is. */
    enum Type {
        /** an event */
        EVENT,
        /** events lost on a CPU */
        LOST,
        /** neither */
        OTHER
    }

    private static final long NANOS = 1_000_000_000L;
    private static final long[] SCALE = { NANOS, 100_000_000, 10_000_000, 1_000_000, 100_000, 10_000, 1_000, 100, 10, 1 };
    private static final int MAX_CPU = 1 << 16;

    private byte[] fBytes;
    private Type fType;
    private int fCpu;
    private int fPid;
    private long fTime;
    private long fLost;
    private int fCommStart;
    private int fCommEnd;
    private int fNameStart;
    private int fNameEnd;
    private int fPayload;
    private int fEnd;
    private boolean fFlags;
    private String fProblem;

    /**
     * @param bytes
     *            the buffer holding the line
     * @param start
     *            where the line starts
     * @param end
     *            where it ends (its newline excluded)
     * @return what it is; for an event or a loss, the getters say the rest
     */
    Type parse(byte[] bytes, int start, int end) {
        fBytes = bytes;
        fEnd = end;
        fProblem = null;
        fType = lost(start, end) ? Type.LOST : event(start, end) ? Type.EVENT : Type.OTHER;
        return fType;
    }

    /** @return for a line that is almost an event (a CPU and a thread found), what is wrong with it; else null */
    String problem() {
        return fProblem;
    }

    private boolean lost(int start, int end) {
        if (end - start > 200 || end == start || fBytes[end - 1] != ']') {
            return false;
        }
        int cpu = afterPrefix(start, end);
        if (indexOf("CPU:", cpu, Math.min(end, cpu + 4)) != cpu) {
            return false;
        }
        int at = cpu + 4;
        int digits = digits(at, end);
        if (digits == 0 || digits > 5 || at + digits + 2 > end || fBytes[at + digits] != ' ' || fBytes[at + digits + 1] != '[') {
            return false;
        }
        String inside = new String(fBytes, at + digits + 2, end - 1 - (at + digits + 2), StandardCharsets.US_ASCII);
        String count;
        if (inside.endsWith("EVENTS DROPPED")) {
            count = inside.substring(0, inside.length() - 14).trim();
        } else if (inside.startsWith("LOST ") && inside.endsWith("EVENTS")) {
            count = inside.substring(5, inside.length() - 6).trim();
        } else {
            return false;
        }
        if (!count.isEmpty() && !count.chars().allMatch(Character::isDigit) || count.length() > 18) {
            return false;
        }
        fCpu = Integer.parseInt(new String(fBytes, at, digits, StandardCharsets.US_ASCII));
        fLost = count.isEmpty() ? -1 : Long.parseLong(count);
        return true;
    }

    private boolean event(int start, int end) {
        for (int open = indexOf(" [", start, end); open >= 0; open = indexOf(" [", open + 1, end)) {
            int at = open + 2;
            int digits = digits(at, end);
            if (digits == 0 || digits > 5 || at + digits >= end || fBytes[at + digits] != ']') {
                continue;
            }
            int headEnd = open;
            while (headEnd > start && fBytes[headEnd - 1] == ' ') {
                headEnd--;
            }
            if (headEnd > start && fBytes[headEnd - 1] == ')') {
                // the thread group column: "(  1234)"
                int group = headEnd - 1;
                while (group > start && fBytes[group] != '(') {
                    group--;
                }
                headEnd = group;
                while (headEnd > start && fBytes[headEnd - 1] == ' ') {
                    headEnd--;
                }
            }
            int pidDigits = 0;
            while (headEnd - pidDigits - 1 >= start && isDigit(fBytes[headEnd - pidDigits - 1])) {
                pidDigits++;
            }
            int dash = headEnd - pidDigits - 1;
            if (pidDigits == 0 || pidDigits > 9 || dash < start || fBytes[dash] != '-') {
                continue;
            }
            fCpu = (int) number(at, digits);
            fPid = (int) number(dash + 1, pidDigits);
            comm(start, dash);
            return rest(at + digits + 1, end);
        }
        return false;
    }

    /** The command name before "-PID": after an instance's "NAME: ", without the padding before it. */
    private void comm(int start, int end) {
        fCommStart = afterPrefix(start, end);
        fCommEnd = end;
    }

    /**
     * @return where the line's text starts: past the padding, and past the name of the instance that trace-cmd
     *         prints first ({@code "NAME: "}) when the first word ends with a colon
     */
    private int afterPrefix(int start, int end) {
        int from = skipSpaces(start, end);
        int word = from;
        while (word < end && fBytes[word] != ' ') {
            word++;
        }
        return word > from && word < end && fBytes[word - 1] == ':' ? skipSpaces(word, end) : from;
    }

    /** After the CPU: the kernel's flags, the time, the name and the payload. */
    private boolean rest(int from, int end) {
        int at = skipSpaces(from, end);
        fFlags = false;
        if (!isTime(at, end)) {
            int token = at;
            while (token < end && fBytes[token] != ' ') {
                token++;
            }
            at = skipSpaces(token, end);
            fFlags = true;
            if (!isTime(at, end)) {
                fProblem = "expected the event's time (SECONDS.FRACTION:) after its CPU";
                return false;
            }
        }
        int seconds = digits(at, end);
        int fraction = digits(at + seconds + 1, end);
        if (seconds > 10 || fraction > 9) {
            fProblem = "the event's time has more digits than nanoseconds since boot can";
            return false;
        }
        fTime = number(at, seconds) * NANOS + number(at + seconds + 1, fraction) * SCALE[fraction];
        at += seconds + 1 + fraction + 1;
        if (at < end && fBytes[at] == ' ') {
            at++;
        }
        fNameStart = at;
        while (at < end && fBytes[at] != ':' && fBytes[at] != ' ') {
            at++;
        }
        if (at >= end || fBytes[at] != ':' || at == fNameStart) {
            fProblem = "expected the event's name and a colon after its time";
            return false;
        }
        fNameEnd = at;
        fPayload = at + 1;
        return true;
    }

    private boolean isTime(int at, int end) {
        int seconds = digits(at, end);
        if (seconds == 0 || at + seconds >= end || fBytes[at + seconds] != '.') {
            return false;
        }
        int fraction = digits(at + seconds + 1, end);
        return fraction > 0 && at + seconds + 1 + fraction < end && fBytes[at + seconds + 1 + fraction] == ':';
    }

    private int skipSpaces(int from, int end) {
        int at = from;
        while (at < end && fBytes[at] == ' ') {
            at++;
        }
        return at;
    }

    private int digits(int from, int end) {
        int at = from;
        while (at < end && isDigit(fBytes[at])) {
            at++;
        }
        return at - from;
    }

    private long number(int from, int digits) {
        long value = 0;
        for (int i = from; i < from + digits; i++) {
            value = value * 10 + (fBytes[i] - '0');
        }
        return value;
    }

    private static boolean isDigit(byte b) {
        return b >= '0' && b <= '9';
    }

    private int indexOf(String text, int from, int end) {
        outer: for (int i = from; i <= end - text.length(); i++) {
            for (int j = 0; j < text.length(); j++) {
                if (fBytes[i + j] != text.charAt(j)) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }

    /** @return whether the CPU is in range */
    boolean cpuInRange() {
        return fCpu < MAX_CPU;
    }

    int cpu() {
        return fCpu;
    }

    int pid() {
        return fPid;
    }

    long time() {
        return fTime;
    }

    /** @return for a loss, how many events were lost, -1 when the line does not say */
    long lost() {
        return fLost;
    }

    /** @return whether the event line has the kernel's flags column (the kernel's own trace file) */
    boolean hasFlags() {
        return fFlags;
    }

    String comm() {
        return new String(fBytes, fCommStart, fCommEnd - fCommStart, StandardCharsets.UTF_8);
    }

    String name() {
        return new String(fBytes, fNameStart, fNameEnd - fNameStart, StandardCharsets.UTF_8);
    }

    /** @return whether the event's name is that text, without making a string */
    boolean nameIs(String name) {
        if (fNameEnd - fNameStart != name.length()) {
            return false;
        }
        for (int i = 0; i < name.length(); i++) {
            if (fBytes[fNameStart + i] != name.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    /** @return where the payload starts (just after the name's colon) */
    int payload() {
        return fPayload;
    }

    int end() {
        return fEnd;
    }
}
