// SPDX-License-Identifier: EPL-2.0
package org.sextant.spans.model;

/**
 * A traced process that took part in HTTP exchanges: its key (the process id) and the name it is shown by, its
 * process name ({@code process.title} of a Node service), with the pid added once the {@link SpanGraph} finds
 * several processes of that name.
 */
public final class Service {

    private final String fKey;
    private String fProcessName;
    private String fName;

    Service(String key) {
        fKey = key;
        fProcessName = "";
        fName = "pid " + key;
    }

    /** @return the process id */
    public String key() {
        return fKey;
    }

    /** @return its process name, empty when not traced */
    public String processName() {
        return fProcessName;
    }

    /** @return "gateway", or "node (pid 4242)" when several processes are named node, or "pid 4242" */
    public String name() {
        return fName;
    }

    void processName(String name) {
        fProcessName = name;
    }

    void name(boolean unique) {
        fName = fProcessName.isEmpty() ? "pid " + fKey : unique ? fProcessName : fProcessName + " (pid " + fKey + ')';
    }

    @Override
    public String toString() {
        return fName;
    }
}
