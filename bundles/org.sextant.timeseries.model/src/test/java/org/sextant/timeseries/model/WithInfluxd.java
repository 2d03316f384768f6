// SPDX-License-Identifier: EPL-2.0
package org.sextant.timeseries.model;

import java.io.IOException;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** Tests against a real InfluxDB 1.6: one private {@code influxd} per test class, stopped after it. */
abstract class WithInfluxd {

    /** The server of the running test class. */
    static InfluxServer sServer;

    @BeforeAll
    static void start() throws IOException {
        sServer = InfluxServer.start("influxd");
    }

    @AfterAll
    static void stop() {
        // none when it failed to start: that failure is the class's, not a null here
        if (sServer != null) {
            sServer.close();
            sServer = null;
        }
    }
}
