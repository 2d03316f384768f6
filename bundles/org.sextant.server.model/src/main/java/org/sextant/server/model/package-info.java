// SPDX-License-Identifier: EPL-2.0
/**
 * What the trace server decides without Trace Compass: which paths a client may open ({@link
 * org.sextant.server.model.TraceRoots}), whether a request's parameters make sense and what they ask for ({@link
 * org.sextant.server.model.Query}), and which endpoint a path names ({@link org.sextant.server.model.PathTemplate}).
 * Every refusal is a {@link org.sextant.server.model.BadRequestException} carrying the HTTP status and a sentence
 * naming the parameter or path.
 */
package org.sextant.server.model;
