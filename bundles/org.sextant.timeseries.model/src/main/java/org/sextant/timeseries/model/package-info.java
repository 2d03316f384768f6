// SPDX-License-Identifier: EPL-2.0
/**
 * Time-series export, independent of Trace Compass: InfluxDB's line protocol, a writer that sends it in batches
 * over HTTP (InfluxDB 1.x {@code /write}, 2.x and 3.x {@code /api/v2/write}) and says exactly how many points
 * landed, InfluxQL queries, the schema that turns an OTF2 archive's events into points, and the nine metrics of
 * Dikkala's thesis computed in one pass over the archive. Nothing here may be null unless marked so.
 */
package org.sextant.timeseries.model;
