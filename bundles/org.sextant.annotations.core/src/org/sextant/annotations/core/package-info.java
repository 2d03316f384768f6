// SPDX-License-Identifier: EPL-2.0
/**
 * The annotations analysis of an ftrace trace: the state system of a program's {@code trace_marker}
 * annotations followed with the scheduler, and the segment store of its annotation instances. Their ids are
 * also their history file names.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.sextant.annotations.core;
