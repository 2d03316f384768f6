// SPDX-License-Identifier: EPL-2.0
package org.sextant.spans.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/** Routes and trace contexts, the two things the model reads out of request heads. */
class RoutesTest {

    @ParameterizedTest
    @CsvSource({ "GET, /users/42?x=1, GET /users/:id", //
            "POST, /orders, POST /orders", //
            "GET, /, GET /", //
            "GET, /api/v1/orders/0af7651916cd43dd, GET /api/v1/orders/:id", //
            "DELETE, /a/123e4567-e89b-12d3-a456-426614174000/b, DELETE /a/:id/b" })
    void identifiersBecomeParameters(String method, String target, String route) {
        assertEquals(route, Routes.of(method, target));
    }

    @Test
    void traceparentIsReadAsW3cSaysAndInvalidOnesIgnored() {
        assertEquals(new TraceContext("0af7651916cd43dd8448eb211c80319c", "b7ad6b7169203331"),
                TraceContext.parse("00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01").orElseThrow());
        assertTrue(TraceContext.parse("").isEmpty());
        assertTrue(TraceContext.parse("00-00000000000000000000000000000000-b7ad6b7169203331-01").isEmpty());
        assertTrue(TraceContext.parse("ff-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01").isEmpty());
        assertTrue(TraceContext.parse("00-0af7651916cd43dd8448eb211c80319c-b7ad6b71692033-01").isEmpty());
    }
}
