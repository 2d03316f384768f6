// SPDX-License-Identifier: EPL-2.0
/**
 * What a family contributes to {@code sextant bench}: an {@link org.sextant.common.core.bench.IHeadlessBenchmark}
 * registered beside its summary, and the measuring instruments benchmarks share (peak heap, process CPU time, one
 * core).
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.sextant.common.core.bench;
