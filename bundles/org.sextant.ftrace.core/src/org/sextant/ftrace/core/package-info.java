// SPDX-License-Identifier: EPL-2.0
/**
 * ftrace in Trace Compass: the trace types of trace-cmd's {@code .dat} files and of ftrace text, their events
 * (the format's name, the fields as Longs and Strings, the CPU and thread through aspects) and the kernel event
 * layout that lets Trace Compass's own kernel analyses and views read them.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.sextant.ftrace.core;
