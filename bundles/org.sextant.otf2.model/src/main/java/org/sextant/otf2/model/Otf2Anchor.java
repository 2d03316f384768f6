// SPDX-License-Identifier: EPL-2.0
package org.sextant.otf2.model;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The anchor file of an OTF2 archive ({@code NAME.otf2}): the OTF2 version that wrote it, chunk sizes, file
 * substrate and compression, and counts. This reader takes the POSIX substrate without compression (what Score-P
 * and the OTF2 writer API produce by default); other substrates and a newer anchor format are refused by name.
 *
 * @param version
 *            the OTF2 version, "major.minor.bugfix"
 * @param chunkSizeEvents
 *            the size in bytes of each chunk of an event file
 * @param chunkSizeDefinitions
 *            the size in bytes of each chunk of a definitions file
 * @param numberOfLocations
 *            how many locations the archive has
 * @param numberOfGlobalDefinitions
 *            how many global definition records it has
 * @param machine
 *            the machine name, often empty
 * @param creator
 *            the creator, often empty
 * @param description
 *            the description, often empty
 * @param properties
 *            the archive's properties, in file order
 * @param traceId
 *            the trace identifier
 */
public record Otf2Anchor(String version, long chunkSizeEvents, long chunkSizeDefinitions, long numberOfLocations,
        long numberOfGlobalDefinitions, String machine, String creator, String description,
        Map<String, String> properties, long traceId) {

    private static final String MAGIC = "OTF2";
    private static final int NEWEST_ANCHOR_FORMAT = 3;
    private static final int SUBSTRATE_POSIX = 1;
    private static final int COMPRESSION_NONE = 1;

    static Otf2Anchor read(Otf2Buffer in) throws Otf2FormatException {
        in.chunkHeader(false);
        int at = in.position();
        String magic = in.string();
        if (!MAGIC.equals(magic)) {
            throw in.error(at, "not an OTF2 anchor file (magic \"" + magic + "\")");
        }
        at = in.position();
        int anchorFormat = in.uint8();
        if (anchorFormat == 0 || anchorFormat > NEWEST_ANCHOR_FORMAT) {
            throw in.error(at, "anchor format " + anchorFormat + " is not one this reader knows (1 to "
                    + NEWEST_ANCHOR_FORMAT + "): written by a newer OTF2?");
        }
        in.uint8(); // the trace format, which the version below identifies too
        String version = in.uint8() + "." + in.uint8() + "." + in.uint8();
        long chunkEvents = in.fullUint64();
        long chunkDefs = in.fullUint64();
        at = in.position();
        int substrate = in.uint8();
        if (substrate != SUBSTRATE_POSIX) {
            throw in.error(at, "file substrate " + substrate + " is not POSIX (1), the only one this reader takes");
        }
        at = in.position();
        int compression = in.uint8();
        if (compression != COMPRESSION_NONE) {
            throw in.error(at, "compression " + compression + " is not NONE (1), the only one this reader takes");
        }
        long locations = in.fullUint64();
        long globalDefs = in.fullUint64();
        String machine = in.string();
        String creator = in.string();
        String description = in.string();
        Map<String, String> properties = new LinkedHashMap<>();
        long traceId = 0;
        if (anchorFormat > 1) {
            long count = in.fullUint32();
            for (long i = 0; i < count; i++) {
                properties.put(in.string(), in.string());
            }
            traceId = in.fullUint64();
        }
        if (chunkEvents <= 0 || chunkDefs <= 0) {
            throw in.error(0x0c, "chunk sizes " + chunkEvents + " and " + chunkDefs + " must be positive");
        }
        return new Otf2Anchor(version, chunkEvents, chunkDefs, locations, globalDefs, machine, creator, description,
                Map.copyOf(properties), traceId);
    }
}
