// SPDX-License-Identifier: EPL-2.0
package org.sextant.cluster;

import java.io.Serializable;

/**
 * A trace the job was given: one task's input.
 *
 * @param name
 *            its name in the job's results: the directory it was found under, then its path below it
 * @param path
 *            its absolute path, the same on every executor (a shared file system)
 */
public record TraceRef(String name, String path) implements Serializable {
}
