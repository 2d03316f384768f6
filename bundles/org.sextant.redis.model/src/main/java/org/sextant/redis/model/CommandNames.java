// SPDX-License-Identifier: EPL-2.0
package org.sextant.redis.model;

import java.util.ArrayList;
import java.util.List;

/**
 * The names of a read's commands as one event carries them ({@code docs/redis-events.md}, the {@code commands}
 * field): names separated by a space, one per command (events versions 3 to 5); from version 6 a run of
 * consecutive commands of one name gives the name once, followed by {@code '*'} and the run's length when it holds
 * more than one ({@code "get*16 set"}).
 * <p>
 * The same event's {@code argc} and {@code slot} sequences hold one element per command, which tells the two forms
 * apart: only runs make the names fewer than the commands. A name of versions 3 to 5 that holds a {@code '*'}
 * therefore stays a name, and a version 6 name holds none (the tracer writes it {@code '?'}).
 */
public final class CommandNames {

    private static final char RUN = '*';

    private CommandNames() {
    }

    /**
     * @param names
     *            the {@code commands} field
     * @param commands
     *            how many commands the event holds (the length of its {@code slot} sequence)
     * @return the name of each command in order: no more than {@code commands} when runs are written, and as many
     *         when each run is as long as it says; a run whose length is not a number is one command of that text
     */
    public static List<String> of(String names, int commands) {
        if (names.isEmpty()) {
            return List.of();
        }
        String[] written = names.split(" "); //$NON-NLS-1$
        if (written.length >= commands) {
            return List.of(written);
        }
        List<String> each = new ArrayList<>(commands);
        for (String name : written) {
            int mark = name.indexOf(RUN);
            int run = mark < 0 ? 1 : length(name.substring(mark + 1), commands);
            String command = mark < 0 || run < 1 ? name : name.substring(0, mark);
            for (int i = Math.max(run, 1); i > 0 && each.size() < commands; i--) {
                each.add(command);
            }
        }
        return each;
    }

    /** @return the run's length, at most {@code most + 1}; 0 when its digits are not a positive number */
    private static int length(String digits, int most) {
        long run = 0;
        for (int i = 0; i < digits.length(); i++) {
            char c = digits.charAt(i);
            if (c < '0' || c > '9') {
                return 0;
            }
            run = Math.min(run * 10 + c - '0', most + 1L);
        }
        return (int) run;
    }
}
