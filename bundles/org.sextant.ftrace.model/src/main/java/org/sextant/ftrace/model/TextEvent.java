// SPDX-License-Identifier: EPL-2.0
package org.sextant.ftrace.model;

/** An event of a text trace: its fields read from its line, values typed as {@link TextTrace} explains. */
final class TextEvent extends FtraceEvent {

    private final String fName;
    private final int fPid;
    private final String fComm;
    private final String[] fFieldNames;
    private final Object[] fValues;

    TextEvent(String name, int cpu, long timestamp, int pid, String comm, String[] fieldNames, Object[] values) {
        super(cpu, timestamp);
        fName = name;
        fPid = pid;
        fComm = comm;
        fFieldNames = fieldNames;
        fValues = values;
    }

    @Override
    public String name() {
        return fName;
    }

    @Override
    public int pid() {
        return fPid;
    }

    @Override
    public String comm() {
        return fComm;
    }

    @Override
    public int fieldCount() {
        return fValues.length;
    }

    @Override
    public String fieldName(int index) {
        return fFieldNames[index];
    }

    @Override
    public Object value(int index) {
        return fValues[index];
    }
}
