// SPDX-License-Identifier: EPL-2.0
package org.sextant.spans.model;

/**
 * A traced process that took part in HTTP exchanges: its key (the process id) and the name it is shown by. That
 * is its process name (a Node service names itself with {@code process.title}) when no other process has it;
 * else the name and the lowest port it served on ("node :8080"), or for a process that served nothing the name
 * and its pid ("node (pid 4242)").
 */
public final class Service {

    private final String fKey;
    private String fProcessName;
    private String fName;
    private int fPort = -1;

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

    /** @return "gateway", "node :8080" or "node (pid 4242)" when several processes are named node, or "pid 4242" */
    public String name() {
        return fName;
    }

    void processName(String name) {
        fProcessName = name;
    }

    /** A connection accepted on that local "address:port". */
    void served(String local) {
        int port = Integer.parseInt(local.substring(local.lastIndexOf(':') + 1));
        fPort = fPort < 0 ? port : Math.min(fPort, port);
    }

    void name(boolean unique) {
        if (fProcessName.isEmpty()) {
            fName = "pid " + fKey;
        } else if (unique) {
            fName = fProcessName;
        } else {
            fName = fPort >= 0 ? fProcessName + " :" + fPort : fProcessName + " (pid " + fKey + ')';
        }
    }

    @Override
    public String toString() {
        return fName;
    }
}
