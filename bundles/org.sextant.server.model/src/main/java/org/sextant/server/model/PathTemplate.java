// SPDX-License-Identifier: EPL-2.0
package org.sextant.server.model;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An endpoint's path as API.yaml writes it ({@code /experiments/{expUUID}/outputs/XY/{outputId}/tree}), matched
 * segment by segment against a request's raw path. Each segment is percent-decoded on its own, so an output id
 * holding an encoded {@code /} stays one segment.
 */
public final class PathTemplate {

    private final String fTemplate;
    private final List<String> fSegments;

    /**
     * @param template
     *            segments separated by {@code /}, variables in braces
     */
    public PathTemplate(String template) {
        fTemplate = template;
        fSegments = segments(template);
    }

    /**
     * @param rawPath
     *            a request's path below the API's base, not yet decoded
     * @return the variables by name, or null when the path is not this endpoint's
     * @throws BadRequestException
     *             when a segment's percent-encoding is broken
     */
    public Map<String, String> match(String rawPath) throws BadRequestException {
        List<String> segments = segments(rawPath);
        if (segments.size() != fSegments.size()) {
            return null;
        }
        Map<String, String> variables = new LinkedHashMap<>();
        for (int i = 0; i < segments.size(); i++) {
            String pattern = fSegments.get(i);
            String value = decode(segments.get(i));
            if (pattern.startsWith("{") && pattern.endsWith("}")) { //$NON-NLS-1$ //$NON-NLS-2$
                variables.put(pattern.substring(1, pattern.length() - 1), value);
            } else if (!pattern.equals(value)) {
                return null;
            }
        }
        return variables;
    }

    @Override
    public String toString() {
        return fTemplate;
    }

    private static List<String> segments(String path) {
        String trimmed = path.startsWith("/") ? path.substring(1) : path; //$NON-NLS-1$
        if (trimmed.endsWith("/")) { //$NON-NLS-1$
            trimmed = trimmed.substring(0, trimmed.length() - 1);
        }
        return trimmed.isEmpty() ? List.of() : List.of(trimmed.split("/", -1)); //$NON-NLS-1$
    }

    private static String decode(String segment) throws BadRequestException {
        if (segment.indexOf('%') < 0) {
            return segment;
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        for (int i = 0; i < segment.length(); i++) {
            char c = segment.charAt(i);
            if (c != '%') {
                bytes.writeBytes(String.valueOf(c).getBytes(StandardCharsets.UTF_8));
                continue;
            }
            if (i + 2 >= segment.length() || Character.digit(segment.charAt(i + 1), 16) < 0 || Character.digit(segment.charAt(i + 2), 16) < 0) {
                throw BadRequestException.badRequest("the path segment \"" + TraceRoots.printable(segment) + "\" has a broken %-escape"); //$NON-NLS-1$ //$NON-NLS-2$
            }
            bytes.write(Integer.parseInt(segment.substring(i + 1, i + 3), 16));
            i += 2;
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }
}
