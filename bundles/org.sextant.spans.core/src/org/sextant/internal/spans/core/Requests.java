// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.spans.core;

import java.util.List;

import org.sextant.spans.model.Span;
import org.sextant.spans.model.SpanGraph;
import org.sextant.spans.model.SpanKind;

/**
 * The requests that entered the traced services: complete server spans called by no traced span, or by a
 * client span that is itself a root (a traced load generator or browser). Their critical paths are what the
 * views and the command line show.
 */
final class Requests {

    private Requests() {
    }

    static List<Span> of(SpanGraph graph) {
        return graph.spans().stream().filter(s -> s.kind() == SpanKind.SERVER && s.complete())
                .filter(s -> s.parent() == null || s.parent().parent() == null).toList();
    }
}
