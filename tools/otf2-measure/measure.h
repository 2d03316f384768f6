// SPDX-License-Identifier: EPL-2.0
/*
 * otf2-measure: a small measurement library that records an MPI + OpenMP program to an OTF2 archive through
 * libotf2's C writer API. measure.c owns the archive, the locations (one per thread, created on a thread's first
 * event), the rank-local region table and the OpenMP thread teams; mpi.c wraps MPI through PMPI; omp.c wraps
 * libgomp's parallel-region entry points; hooks.c receives GCC's -finstrument-functions calls; symbols.c names
 * instrumented functions from the executable's ELF symbol table.
 */
#ifndef OTF2_MEASURE_H
#define OTF2_MEASURE_H

#include <otf2/otf2.h>
#include <stdint.h>

#define NO_INSTRUMENT __attribute__((no_instrument_function))

/* Regions of the MPI wrappers: their rank-local ids are their positions here (see measure.c). */
enum mpi_region {
    R_MPI_INIT, R_MPI_FINALIZE, R_MPI_SEND, R_MPI_RECV, R_MPI_ISEND, R_MPI_IRECV, R_MPI_WAIT, R_MPI_WAITALL,
    R_MPI_BARRIER, R_MPI_BCAST, R_MPI_ALLREDUCE, MPI_REGIONS
};

/* Non-zero between the archive's opening in MPI_Init and its closing in MPI_Finalize. */
extern volatile int measure_active;

/* The rank in MPI_COMM_WORLD and the number of ranks. */
extern int measure_rank, measure_size;

uint64_t measure_now(void) NO_INSTRUMENT;

/* The calling thread's event writer; its location is created on first use. */
OTF2_EvtWriter *measure_writer(void) NO_INSTRUMENT;

/* Region stack of the calling thread: Enter/Leave are written only while measurement is active, and every
 * Enter written gets its Leave even when MPI_Finalize comes first. Frames entered before MPI_Init (main) are
 * entered in the trace when it opens. */
void measure_enter(uint32_t region) NO_INSTRUMENT;
void measure_leave(void) NO_INSTRUMENT;
/* Enter at an earlier time: MPI_Init's, taken before the archive could be opened. */
void measure_enter_at(uint32_t region, uint64_t time) NO_INSTRUMENT;

/* The rank-local region id of a function (an instrumented one, or an outlined OpenMP body), registered on first
 * sight with this paradigm and role; it is named from the executable's symbols at MPI_Finalize. */
uint32_t measure_function_region(void *fn, OTF2_Paradigm paradigm, OTF2_RegionRole role) NO_INSTRUMENT;

/* OpenMP thread teams. Each fork gets a fresh rank-local communicator id (the rank's MPI_COMM_WORLD is 0), so
 * that team members can name their team before its membership is known; at the join the forking thread reports
 * the members, and MPI_Finalize gives every distinct team (same parent team, same threads) one global
 * communicator, each location's mapping table turning the fork ids into it. */
/* Writes ThreadFork on the calling thread and returns the new team's id. */
uint32_t measure_fork(uint32_t requested) NO_INSTRUMENT;
/* Writes ThreadTeamBegin on the calling thread, now a member of the team; returns the team it was in before,
 * which measure_team_end restores after writing ThreadTeamEnd. */
uint32_t measure_team_begin(uint32_t team) NO_INSTRUMENT;
void measure_team_end(uint32_t team, uint32_t previous) NO_INSTRUMENT;
/* Writes ThreadJoin on the forking thread; members[i] is the location of the team's thread i. */
void measure_join(uint32_t team, const uint64_t *members, uint32_t size) NO_INSTRUMENT;
/* The calling thread's location, created on first use like its event writer. */
uint64_t measure_location(void) NO_INSTRUMENT;

/* Called by the MPI_Init wrapper after PMPI_Init, and by the MPI_Finalize wrapper before PMPI_Finalize. */
void measure_open(int argc, char **argv, uint64_t start) NO_INSTRUMENT;
void measure_close(void) NO_INSTRUMENT;

/* The name of the function at fn in the running executable, or NULL. */
const char *symbol_name(void *fn) NO_INSTRUMENT;

#define CHECK(call) do { OTF2_ErrorCode e_ = (call); if (e_ != OTF2_SUCCESS) { \
    fprintf(stderr, "otf2-measure: %s: %s\n", #call, OTF2_Error_GetName(e_)); abort(); } } while (0)

#endif
