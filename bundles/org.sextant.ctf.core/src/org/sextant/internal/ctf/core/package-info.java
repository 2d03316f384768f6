// SPDX-License-Identifier: EPL-2.0
/**
 * The CTF 2 trace type's reading state (contexts and locations) and its user-visible strings.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.sextant.internal.ctf.core;
