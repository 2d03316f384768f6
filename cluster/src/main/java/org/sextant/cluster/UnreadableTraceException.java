// SPDX-License-Identifier: EPL-2.0
package org.sextant.cluster;

import java.io.IOException;

/**
 * A trace that an executor cannot read at all: not on a file system it mounts, not in an HDFS it reaches, or not
 * readable by its user. The message names the host and the path, which is what the job's one error line says.
 */
public final class UnreadableTraceException extends IOException {

    private static final long serialVersionUID = 1L;

    /**
     * @param host
     *            the executor's host
     * @param path
     *            the path it could not read
     * @param why
     *            what it found instead
     */
    public UnreadableTraceException(String host, String path, String why) {
        super("host " + host + " cannot read " + path + " (" + why + "): " + (HadoopTraces.isUri(path) //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
                ? "every executor must reach it through Hadoop's FileSystem" //$NON-NLS-1$
                : "traces must be on a file system every executor mounts at the same path")); //$NON-NLS-1$
    }
}
