// SPDX-License-Identifier: EPL-2.0
/**
 * What the ftrace trace types need and others do not: locations and contexts over the reader's cursors, the
 * event aspects, user-visible strings.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.sextant.internal.ftrace.core;
