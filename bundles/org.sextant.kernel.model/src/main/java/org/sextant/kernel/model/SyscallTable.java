// SPDX-License-Identifier: EPL-2.0
package org.sextant.kernel.model;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/**
 * System call names by number, for one architecture: what events that give the call by number ({@code
 * raw_syscalls}) need to be read by name. Generated from Linux's UAPI headers by
 * {@code tools/capture/syscall-table.sh}; x86_64 is the only table so far.
 */
public final class SyscallTable {

    /** x86_64's calls. */
    public static final SyscallTable X86_64 = load("x86_64", "syscalls-x86_64.properties");

    private final String fArchitecture;
    /** Names by number: the numbers are small, from 0, so an array holds them, with a few gaps. */
    private final String[] fNames;

    private SyscallTable(String architecture, String[] names) {
        fArchitecture = architecture;
        fNames = names;
    }

    /**
     * @param architecture
     *            a machine name as {@code uname -m} gives it, or null when unknown
     * @return its table; one that names nothing when Sextant has none for it, since another architecture's
     *         numbers would name the wrong calls
     */
    public static SyscallTable of(String architecture) {
        if (X86_64.fArchitecture.equals(architecture)) {
            return X86_64;
        }
        return new SyscallTable(architecture == null ? "unknown" : architecture, new String[0]);
    }

    /** @return the architecture's name */
    public String architecture() {
        return fArchitecture;
    }

    /**
     * @param number
     *            a system call number
     * @return its name, or null when the table has none
     */
    public String name(long number) {
        return number >= 0 && number < fNames.length ? fNames[(int) number] : null;
    }

    private static SyscallTable load(String architecture, String resource) {
        Properties properties = new Properties();
        try (InputStream in = SyscallTable.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + resource);
            }
            properties.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        int size = properties.keySet().stream().mapToInt(number -> Integer.parseInt(number.toString()) + 1).max().orElse(0);
        String[] names = new String[size];
        properties.forEach((number, name) -> names[Integer.parseInt(number.toString())] = name.toString());
        return new SyscallTable(architecture, names);
    }
}
