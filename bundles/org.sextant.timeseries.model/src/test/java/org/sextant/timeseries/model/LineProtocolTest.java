// SPDX-License-Identifier: EPL-2.0
package org.sextant.timeseries.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** The text of points; what InfluxDB makes of it is {@link InfluxWriterTest}'s. */
class LineProtocolTest {

    @Test
    void escapesWhatEachPartOfALineMustEscape() {
        LineProtocol line = new LineProtocol();
        assertEquals("my\\ measure\\,ment=x,tag\\ key=a\\,b\\=c\\ d field\\=1=\"say \\\"hi\\\" C:\\\\x\",n=-3i,d=0.5 42",
                line.measurement("my measure,ment=x").tag("tag key", "a,b=c d")
                        .field("field=1", "say \"hi\" C:\\x").field("n", -3).field("d", 0.5).time(42).toString());
    }

    @Test
    void lineBreaksAndBackslashesThatWouldEscapeAreWrittenAsText() {
        LineProtocol line = new LineProtocol();
        assertEquals("m,t=two\\nlines,u=C:\\path,v=end\u29f5,w=a\u29f5\\,b f=1i 0", line.measurement("m")
                .tag("t", "two\nlines").tag("u", "C:\\path").tag("v", "end\\").tag("w", "a\\,b").field("f", 1)
                .time(0).toString());
    }

    @Test
    void anEmptyTagIsLeftOutAndAPointNeedsAField() {
        LineProtocol line = new LineProtocol();
        assertEquals("m,b=1 f=1i 5", line.measurement("m").tag("a", "").tag("b", "1").field("f", 1).time(5).toString());
        assertThrows(IllegalStateException.class, () -> line.measurement("m").tag("a", "1").time(5));
    }
}
