// SPDX-License-Identifier: EPL-2.0
package org.sextant.kernel.model;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;

/**
 * x86_64 system call names by number: what {@code raw_syscalls} events carry instead of a name. Generated from
 * Linux's UAPI header by {@code tools/capture/syscall-table.sh}.
 */
public final class SyscallTable {

    private static final Map<Long, String> X86_64 = load("syscalls-x86_64.properties");

    private SyscallTable() {
    }

    /**
     * @param id
     *            an x86_64 system call number
     * @return its name, or null when the table has none
     */
    public static String x86_64(long id) {
        return X86_64.get(id);
    }

    private static Map<Long, String> load(String resource) {
        Properties properties = new Properties();
        try (InputStream in = SyscallTable.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + resource);
            }
            properties.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Map<Long, String> table = new HashMap<>();
        properties.forEach((id, name) -> table.put(Long.valueOf(id.toString()), name.toString()));
        return Map.copyOf(table);
    }
}
