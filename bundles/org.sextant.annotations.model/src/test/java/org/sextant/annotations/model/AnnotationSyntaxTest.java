// SPDX-License-Identifier: EPL-2.0
package org.sextant.annotations.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.sextant.annotations.model.Annotation.Kind;

/** The three syntaxes, and what is not an annotation. */
class AnnotationSyntaxTest {

    @ParameterizedTest
    @CsvSource({
            "SX|B|phase.1, BEGIN, phase.1, 0",
            "SX|E|phase.1, END, phase.1, 0",
            "SX|I|checkpoint, INSTANT, checkpoint, 0",
            "SX|C|queue|-3, COUNTER, queue, -3",
            "SX|BE|b1, BARRIER_ENTER, b1, 0",
            "SX|BL|b1, BARRIER_LEAVE, b1, 0",
            "PE:3;*MAIN*#block1.loop48, TASK, *MAIN*#block1.loop48, 3",
            "barrier, BARRIER, barrier, 0",
            "B|1234|draw, BEGIN, draw, 0",
            "E|1234|draw, END, draw, 0",
            "C|1234|frames|60, COUNTER, frames, 60",
            "S|1234|load|7, ASYNC_BEGIN, load, 7",
            "F|1234|load|7, ASYNC_END, load, 7",
            "I|1234|vsync, INSTANT, vsync, 0" })
    void annotations(String text, Kind kind, String name, long value) {
        assertEquals(new Annotation(kind, name, value), AnnotationSyntax.parse(text));
        assertEquals(new Annotation(kind, name, value), AnnotationSyntax.parse(text + "\n"), "echo's newline is ignored");
    }

    @ParameterizedTest
    @ValueSource(strings = { "E|1234", "E|1234\n" })
    void atraceEndWithoutNameClosesTheInnermost(String text) {
        assertEquals(new Annotation(Kind.END, null, 0), AnnotationSyntax.parse(text));
    }

    @ParameterizedTest
    @ValueSource(strings = { "hello world", "", "SX|B|", "SX|X|name", "SX|C|queue|many", "SX|B|a|b", "PE:x;task", "PE:3;", "PE:3",
            "B|pid|name", "B|12|", "Q|12|name", "C|12|frames", "barriers" })
    void notAnnotations(String text) {
        assertNull(AnnotationSyntax.parse(text));
    }
}
