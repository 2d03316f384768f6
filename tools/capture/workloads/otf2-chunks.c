// SPDX-License-Identifier: EPL-2.0
/*
 * Writes an OTF2 archive through libotf2's C writer API with what python3-otf2 never writes: local ids in the
 * event files with mapping tables in each location's local definitions (dense on location 0, sparse on
 * location 1), and an event file longer than one chunk (256 KiB, OTF2's smallest), so the reader must follow
 * END_OF_CHUNK padding to the next chunk header. Metric values of three types too (uint64, int64, double), and
 * clock offsets on both locations (two on location 0, three on location 1) that OTF2 interpolates between, so
 * that the two locations' corrected times interleave.
 *
 * Build and run: gcc -O2 -o /tmp/otf2-chunks otf2-chunks.c -lotf2 && /tmp/otf2-chunks OUT_DIR
 */
#include "otf2-writer.h"

#define REGIONS 4
#define CALLS_0 12000 /* Enter/Leave pairs on location 0: about 280 KB of events, two chunks */
#define CALLS_1 300

/* Local region id i stands for global region REGIONS - 1 - i: a mapping that is not the identity. */
static uint32_t local_region(uint32_t global) {
    return REGIONS - 1 - global;
}

int main(int argc, char** argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: %s OUT_DIR\n", argv[0]);
        return 2;
    }
    OTF2_Archive* archive = OTF2_Archive_Open(argv[1], "traces", OTF2_FILEMODE_WRITE, 256 * 1024, 256 * 1024,
                                              OTF2_SUBSTRATE_POSIX, OTF2_COMPRESSION_NONE);
    CHECK(OTF2_Archive_SetFlushCallbacks(archive, &FLUSH, NULL));
    CHECK(OTF2_Archive_SetSerialCollectiveCallbacks(archive));
    CHECK(OTF2_Archive_OpenEvtFiles(archive));

    uint64_t events[2] = { 0, 0 };
    OTF2_TimeStamp t = 1000;
    for (uint64_t loc = 0; loc < 2; loc++) {
        OTF2_EvtWriter* w = OTF2_Archive_GetEvtWriter(archive, loc);
        int calls = loc == 0 ? CALLS_0 : CALLS_1;
        for (int i = 0; i < calls; i++) {
            uint32_t region = (uint32_t)(i % REGIONS);
            CHECK(OTF2_EvtWriter_Enter(w, NULL, t, local_region(region)));
            if (i % 1000 == 0) {
                OTF2_Type types[3] = { OTF2_TYPE_UINT64, OTF2_TYPE_INT64, OTF2_TYPE_DOUBLE };
                OTF2_MetricValue values[3];
                values[0].unsigned_int = (uint64_t)i * 1000003u;
                values[1].signed_int = -(int64_t)i;
                values[2].floating_point = i / 8.0;
                CHECK(OTF2_EvtWriter_Metric(w, NULL, t, 0, 3, types, values));
                events[loc]++;
            }
            t += 3;
            CHECK(OTF2_EvtWriter_Leave(w, NULL, t, local_region(region)));
            t += 1 + (i % 5);
            events[loc] += 2;
        }
        CHECK(OTF2_Archive_CloseEvtWriter(archive, w));
    }
    CHECK(OTF2_Archive_CloseEvtFiles(archive));

    CHECK(OTF2_Archive_OpenDefFiles(archive));
    for (uint64_t loc = 0; loc < 2; loc++) {
        OTF2_DefWriter* dw = OTF2_Archive_GetDefWriter(archive, loc);
        OTF2_IdMap* map = OTF2_IdMap_Create(loc == 0 ? OTF2_ID_MAP_DENSE : OTF2_ID_MAP_SPARSE, REGIONS);
        for (uint32_t local = 0; local < REGIONS; local++) {
            CHECK(OTF2_IdMap_AddIdPair(map, local, REGIONS - 1 - local));
        }
        CHECK(OTF2_DefWriter_WriteMappingTable(dw, OTF2_MAPPING_REGION, map));
        if (loc == 0) {
            CHECK(OTF2_DefWriter_WriteClockOffset(dw, 1000, 0, 0.0));
            CHECK(OTF2_DefWriter_WriteClockOffset(dw, 40000, 2000, 1.5));
        } else {
            CHECK(OTF2_DefWriter_WriteClockOffset(dw, 1000, 500, 0.0));
            CHECK(OTF2_DefWriter_WriteClockOffset(dw, 73500, 900, 2.0));
            CHECK(OTF2_DefWriter_WriteClockOffset(dw, 74500, 800, 2.0));
        }
        OTF2_IdMap_Free(map);
        CHECK(OTF2_Archive_CloseDefWriter(archive, dw));
    }
    CHECK(OTF2_Archive_CloseDefFiles(archive));

    OTF2_GlobalDefWriter* g = OTF2_Archive_GetGlobalDefWriter(archive);
    CHECK(OTF2_GlobalDefWriter_WriteClockProperties(g, 1000000000, 1000, t - 1000, OTF2_UNDEFINED_TIMESTAMP));
    const char* strings[] = { "", "node", "rank 0", "rank 1", "thread", "solve", "exchange", "reduce", "io",
                              "counter", "delta", "load", "#" };
    for (uint32_t i = 0; i < sizeof strings / sizeof *strings; i++) {
        CHECK(OTF2_GlobalDefWriter_WriteString(g, i, strings[i]));
    }
    CHECK(OTF2_GlobalDefWriter_WriteSystemTreeNode(g, 0, 1, 0, OTF2_UNDEFINED_SYSTEM_TREE_NODE));
    for (uint32_t r = 0; r < REGIONS; r++) {
        CHECK(OTF2_GlobalDefWriter_WriteRegion(g, r, 5 + r, 5 + r, 0, OTF2_REGION_ROLE_FUNCTION, OTF2_PARADIGM_USER,
                                               OTF2_REGION_FLAG_NONE, 0, 0, 0));
    }
    for (uint32_t m = 0; m < 3; m++) {
        OTF2_Type types[3] = { OTF2_TYPE_UINT64, OTF2_TYPE_INT64, OTF2_TYPE_DOUBLE };
        CHECK(OTF2_GlobalDefWriter_WriteMetricMember(g, m, 9 + m, 0, OTF2_METRIC_TYPE_OTHER, OTF2_METRIC_ABSOLUTE_POINT,
                                                     types[m], OTF2_BASE_DECIMAL, 0, 12));
    }
    OTF2_MetricMemberRef members[3] = { 0, 1, 2 };
    CHECK(OTF2_GlobalDefWriter_WriteMetricClass(g, 0, 3, members, OTF2_METRIC_SYNCHRONOUS, OTF2_RECORDER_KIND_CPU));
    for (uint32_t loc = 0; loc < 2; loc++) {
        CHECK(OTF2_GlobalDefWriter_WriteLocationGroup(g, loc, 2 + loc, OTF2_LOCATION_GROUP_TYPE_PROCESS, 0,
                                                      OTF2_UNDEFINED_LOCATION_GROUP));
        CHECK(OTF2_GlobalDefWriter_WriteLocation(g, loc, 4, OTF2_LOCATION_TYPE_CPU_THREAD, events[loc], loc));
    }
    CHECK(OTF2_Archive_Close(archive));
    return 0;
}
