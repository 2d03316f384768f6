// SPDX-License-Identifier: EPL-2.0
package org.sextant.common.core.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Samples the heap while a benchmark runs, every few milliseconds on a daemon thread: the peak of the used
 * heap, and the peak of the live heap (what each heap pool held right after its most recent collection, without
 * the garbage that the used heap also counts; its maximum over a run bounds the run's live data from below).
 * Started by the constructor, stopped by {@link #close()}.
 */
public final class HeapSampler implements AutoCloseable {

    private static final long SAMPLE_MILLIS = 5;

    private final AtomicLong fPeak;
    private final AtomicLong fLive;
    private final Thread fThread;

    /** Collects garbage, then starts sampling. */
    public HeapSampler() {
        MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        System.gc();
        fPeak = new AtomicLong(memory.getHeapMemoryUsage().getUsed());
        fLive = new AtomicLong(liveHeap());
        fThread = new Thread(() -> {
            while (!Thread.currentThread().isInterrupted()) {
                fPeak.accumulateAndGet(memory.getHeapMemoryUsage().getUsed(), Math::max);
                fLive.accumulateAndGet(liveHeap(), Math::max);
                try {
                    Thread.sleep(SAMPLE_MILLIS);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }, "sextant-heap-sampler"); //$NON-NLS-1$
        fThread.setDaemon(true);
        fThread.start();
    }

    /** @return the peak used heap so far, in bytes */
    public long peakBytes() {
        return fPeak.get();
    }

    /** @return the peak live heap so far, in bytes */
    public long liveBytes() {
        return fLive.get();
    }

    /** Stops sampling; the peaks stay readable. */
    @Override
    public void close() {
        fThread.interrupt();
    }

    private static long liveHeap() {
        long bytes = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            MemoryUsage afterCollection = pool.getType() == MemoryType.HEAP ? pool.getCollectionUsage() : null;
            if (afterCollection != null) {
                bytes += afterCollection.getUsed();
            }
        }
        return bytes;
    }
}
