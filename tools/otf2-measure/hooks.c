// SPDX-License-Identifier: EPL-2.0
/* GCC's -finstrument-functions entry points: an Enter or Leave of the function's region on the thread's stack.
 * Regions are registered even before MPI_Init, so that main, entered before the archive exists, can be entered
 * in the trace when it opens. */
#include "measure.h"

void __cyg_profile_func_enter(void *fn, void *site) NO_INSTRUMENT;
void __cyg_profile_func_exit(void *fn, void *site) NO_INSTRUMENT;

void __cyg_profile_func_enter(void *fn, void *site) {
    (void)site;
    measure_enter(measure_function_region(fn, OTF2_PARADIGM_COMPILER, OTF2_REGION_ROLE_FUNCTION));
}

void __cyg_profile_func_exit(void *fn, void *site) {
    (void)fn;
    (void)site;
    measure_leave();
}
