/* SPDX-License-Identifier: EPL-2.0 */
/* A second translation unit including the header: the process must still hold one marker descriptor. */
#include "../sextant_annotate.h"

void annotate_from_other_unit(void);

void annotate_from_other_unit(void) {
    sx_instant("other unit");
}
