// SPDX-License-Identifier: EPL-2.0
/**
 * Annotated parallel programs, independent of Trace Compass: the annotations a program writes to ftrace's
 * {@code trace_marker} (Sextant's library, the paper's {@code PE:n;task}/{@code barrier}, atrace's
 * {@code B|pid|name}), followed with the scheduler's events into the state of every CPU and thread, and the
 * report drawn from that state: per annotation, per barrier instance, per parallel region. Nothing here may be
 * null unless marked so.
 */
package org.sextant.annotations.model;
