// SPDX-License-Identifier: EPL-2.0
/**
 * How a trace, a recording or an experiment of chosen traces is opened without a workspace: the trace type,
 * the recording's layout, Sextant's CTF checks first. The command line, the trace server and the GUI's start-up
 * all open traces here.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.sextant.common.core.open;
