// SPDX-License-Identifier: EPL-2.0
/**
 * CTF 2 in Trace Compass: a trace type over Sextant's CTF codec ({@code org.sextant.ctf.model}), since Trace
 * Compass 6.2's own CTF reader reads CTF 1.8 only. Its events carry their payload and contexts as fields, their
 * CPU as an aspect, and the trace's directory is what Sextant's parallel builds read.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.sextant.ctf.core;
