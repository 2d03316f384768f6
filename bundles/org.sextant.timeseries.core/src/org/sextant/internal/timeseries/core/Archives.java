// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.timeseries.core;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;

import org.sextant.common.core.summary.HeadlessAnalysisException;
import org.sextant.otf2.model.Otf2Archive;
import org.sextant.otf2.model.Otf2Definitions;
import org.sextant.otf2.model.Otf2FormatException;

/** Opens an OTF2 archive for the command line, a missing or damaged one refused as bad input naming the file. */
final class Archives {

    /**
     * An opened archive and the path the user gave.
     *
     * @param path
     *            as given
     * @param archive
     *            the archive
     */
    record Opened(Path path, Otf2Archive archive) {
        /** @return what the summaries say first about the archive */
        Map<String, Object> describe() {
            Otf2Definitions definitions = archive.definitions();
            Map<String, Object> map = new LinkedHashMap<>();
            map.put("trace", path.toAbsolutePath().toString()); //$NON-NLS-1$
            map.put("format", "OTF2 " + archive.anchor().version()); //$NON-NLS-1$ //$NON-NLS-2$
            map.put("locations", definitions.locations().size()); //$NON-NLS-1$
            map.put("regions", definitions.regions().size()); //$NON-NLS-1$
            map.put("ticks_per_second", definitions.clock().ticksPerSecond()); //$NON-NLS-1$
            return map;
        }
    }

    private static final String ANCHOR_SUFFIX = ".otf2"; //$NON-NLS-1$

    private Archives() {
    }

    /**
     * @param path
     *            a trace as given on the command line
     * @return whether it is an OTF2 archive: its anchor file ({@code NAME.otf2}) or a directory holding one
     */
    static boolean isOtf2(Path path) {
        if (Files.isRegularFile(path)) {
            return path.getFileName().toString().endsWith(ANCHOR_SUFFIX);
        }
        try (Stream<Path> files = Files.list(path)) {
            return files.anyMatch(file -> Files.isRegularFile(file) && file.getFileName().toString().endsWith(ANCHOR_SUFFIX));
        } catch (IOException e) {
            // not a directory that can be listed: not an archive, and the trace's opening says why
            return false;
        }
    }

    static Opened open(Path path) throws HeadlessAnalysisException {
        if (!Files.exists(path)) {
            throw HeadlessAnalysisException.badInput(path + ": no such file or directory"); //$NON-NLS-1$
        }
        try {
            return new Opened(path, Otf2Archive.open(path));
        } catch (Otf2FormatException e) {
            throw HeadlessAnalysisException.badInput(e.getMessage());
        }
    }
}
