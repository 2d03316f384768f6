// SPDX-License-Identifier: EPL-2.0
/**
 * The trace server's parts: the {@code org.sextant.server.core.serve} application, the router, the registry of
 * traces and experiments, one handler class per group of endpoints, and the JSON shapes of API.yaml.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.sextant.internal.server.core;
