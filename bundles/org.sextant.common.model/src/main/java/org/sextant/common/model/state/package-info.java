// SPDX-License-Identifier: EPL-2.0
/**
 * What every model that writes a state history needs and no more: the {@link StateWriter} it writes attribute
 * changes to. The Trace Compass side implements it over a state-system builder; tests record it.
 */
package org.sextant.common.model.state;
