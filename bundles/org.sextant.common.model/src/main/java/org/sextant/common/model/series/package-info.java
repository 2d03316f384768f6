// SPDX-License-Identifier: EPL-2.0
/** Series arithmetic the data providers share: rates per second from cumulative counts. */
package org.sextant.common.model.series;
