// SPDX-License-Identifier: EPL-2.0
/**
 * OTF2 archives in Trace Compass: the trace type, its events, the call-stack analysis per location and the
 * analysis of MPI messages and region times.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.sextant.otf2.core;
