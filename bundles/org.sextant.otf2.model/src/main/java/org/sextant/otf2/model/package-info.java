// SPDX-License-Identifier: EPL-2.0
/**
 * Sextant's own reader of OTF2 archives (the Open Trace Format 2 of Score-P), independent of the OTF2 C library
 * and of Trace Compass: the anchor file, the global definitions, each location's local definition mappings, and
 * its event file of chunks, decoded record by record with OTF2's compressed integers. Nothing here may be null.
 */
package org.sextant.otf2.model;
