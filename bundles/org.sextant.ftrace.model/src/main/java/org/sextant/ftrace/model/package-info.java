// SPDX-License-Identifier: EPL-2.0
/**
 * Sextant's ftrace reader, independent of Trace Compass: trace-cmd {@code .dat} files (versions 6 and 7,
 * uncompressed), decoded from the file's own event formats and the kernel's ring-buffer pages, and ftrace text
 * (trace-cmd report's raw fields, or the kernel's own trace file). {@link org.sextant.ftrace.model.FtraceTrace#open}
 * opens either; a {@link org.sextant.ftrace.model.Cursor} reads its events in time order from any
 * {@link org.sextant.ftrace.model.Position}. Errors name the file and the byte offset or line.
 */
package org.sextant.ftrace.model;
