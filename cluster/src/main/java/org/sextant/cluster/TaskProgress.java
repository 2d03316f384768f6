// SPDX-License-Identifier: EPL-2.0
package org.sextant.cluster;

import java.io.PrintStream;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.apache.spark.Success$;
import org.apache.spark.TaskFailedReason;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.apache.spark.scheduler.SparkListenerTaskStart;
import org.apache.spark.scheduler.TaskInfo;

/**
 * Tells on the driver, per task, which trace (or chunk) started where and how it ended: one line each on standard
 * error, as {@code sextant analyze} tells its progress. A task's index is its input's place in the job's list.
 */
final class TaskProgress extends SparkListener {

    private final String fNoun;
    private final List<String> fNames;
    private final PrintStream fOut;
    private final AtomicInteger fDone = new AtomicInteger();
    private final CountDownLatch fAllDone;

    /**
     * @param noun
     *            what a task works on ("trace")
     * @param names
     *            the name of each task's input, by task index
     * @param out
     *            where to tell
     */
    TaskProgress(String noun, List<String> names, PrintStream out) {
        fNoun = noun;
        fNames = names;
        fOut = out;
        fAllDone = new CountDownLatch(names.size());
    }

    /**
     * Waits until every task's end has been told. Spark delivers listener events on a bus of their own, behind the
     * results: a job's results can reach the driver before its last tasks' ends reach this listener.
     *
     * @param timeout
     *            the longest wait
     * @throws InterruptedException
     *             when interrupted
     */
    void awaitAllTold(Duration timeout) throws InterruptedException {
        fAllDone.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    @Override
    public void onTaskStart(SparkListenerTaskStart start) {
        TaskInfo info = start.taskInfo();
        fOut.printf("[sextant] %s: started on %s (executor %s)%s%n", name(info), info.host(), info.executorId(), //$NON-NLS-1$
                info.attemptNumber() > 0 ? ", attempt " + (info.attemptNumber() + 1) : ""); //$NON-NLS-1$ //$NON-NLS-2$
    }

    @Override
    public void onTaskEnd(SparkListenerTaskEnd end) {
        TaskInfo info = end.taskInfo();
        if (end.reason() == Success$.MODULE$) {
            fOut.printf(Locale.ROOT, "[sextant] %s: done in %.1f s on %s (%d/%d)%n", name(info), info.duration() / 1e3, info.host(), //$NON-NLS-1$
                    fDone.incrementAndGet(), fNames.size());
            fAllDone.countDown();
        } else if (end.reason() instanceof TaskFailedReason failed) {
            String why = failed.toErrorString().lines().findFirst().orElse("?"); //$NON-NLS-1$
            fOut.printf("[sextant] %s: failed on %s (executor %s): %s%n", name(info), info.host(), info.executorId(), why); //$NON-NLS-1$
        }
    }

    private String name(TaskInfo info) {
        int index = info.index();
        return index >= 0 && index < fNames.size() ? fNoun + ' ' + (index + 1) + '/' + fNames.size() + ' ' + fNames.get(index)
                : "task " + index; //$NON-NLS-1$
    }
}
