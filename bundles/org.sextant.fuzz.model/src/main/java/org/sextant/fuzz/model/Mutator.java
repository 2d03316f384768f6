// SPDX-License-Identifier: EPL-2.0
package org.sextant.fuzz.model;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * Damages an input the ways real files get damaged, chosen by a seed so that every mutant can be made again:
 * bits flipped, a field overwritten with a boundary value (0, all ones, the largest long, a sign bit), the file
 * cut short, a block deleted, repeated or swapped with another (packets or records out of order). Text inputs
 * also get line edits: a line deleted, repeated or moved, a number on it replaced by a boundary value.
 */
public final class Mutator {

    /** Values that find off-by-one and overflow mistakes: each also written in the field widths below. */
    private static final long[] BOUNDARIES = { 0, 1, -1, Long.MAX_VALUE, Long.MIN_VALUE, Integer.MAX_VALUE, Integer.MIN_VALUE, 0x80,
            0xFFFF, 1L << 32 };
    private static final int[] WIDTHS = { 1, 2, 4, 8 };

    /**
     * A damaged input.
     *
     * @param bytes
     *            its content
     * @param description
     *            what was done, to reproduce it by hand
     */
    public record Mutant(byte[] bytes, String description) {
    }

    private Mutator() {
    }

    /**
     * @param original
     *            the input
     * @param seed
     *            chooses the damage: the same seed makes the same mutant
     * @return the input with one to three kinds of damage
     */
    public static Mutant mutate(byte[] original, long seed) {
        Random random = new Random(seed);
        byte[] bytes = original.clone();
        List<String> done = new ArrayList<>();
        boolean text = isText(original);
        int edits = 1 + random.nextInt(3);
        for (int i = 0; i < edits && bytes.length > 0; i++) {
            int kind = random.nextInt(text ? 9 : 6);
            bytes = switch (kind) {
            case 0 -> flipBits(bytes, random, done);
            case 1, 2 -> overwrite(bytes, random, done);
            case 3 -> truncate(bytes, random, done);
            case 4 -> deleteOrRepeat(bytes, random, done);
            case 5 -> swap(bytes, random, done);
            case 6 -> lines(bytes, random, done);
            default -> number(bytes, random, done);
            };
        }
        return new Mutant(bytes, String.join("; ", done));
    }

    /**
     * Damages one of some ranges of the input only, the rest kept as it is (a range cut short, or grown, moves
     * what follows it).
     *
     * @param original
     *            the input
     * @param seed
     *            chooses the range, in proportion to their sizes, and the damage
     * @param ranges
     *            byte ranges {@code {from, to}} of the input
     * @return the input with one range damaged
     */
    public static Mutant mutate(byte[] original, long seed, List<int[]> ranges) {
        long total = ranges.stream().mapToLong(range -> range[1] - range[0]).sum();
        long at = Math.floorMod(new Random(seed).nextLong(), Math.max(1, total));
        for (int[] range : ranges) {
            if (at < range[1] - range[0]) {
                Mutant part = mutate(Arrays.copyOfRange(original, range[0], range[1]), seed);
                byte[] bytes = new byte[original.length - (range[1] - range[0]) + part.bytes().length];
                System.arraycopy(original, 0, bytes, 0, range[0]);
                System.arraycopy(part.bytes(), 0, bytes, range[0], part.bytes().length);
                System.arraycopy(original, range[1], bytes, range[0] + part.bytes().length, original.length - range[1]);
                return new Mutant(bytes, "in bytes " + range[0] + " to " + range[1] + ": " + part.description());
            }
            at -= range[1] - range[0];
        }
        return mutate(original, seed);
    }

    private static boolean isText(byte[] bytes) {
        for (int i = 0; i < Math.min(bytes.length, 4096); i++) {
            if (bytes[i] == 0) {
                return false;
            }
        }
        return true;
    }

    private static byte[] flipBits(byte[] bytes, Random random, List<String> done) {
        int flips = 1 + random.nextInt(8);
        for (int i = 0; i < flips; i++) {
            int at = random.nextInt(bytes.length);
            int bit = random.nextInt(8);
            bytes[at] ^= (byte) (1 << bit);
            done.add("flip bit " + bit + " at " + at);
        }
        return bytes;
    }

