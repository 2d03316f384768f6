// SPDX-License-Identifier: EPL-2.0
/**
 * Sextant's trace server: {@link org.sextant.server.core.TspServer} serves the Trace Server Protocol (API.yaml
 * 0.6) over the JDK's HTTP server, every output through Trace Compass's data provider manager, traces opened as
 * the command line opens them; {@link org.sextant.server.core.ServerOptions} bounds what it accepts and answers.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.sextant.server.core;
