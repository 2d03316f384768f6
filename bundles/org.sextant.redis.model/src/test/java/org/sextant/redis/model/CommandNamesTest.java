// SPDX-License-Identifier: EPL-2.0
package org.sextant.redis.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;

class CommandNamesTest {

    @Test
    void versionsThreeToFiveGiveANamePerCommand() {
        assertEquals(List.of("get", "set", "get"), CommandNames.of("get set get", 3));
        assertEquals(List.of("a*2", "b"), CommandNames.of("a*2 b", 2)); // a name of its own, as many as the commands
    }

    @Test
    void versionSixGivesARunOnceWithItsLength() {
        assertEquals(List.of("get", "get", "set", "ping", "ping", "ping"), CommandNames.of("get*2 set ping*3", 6));
        assertEquals(16, CommandNames.of("get*16", 16).size());
    }

    @Test
    void aDamagedRunNeverGivesMoreCommandsThanTheEventHolds() {
        assertEquals(List.of("get", "get", "get"), CommandNames.of("get*99999999999999999999 set", 3));
        assertEquals(List.of("get", "get", "set*0", "x*x"), CommandNames.of("get*2 set*0 x*x", 5));
    }

    @Test
    void noNamesNoCommands() {
        assertEquals(List.of(), CommandNames.of("", 0));
        assertEquals(List.of(), CommandNames.of("", 5));
    }
}
