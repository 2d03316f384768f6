// SPDX-License-Identifier: EPL-2.0
package org.sextant.parallel.engine;

/**
 * What {@link HistoryAnalysis#build} or {@link DirectHistory#build} did.
 *
 * @param report
 *            the report
 * @param end
 *            the time of the last event, in nanoseconds
 */
public record Built(Report report, long end) {
}
