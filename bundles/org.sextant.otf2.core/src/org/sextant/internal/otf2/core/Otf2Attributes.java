// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.otf2.core;

/** The attribute names of {@link Otf2StateProvider}'s state system, shared with its data providers. */
@SuppressWarnings("nls")
final class Otf2Attributes {

    static final String LOCATIONS = "Locations";
    static final String MESSAGES = "Messages";
    static final String TO = "to";
    static final String REGIONS = "Regions";
    static final String PARADIGM = "paradigm";
    static final String CALLS = "calls";
    static final String INCLUSIVE_SUM = "inclusive sum";
    static final String INCLUSIVE_MIN = "inclusive min";
    static final String INCLUSIVE_MAX = "inclusive max";
    static final String EXCLUSIVE_SUM = "exclusive sum";
    static final String EXCLUSIVE_MIN = "exclusive min";
    static final String EXCLUSIVE_MAX = "exclusive max";

    private Otf2Attributes() {
    }
}
