// SPDX-License-Identifier: EPL-2.0
/**
 * Mutation fuzzing of the model readers, a development tool shipped in no feature: real inputs damaged the
 * ways files get damaged ({@link Mutator}), a reader run over the mutants and every outcome sorted
 * ({@link Campaign}: a clean error, a result that keeps the reader's invariants, or a failure). The tests beside
 * it name each reader, its clean error and its invariants; {@code ./sextant fuzz} runs them for longer.
 */
package org.sextant.fuzz.model;
