// SPDX-License-Identifier: EPL-2.0
package org.sextant.redis.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.internal.redis.core.LinkSegment;
import org.sextant.internal.redis.core.RedisCompanion;
import org.sextant.redis.core.RequestSegment;

/**
 * The file the engine's Redis build keeps beside its history reads back as written, and a damaged one is refused
 * naming it, never read as fewer or other requests.
 */
class RedisCompanionTest {

    private static final RedisCompanion COMPANION = new RedisCompanion(
            List.of(new RequestSegment(10, 20, "4242", 9, "get", "127.0.0.1:50000"), new RequestSegment(15, 40, "4242", 10, "set", "")), //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$ //$NON-NLS-6$
            List.of(new LinkSegment(12, 30, "MOVED", "4242", 9, "4243", 11, "get k"))); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
    /** Magic and version, then the requests' count. */
    private static final int REQUESTS_COUNT = 8;

    @Test
    void readsBackWhatItWrote(@TempDir Path directory) throws IOException {
        Path file = directory.resolve("redis.companion"); //$NON-NLS-1$
        COMPANION.write(file);
        assertEquals(COMPANION, RedisCompanion.read(file));
    }

    @Test
    void aDamagedFileIsRefusedNamingIt(@TempDir Path directory) throws IOException {
        Path file = directory.resolve("redis.companion"); //$NON-NLS-1$
        COMPANION.write(file);
        byte[] bytes = Files.readAllBytes(file);
        for (int length : new int[] { 0, 6, REQUESTS_COUNT + 2, bytes.length / 2, bytes.length - 1 }) {
            assertRefused(directory, Arrays.copyOf(bytes, length), "truncated"); //$NON-NLS-1$
        }
        byte[] negative = bytes.clone();
        ByteBuffer.wrap(negative).putInt(REQUESTS_COUNT, -2);
        assertRefused(directory, negative, "a negative count"); //$NON-NLS-1$
        byte[] longer = Arrays.copyOf(bytes, bytes.length + 1);
        assertRefused(directory, longer, "bytes after its last hop"); //$NON-NLS-1$
        byte[] fewer = bytes.clone();
        ByteBuffer.wrap(fewer).putInt(REQUESTS_COUNT, 1);
        assertThrows(IOException.class, () -> RedisCompanion.read(write(directory, fewer)), "one request fewer leaves bytes the links cannot be"); //$NON-NLS-1$
        byte[] magic = bytes.clone();
        magic[0] ^= 1;
        assertRefused(directory, magic, "not a Redis companion file"); //$NON-NLS-1$
    }

    private static void assertRefused(Path directory, byte[] bytes, String why) throws IOException {
        Path file = write(directory, bytes);
        IOException error = assertThrows(IOException.class, () -> RedisCompanion.read(file));
        assertTrue(error.getMessage().startsWith(file.toString()) && error.getMessage().contains(why), error.getMessage());
    }

    private static Path write(Path directory, byte[] bytes) throws IOException {
        Path file = Files.createTempFile(directory, "damaged", ".companion"); //$NON-NLS-1$ //$NON-NLS-2$
        Files.write(file, bytes);
        return file;
    }
}
