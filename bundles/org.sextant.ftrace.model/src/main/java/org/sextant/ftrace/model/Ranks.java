// SPDX-License-Identifier: EPL-2.0
package org.sextant.ftrace.model;

/**
 * What a cursor needs to give the {@link Position} of its next event: the latest timestamp it passed and how
 * many events of that timestamp it passed. The {@code .dat} and text cursors share it.
 */
final class Ranks {

    private long fTime;
    private long fPassed;

    /**
     * @param time
     *            where the cursor starts: no event of this timestamp passed yet
     */
    Ranks(long time) {
        fTime = time;
    }

    /**
     * Counts an event the cursor returned.
     *
     * @param event
     *            the event
     */
    void passed(FtraceEvent event) {
        if (event.timestamp() == fTime) {
            fPassed++;
        } else {
            fTime = event.timestamp();
            fPassed = 1;
        }
    }

    /**
     * @param position
     *            where a seek goes
     * @param next
     *            the cursor's next event, or null at the end
     * @return whether {@code next} still lies before the position: of its timestamp, but of a lower rank
     */
    boolean before(Position position, FtraceEvent next) {
        return next != null && next.timestamp() == position.timestamp() && fPassed < position.rank();
    }

    /**
     * @param next
     *            the cursor's next event, or null at the end
     * @return its position, {@link Position#END} at the end
     */
    Position of(FtraceEvent next) {
        if (next == null) {
            return Position.END;
        }
        long time = next.timestamp();
        return new Position(time, time == fTime ? fPassed : 0);
    }
}
