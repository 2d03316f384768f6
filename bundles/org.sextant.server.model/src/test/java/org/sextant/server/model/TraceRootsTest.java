// SPDX-License-Identifier: EPL-2.0
package org.sextant.server.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Paths resolve under the roots; climbing out, by {@code ..} or through a link, is refused as outside. */
class TraceRootsTest {

    @TempDir
    Path fTemp;
    private Path fRoot;
    private Path fOutside;
    private TraceRoots fRoots;

    @BeforeEach
    void layOut() throws IOException {
        fRoot = Files.createDirectories(fTemp.resolve("root/traces/sample"));
        fRoot = fTemp.resolve("root");
        Files.writeString(fRoot.resolve("traces/sample/metadata"), "/* CTF 1.8 */");
        fOutside = Files.createDirectories(fTemp.resolve("secret"));
        Files.writeString(fOutside.resolve("key"), "k");
        Files.createSymbolicLink(fRoot.resolve("escape"), fOutside);
        Files.createSymbolicLink(fRoot.resolve("inside"), fRoot.resolve("traces"));
        fRoots = TraceRoots.of(List.of(fRoot));
    }

    @Test
    void absoluteRelativeAndFileUriPathsUnderTheRootResolve() throws Exception {
        Path sample = fRoot.resolve("traces/sample").toRealPath();
        assertEquals(sample, fRoots.resolve(sample.toString()));
        assertEquals(sample, fRoots.resolve("traces/sample"));
        assertEquals(sample, fRoots.resolve(sample.toUri().toString()));
        assertEquals(sample, fRoots.resolve("traces/../traces/./sample/"));
        assertEquals(sample, fRoots.resolve("inside/sample"), "a link that stays inside the root is followed");
    }

    @Test
    void climbingOutIsForbiddenWhetherOrNotTheTargetExists() {
        for (String uri : List.of("../secret/key", "traces/../../secret/key", fOutside.resolve("key").toString(), "/etc/passwd",
                "/no/such/place", "escape/key", "escape", "file:///etc/passwd")) {
            BadRequestException e = assertThrows(BadRequestException.class, () -> fRoots.resolve(uri), uri);
            assertEquals(BadRequestException.FORBIDDEN, e.status(), uri);
            assertEquals(uri + ": outside the directories this server opens traces from", e.getMessage());
        }
    }

    @Test
    void nothingThereIsNotFoundAndNoPathIsBadRequest() {
        BadRequestException missing = assertThrows(BadRequestException.class, () -> fRoots.resolve("traces/none"));
        assertEquals(BadRequestException.NOT_FOUND, missing.status());
        assertEquals("traces/none: no such file or directory", missing.getMessage());
        for (String uri : List.of("", "  ", "a\0b", "file://host:bad/x")) {
            assertEquals(BadRequestException.BAD_REQUEST, assertThrows(BadRequestException.class, () -> fRoots.resolve(uri)).status(), uri);
        }
    }

    @Test
    void aRootMustBeADirectory() {
        IOException e = assertThrows(IOException.class, () -> TraceRoots.of(List.of(fOutside.resolve("key"))));
        assertEquals(fOutside.resolve("key") + ": not a directory", e.getMessage());
    }
}
