// SPDX-License-Identifier: EPL-2.0
/**
 * Partitioning of CTF traces for parallel analysis, independent of Trace Compass: the packets of each stream
 * (from LTTng's packet index, or by scanning packet headers where there is none) grouped into chunks that
 * workers can decode independently. Nothing here may be null; arguments are checked where they enter.
 */
package org.sextant.parallel.model;
