// SPDX-License-Identifier: EPL-2.0
/*
 * Writes a large OTF2 archive through libotf2's C writer API for the time-series benchmark while no large trace of
 * a real MPI program is at hand: RANKS ranks, one location each, each step of each rank entering and leaving a
 * compute region (one of REGIONS) and an MPI_Send and an MPI_Recv region around a send to and a receive from its
 * ring neighbours with one of TAGS tags; the steps spread over about 20 s of a 1 GHz clock. The events are
 * synthetic (their counts and structure are what the benchmark needs), not a measurement of a program.
 *
 * Build and run: gcc -O2 -o /tmp/otf2-bench otf2-bench.c -lotf2 && /tmp/otf2-bench OUT_DIR [EVENTS]
 * (EVENTS defaults to 12,000,000; 8 events per step and rank).
 */
#include "otf2-writer.h"

#define RANKS 16
#define REGIONS 20
#define TAGS 8
#define EVENTS_PER_STEP 8
#define SECONDS 20

int main(int argc, char** argv) {
    if (argc < 2 || argc > 3) {
        fprintf(stderr, "usage: %s OUT_DIR [EVENTS]\n", argv[0]);
        return 2;
    }
    uint64_t total = argc == 3 ? strtoull(argv[2], NULL, 10) : 12000000u;
    uint64_t steps = total / (RANKS * EVENTS_PER_STEP);
    const OTF2_TimeStamp start = 1000000000u;
    OTF2_TimeStamp step_ns = (OTF2_TimeStamp)SECONDS * 1000000000u / (steps ? steps : 1);
    OTF2_Archive* archive = OTF2_Archive_Open(argv[1], "traces", OTF2_FILEMODE_WRITE, 1024 * 1024, 4 * 1024 * 1024,
                                              OTF2_SUBSTRATE_POSIX, OTF2_COMPRESSION_NONE);
    CHECK(OTF2_Archive_SetFlushCallbacks(archive, &FLUSH, NULL));
    CHECK(OTF2_Archive_SetSerialCollectiveCallbacks(archive));
    CHECK(OTF2_Archive_OpenEvtFiles(archive));
    OTF2_TimeStamp end = start;
    for (uint64_t rank = 0; rank < RANKS; rank++) {
        OTF2_EvtWriter* w = OTF2_Archive_GetEvtWriter(archive, rank);
        uint32_t right = (uint32_t)((rank + 1) % RANKS), left = (uint32_t)((rank + RANKS - 1) % RANKS);
        for (uint64_t s = 0; s < steps; s++) {
            OTF2_TimeStamp t = start + s * step_ns + rank * 7;
            uint32_t region = 2 + (uint32_t)((s * 7 + rank) % REGIONS), tag = (uint32_t)(s % TAGS);
            CHECK(OTF2_EvtWriter_Enter(w, NULL, t, region));
            CHECK(OTF2_EvtWriter_Leave(w, NULL, t + step_ns / 2, region));
            CHECK(OTF2_EvtWriter_Enter(w, NULL, t + step_ns / 2 + 1, 0));
            CHECK(OTF2_EvtWriter_MpiSend(w, NULL, t + step_ns / 2 + 2, right, 0, tag, 1024 + 8 * tag));
            CHECK(OTF2_EvtWriter_Leave(w, NULL, t + step_ns / 2 + 3, 0));
            CHECK(OTF2_EvtWriter_Enter(w, NULL, t + step_ns / 2 + 4, 1));
            CHECK(OTF2_EvtWriter_MpiRecv(w, NULL, t + step_ns - 3, left, 0, tag, 1024 + 8 * tag));
            CHECK(OTF2_EvtWriter_Leave(w, NULL, t + step_ns - 2, 1));
            end = t + step_ns - 2 > end ? t + step_ns - 2 : end;
        }
        CHECK(OTF2_Archive_CloseEvtWriter(archive, w));
    }
    CHECK(OTF2_Archive_CloseEvtFiles(archive));
    /* every location gets its (empty) local definitions file, as otf2-print expects */
    CHECK(OTF2_Archive_OpenDefFiles(archive));
    for (uint64_t rank = 0; rank < RANKS; rank++) {
        CHECK(OTF2_Archive_CloseDefWriter(archive, OTF2_Archive_GetDefWriter(archive, rank)));
    }
    CHECK(OTF2_Archive_CloseDefFiles(archive));

    OTF2_GlobalDefWriter* g = OTF2_Archive_GetGlobalDefWriter(archive);
    CHECK(OTF2_GlobalDefWriter_WriteClockProperties(g, 1000000000, start, end - start, OTF2_UNDEFINED_TIMESTAMP));
    uint32_t string = 0;
    CHECK(OTF2_GlobalDefWriter_WriteString(g, string++, ""));
    CHECK(OTF2_GlobalDefWriter_WriteString(g, string++, "node"));
    CHECK(OTF2_GlobalDefWriter_WriteString(g, string++, "MPI_COMM_WORLD"));
    CHECK(OTF2_GlobalDefWriter_WriteString(g, string++, "MPI_Send"));
    CHECK(OTF2_GlobalDefWriter_WriteString(g, string++, "MPI_Recv"));
    CHECK(OTF2_GlobalDefWriter_WriteSystemTreeNode(g, 0, 1, 1, OTF2_UNDEFINED_SYSTEM_TREE_NODE));
    CHECK(OTF2_GlobalDefWriter_WriteRegion(g, 0, 3, 3, 0, OTF2_REGION_ROLE_POINT2POINT, OTF2_PARADIGM_MPI,
                                           OTF2_REGION_FLAG_NONE, 0, 0, 0));
    CHECK(OTF2_GlobalDefWriter_WriteRegion(g, 1, 4, 4, 0, OTF2_REGION_ROLE_POINT2POINT, OTF2_PARADIGM_MPI,
                                           OTF2_REGION_FLAG_NONE, 0, 0, 0));
    for (uint32_t r = 0; r < REGIONS; r++) {
        char name[32];
        snprintf(name, sizeof name, "compute_%02u", r);
        CHECK(OTF2_GlobalDefWriter_WriteString(g, string, name));
        CHECK(OTF2_GlobalDefWriter_WriteRegion(g, 2 + r, string, string, 0, OTF2_REGION_ROLE_FUNCTION,
                                               OTF2_PARADIGM_USER, OTF2_REGION_FLAG_NONE, 0, 0, 0));
        string++;
    }
    uint64_t members[RANKS];
    for (uint32_t rank = 0; rank < RANKS; rank++) {
        char name[32];
        snprintf(name, sizeof name, "MPI Rank %u", rank);
        CHECK(OTF2_GlobalDefWriter_WriteString(g, string, name));
        CHECK(OTF2_GlobalDefWriter_WriteLocationGroup(g, rank, string, OTF2_LOCATION_GROUP_TYPE_PROCESS, 0,
                                                      OTF2_UNDEFINED_LOCATION_GROUP));
        CHECK(OTF2_GlobalDefWriter_WriteLocation(g, rank, string, OTF2_LOCATION_TYPE_CPU_THREAD,
                                                 steps * EVENTS_PER_STEP, rank));
        string++;
        members[rank] = rank;
    }
    CHECK(OTF2_GlobalDefWriter_WriteGroup(g, 0, 0, OTF2_GROUP_TYPE_COMM_LOCATIONS, OTF2_PARADIGM_MPI,
                                          OTF2_GROUP_FLAG_NONE, RANKS, members));
    CHECK(OTF2_GlobalDefWriter_WriteGroup(g, 1, 2, OTF2_GROUP_TYPE_COMM_GROUP, OTF2_PARADIGM_MPI,
                                          OTF2_GROUP_FLAG_NONE, RANKS, members));
    CHECK(OTF2_GlobalDefWriter_WriteComm(g, 0, 2, 1, OTF2_UNDEFINED_COMM, OTF2_COMM_FLAG_NONE));
    CHECK(OTF2_Archive_Close(archive));
    printf("%llu events: %d ranks, %llu steps of %llu ns\n", (unsigned long long)(steps * RANKS * EVENTS_PER_STEP),
           RANKS, (unsigned long long)steps, (unsigned long long)step_ns);
    return 0;
}
