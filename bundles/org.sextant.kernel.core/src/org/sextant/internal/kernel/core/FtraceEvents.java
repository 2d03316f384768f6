// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.kernel.core;

import java.io.IOException;
import java.util.concurrent.atomic.AtomicBoolean;

import org.eclipse.jdt.annotation.Nullable;
import org.sextant.ftrace.core.FtraceKernelTrace;
import org.sextant.ftrace.core.FtraceTmfEvent;
import org.sextant.ftrace.model.Cursor;
import org.sextant.ftrace.model.FtraceEvent;
import org.sextant.ftrace.model.FtraceFormatException;
import org.sextant.ftrace.model.Position;
import org.sextant.parallel.engine.InputException;
import org.sextant.parallel.model.EventFields;
import org.sextant.parallel.model.SequentialBuilder;

/**
 * An ftrace trace's events as a sequential build reads them: straight from Sextant's reader, which merges the CPUs
 * in time order itself; fields by their format's names, the running thread as {@code common_pid}. Lost-events
 * markers are not events to the analyses.
 */
public final class FtraceEvents implements SequentialBuilder.Source<InputException> {

    private final FtraceKernelTrace fTrace;

    /**
     * @param trace
     *            an opened ftrace trace
     */
    public FtraceEvents(FtraceKernelTrace trace) {
        fTrace = trace;
    }

    @Override
    public void read(SequentialBuilder.Sink sink, AtomicBoolean cancelled) throws InputException {
        Fields fields = new Fields();
        try (Cursor cursor = fTrace.getReader().cursor(Position.START)) {
            for (FtraceEvent event = cursor.next(); event != null && !cancelled.get(); event = cursor.next()) {
                if (!event.isLost()) {
                    fields.fEvent = event;
                    sink.event(event.timestamp(), event.cpu(), event.name(), fields);
                }
            }
        } catch (FtraceFormatException e) {
            throw new InputException(String.valueOf(e.getMessage()), e);
        } catch (IOException e) {
            throw new InputException(fTrace.getPath() + ": " + e.getMessage(), e); //$NON-NLS-1$
        }
    }

    /** The fields of the event being delivered. */
    private static final class Fields implements EventFields {
        @Nullable
        FtraceEvent fEvent;

        @Override
        public long integer(String name, long otherwise) {
            FtraceEvent event = fEvent;
            if (event == null) {
                return otherwise;
            }
            if (name.equals(FtraceTmfEvent.COMMON_PID)) {
                return event.pid();
            }
            return event.value(name) instanceof Long value ? value : otherwise;
        }

        @Override
        public @Nullable String string(String name) {
            FtraceEvent event = fEvent;
            return event != null && event.value(name) instanceof String value ? value : null;
        }
    }
}
