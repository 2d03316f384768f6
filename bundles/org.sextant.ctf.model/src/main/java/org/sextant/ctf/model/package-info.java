// SPDX-License-Identifier: EPL-2.0
/**
 * Sextant's own CTF 1.8 codec, independent of Trace Compass: the metadata and its types, packet layouts, the
 * packet index (LTTng's, or found by scanning packet headers), and an event reader that decodes a run of
 * packets on its own. Nothing here may be null; arguments are checked where they enter.
 */
package org.sextant.ctf.model;
