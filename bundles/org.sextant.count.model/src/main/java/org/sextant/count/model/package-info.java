// SPDX-License-Identifier: EPL-2.0
/**
 * Event counting, independent of Trace Compass: a tracker that turns decoded events (time, CPU, type) into
 * cumulative counts, the summary of a finished count, and the conversion of cumulative counts into rates.
 * Nothing here may be null; arguments are checked where they enter.
 */
package org.sextant.count.model;
