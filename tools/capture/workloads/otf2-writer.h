// SPDX-License-Identifier: EPL-2.0
/*
 * What the OTF2 workloads share to write through libotf2's C API: flush callbacks that let OTF2 flush its buffers
 * whenever it wants (no timestamps for the flushes), and CHECK, which stops the program at the first error by name.
 */
#ifndef SEXTANT_OTF2_WRITER_H
#define SEXTANT_OTF2_WRITER_H

#include <otf2/otf2.h>
#include <stdio.h>
#include <stdlib.h>

static OTF2_FlushType pre_flush(void* data, OTF2_FileType type, OTF2_LocationRef loc, void* caller, bool final) {
    (void)data; (void)type; (void)loc; (void)caller; (void)final;
    return OTF2_FLUSH;
}

static OTF2_TimeStamp post_flush(void* data, OTF2_FileType type, OTF2_LocationRef loc) {
    (void)data; (void)type; (void)loc;
    return 0;
}

static const OTF2_FlushCallbacks FLUSH = { .otf2_pre_flush = pre_flush, .otf2_post_flush = post_flush };

#define CHECK(call) do { OTF2_ErrorCode e_ = (call); if (e_ != OTF2_SUCCESS) { \
    fprintf(stderr, "%s: %s\n", #call, OTF2_Error_GetName(e_)); exit(1); } } while (0)

#endif
