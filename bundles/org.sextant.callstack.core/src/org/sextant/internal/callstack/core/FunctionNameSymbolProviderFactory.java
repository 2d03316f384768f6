// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.callstack.core;

import java.util.HashMap;
import java.util.Map;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.tmf.core.symbols.ISymbolProvider;
import org.eclipse.tracecompass.tmf.core.symbols.ISymbolProviderFactory;
import org.eclipse.tracecompass.tmf.core.symbols.TmfResolvedSymbol;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.sextant.callstack.core.TimedCallProfileTrace;

/**
 * Gives function names back to Trace Compass's Flame Chart. Its call-stack data provider takes any function name
 * that reads as a hexadecimal number ({@code add}, {@code f1}, {@code cafe}) for an address, and shows what the
 * symbol providers make of it, {@code 0xadd} when none knows it; for a timed call profile this provider knows
 * it: the profile's function of that spelling. (Two functions whose names read as the same number, {@code add}
 * and {@code ADD}, show as the first seen.)
 */
public class FunctionNameSymbolProviderFactory implements ISymbolProviderFactory {

    @Override
    public @Nullable ISymbolProvider createProvider(ITmfTrace trace) {
        return trace instanceof TimedCallProfileTrace timed ? new Provider(timed) : null;
    }

    private static final class Provider implements ISymbolProvider {
        private final TimedCallProfileTrace fTrace;
        private final Map<Long, String> fNames = new HashMap<>();

        Provider(TimedCallProfileTrace trace) {
            fTrace = trace;
            for (String function : trace.getTimeline().functions()) {
                try {
                    // the data provider's reading of a name as an address
                    fNames.putIfAbsent(Long.parseLong(function, 16), function);
                } catch (NumberFormatException e) {
                    // a name the flame chart shows as it is
                }
            }
        }

        @Override
        public ITmfTrace getTrace() {
            return fTrace;
        }

        @Override
        public void loadConfiguration(@Nullable IProgressMonitor monitor) {
            // everything is known from the trace
        }

        @Override
        public @Nullable TmfResolvedSymbol getSymbol(long address) {
            String name = fNames.get(address);
            return name != null ? new TmfResolvedSymbol(address, name) : null;
        }

        @Override
        public @Nullable TmfResolvedSymbol getSymbol(int pid, long timestamp, long address) {
            return getSymbol(address);
        }
    }
}
