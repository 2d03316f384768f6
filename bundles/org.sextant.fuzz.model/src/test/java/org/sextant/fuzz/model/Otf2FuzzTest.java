// SPDX-License-Identifier: EPL-2.0
package org.sextant.fuzz.model;

import java.nio.file.Path;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.sextant.otf2.model.Otf2Archive;
import org.sextant.otf2.model.Otf2FormatException;

/**
 * The OTF2 reader on damaged copies of its fixture archives (anchor, global and local definitions, event files;
 * the otf2-print oracle beside them is mutated too and must change nothing): every mutant is refused with an
 * {@link Otf2FormatException} naming a file of the archive, or reads into events that keep the reader's
 * promises: merged in time, each from a defined location.
 */
class Otf2FuzzTest {

    @ParameterizedTest
    @CsvSource({ "otf2-mpi-like, 300", "otf2-chunks, 100" })
    void everyMutantIsRefusedCleanlyOrReadsInOrder(String fixture, long mutants) throws Exception {
        Fuzzing.run(fixture, Fuzzing.FIXTURES.resolve(fixture), mutants, TARGET);
    }

    private static final Campaign.Target TARGET = new Campaign.Target() {
        @Override
        public void read(Path input) throws Exception {
            Otf2Archive archive = Otf2Archive.open(input);
            long[] previous = { 0 };
            archive.readEvents(event -> {
                if (Long.compareUnsigned(event.time(), previous[0]) < 0) {
                    throw new Campaign.InvariantViolation("event at " + Long.toUnsignedString(event.time())
                            + " after one at " + Long.toUnsignedString(previous[0]));
                }
                if (!archive.definitions().locations().containsKey(event.location())) {
                    throw new Campaign.InvariantViolation("event of undefined location " + event.location());
                }
                previous[0] = event.time();
            });
        }

        @Override
        public boolean isCleanError(Exception error, Path input) {
            return error instanceof Otf2FormatException && Fuzzing.namesInput(error, input);
        }
    };
}
