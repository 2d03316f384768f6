// SPDX-License-Identifier: EPL-2.0
/**
 * The parallel state-system builder, independent of Trace Compass: a CTF trace's streams cut into chunks of
 * consecutive packets, chunk analyses run on worker threads with chunk-local state, and one time-ordered merge
 * of their changes into a {@link org.sextant.common.model.state.StateWriter}. It reads CTF through
 * {@code org.sextant.ctf.model}. Nothing here may be null; arguments are checked where they enter.
 */
package org.sextant.parallel.model;
