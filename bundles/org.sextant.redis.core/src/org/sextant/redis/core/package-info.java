// SPDX-License-Identifier: EPL-2.0
/**
 * The Redis analyses of a trace, or of an experiment of one trace per Redis node: the resource model's state
 * system and the request latency segment store. Their ids are also their history file names.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.sextant.redis.core;
