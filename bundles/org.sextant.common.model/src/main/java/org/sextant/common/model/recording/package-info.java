// SPDX-License-Identifier: EPL-2.0
/**
 * What a recording directory of {@code sextant record} holds, for every opener of one (the command line's, the
 * workbench's, the trace server's): its traces, to be opened together as one experiment.
 */
package org.sextant.common.model.recording;
