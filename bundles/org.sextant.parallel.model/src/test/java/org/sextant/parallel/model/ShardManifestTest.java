// SPDX-License-Identifier: EPL-2.0
package org.sextant.parallel.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A sharded history's manifest: read back as written, and every way its shards can fail named. */
class ShardManifestTest {

    @TempDir
    Path fDirectory;

    private List<Path> shards() throws IOException {
        Path first = Files.write(fDirectory.resolve("cpu.0.ht"), new byte[4096]);
        Path second = Files.write(fDirectory.resolve("cpu.1.ht"), new byte[8192]);
        return List.of(first, second);
    }

    @Test
    void readsBackTheShardsInOrder() throws IOException {
        List<Path> shards = shards();
        Path manifest = fDirectory.resolve("cpu.ht.shards");
        ShardManifest.write(manifest, shards);
        assertEquals(List.of(ShardManifest.HEADER, "4096 cpu.0.ht", "8192 cpu.1.ht"), Files.readAllLines(manifest));
        assertEquals(shards, ShardManifest.read(manifest));
        assertFalse(Files.exists(fDirectory.resolve("cpu.ht.shards.partial")), "written through a file renamed at once");
    }

    @Test
    void missingOrResizedShardIsNamed() throws IOException {
        List<Path> shards = shards();
        Path manifest = fDirectory.resolve("cpu.ht.shards");
        ShardManifest.write(manifest, shards);
        Files.write(shards.get(1), new byte[100]);
        assertEquals("shard " + shards.get(1) + " has 100 bytes where its build wrote 8192",
                assertThrows(IOException.class, () -> ShardManifest.read(manifest)).getMessage());
        Files.delete(shards.get(1));
        assertEquals("shard " + shards.get(1) + " is missing", assertThrows(IOException.class, () -> ShardManifest.read(manifest)).getMessage());
    }

    @Test
    void malformedManifestIsNamedWithItsLine() throws IOException {
        shards();
        Path manifest = fDirectory.resolve("cpu.ht.shards");
        Files.writeString(manifest, ShardManifest.HEADER + "\n4096 cpu.0.ht\nlots cpu.1.ht\n");
        assertEquals(manifest + ": line 3 is not 'SIZE NAME': lots cpu.1.ht",
                assertThrows(IOException.class, () -> ShardManifest.read(manifest)).getMessage());
        Files.writeString(manifest, "something else\n");
        assertEquals(manifest + ": not a shard manifest (line 1 is not '" + ShardManifest.HEADER + "')",
                assertThrows(IOException.class, () -> ShardManifest.read(manifest)).getMessage());
        Files.writeString(manifest, ShardManifest.HEADER + "\n");
        assertEquals(manifest + ": no shard listed", assertThrows(IOException.class, () -> ShardManifest.read(manifest)).getMessage());
    }
}