    private static byte[] overwrite(byte[] bytes, Random random, List<String> done) {
        int width = WIDTHS[random.nextInt(WIDTHS.length)];
        if (bytes.length < width) {
            return bytes;
        }
        // Fields sit at aligned offsets more often than not.
        int at = random.nextInt(bytes.length - width + 1);
        if (random.nextBoolean()) {
            at -= at % width;
        }
        long value = random.nextInt(4) == 0 ? random.nextLong() : BOUNDARIES[random.nextInt(BOUNDARIES.length)];
        ByteOrder order = random.nextBoolean() ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN;
        byte[] field = ByteBuffer.allocate(8).order(order).putLong(value).array();
        System.arraycopy(field, order == ByteOrder.LITTLE_ENDIAN ? 0 : 8 - width, bytes, at, width);
        done.add("write " + value + " as " + width + " bytes " + order + " at " + at);
        return bytes;
    }

    private static byte[] truncate(byte[] bytes, Random random, List<String> done) {
        int length = random.nextInt(bytes.length);
        done.add("truncate to " + length);
        return Arrays.copyOf(bytes, length);
    }

    private static byte[] deleteOrRepeat(byte[] bytes, Random random, List<String> done) {
        int from = random.nextInt(bytes.length);
        int length = 1 + random.nextInt(Math.min(4096, bytes.length - from));
        byte[] out;
        if (random.nextBoolean()) {
            out = new byte[bytes.length - length];
            System.arraycopy(bytes, 0, out, 0, from);
            System.arraycopy(bytes, from + length, out, from, bytes.length - from - length);
            done.add("delete " + length + " bytes at " + from);
        } else {
            out = new byte[bytes.length + length];
            System.arraycopy(bytes, 0, out, 0, from + length);
            System.arraycopy(bytes, from, out, from + length, bytes.length - from);
            done.add("repeat " + length + " bytes at " + from);
        }
        return out;
    }

    private static byte[] swap(byte[] bytes, Random random, List<String> done) {
        int length = 1 + random.nextInt(Math.max(1, Math.min(4096, bytes.length / 2)));
        if (2 * length > bytes.length) {
            return bytes;
        }
        int a = random.nextInt(bytes.length - 2 * length + 1);
        int b = a + length + random.nextInt(bytes.length - a - 2 * length + 1);
        byte[] block = Arrays.copyOfRange(bytes, a, a + length);
        System.arraycopy(bytes, b, bytes, a, length);
        System.arraycopy(block, 0, bytes, b, length);
        done.add("swap " + length + " bytes at " + a + " and " + b);
        return bytes;
    }

    private static byte[] lines(byte[] bytes, Random random, List<String> done) {
        List<String> lines = new ArrayList<>(Arrays.asList(new String(bytes, StandardCharsets.UTF_8).split("\n", -1)));
        int at = random.nextInt(lines.size());
        switch (random.nextInt(3)) {
        case 0 -> {
            lines.remove(at);
            done.add("delete line " + (at + 1));
        }
        case 1 -> {
            lines.add(at, lines.get(at));
            done.add("repeat line " + (at + 1));
        }
        default -> {
            int to = random.nextInt(lines.size());
            lines.add(to, lines.remove(at));
            done.add("move line " + (at + 1) + " to " + (to + 1));
        }
        }
        return String.join("\n", lines).getBytes(StandardCharsets.UTF_8);
    }

    /** Replaces one run of digits with a boundary value, a number read from text being where overflow starts. */
    private static byte[] number(byte[] bytes, Random random, List<String> done) {
        List<int[]> runs = new ArrayList<>();
        for (int i = 0; i < bytes.length;) {
            if (Character.isDigit(bytes[i])) {
                int start = i;
                while (i < bytes.length && Character.isDigit(bytes[i])) {
                    i++;
                }
                runs.add(new int[] { start, i });
            } else {
                i++;
            }
        }
        if (runs.isEmpty()) {
            return bytes;
        }
        int[] run = runs.get(random.nextInt(runs.size()));
        String value = switch (random.nextInt(4)) {
        case 0 -> Long.toString(Long.MAX_VALUE);
        case 1 -> "99999999999999999999";
        case 2 -> "0";
        default -> Long.toString(Math.abs(random.nextLong() % 1_000_000_000_000L));
        };
        byte[] digits = value.getBytes(StandardCharsets.US_ASCII);
        byte[] out = new byte[bytes.length - (run[1] - run[0]) + digits.length];
        System.arraycopy(bytes, 0, out, 0, run[0]);
        System.arraycopy(digits, 0, out, run[0], digits.length);
        System.arraycopy(bytes, run[1], out, run[0] + digits.length, bytes.length - run[1]);
        done.add("number at " + run[0] + " becomes " + value);
        return out;
    }
}
