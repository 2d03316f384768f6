// SPDX-License-Identifier: EPL-2.0
package org.sextant.server.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;

import org.junit.jupiter.api.Test;

/** Templates match whole paths, segment by segment, each segment decoded on its own. */
class PathTemplateTest {

    private final PathTemplate fTree = new PathTemplate("/experiments/{expUUID}/outputs/XY/{outputId}/tree");

    @Test
    void variablesAreDecodedPerSegment() throws BadRequestException {
        assertEquals(Map.of("expUUID", "e1", "outputId", "a.b:c/d"), fTree.match("/experiments/e1/outputs/XY/a.b%3Ac%2Fd/tree"));
        assertEquals(Map.of("expUUID", "e1", "outputId", "x"), fTree.match("/experiments/e1/outputs/XY/x/tree/"));
    }

    @Test
    void otherPathsDoNotMatch() throws BadRequestException {
        assertNull(fTree.match("/experiments/e1/outputs/XY/x/xy"));
        assertNull(fTree.match("/experiments/e1/outputs/XY/x"));
        assertNull(fTree.match("/experiments/e1/outputs/XY/x/tree/more"));
        assertEquals(Map.of(), new PathTemplate("/health").match("/health"));
    }

    @Test
    void aBrokenEscapeIsRefused() {
        assertEquals("the path segment \"a%2\" has a broken %-escape",
                assertThrows(BadRequestException.class, () -> fTree.match("/experiments/e1/outputs/XY/a%2/tree")).getMessage());
    }
}
