// SPDX-License-Identifier: EPL-2.0
/**
 * What every reader of a line-oriented text format needs: a bound on the length of a line, so that a file
 * with no line ends costs an error, not all the memory there is.
 */
package org.sextant.common.model.text;
