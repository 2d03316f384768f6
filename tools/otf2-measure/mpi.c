// SPDX-License-Identifier: EPL-2.0
/*
 * PMPI wrappers: each call is a region (Enter/Leave) holding its OTF2 MPI record. Point-to-point records name
 * peers by rank in MPI_COMM_WORLD (communicator 0, the only one defined); calls on other communicators, and
 * calls while measurement is off, pass straight through. Non-blocking calls get a request id when started
 * (MpiIsend, MpiIrecvRequest) and their completion record when MPI_Wait/MPI_Waitall completes them
 * (MpiIsendComplete, MpiIrecv with the sender, tag and length from the status). Collective sizes are what this
 * rank sends and receives.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#include "measure.h"

#define MAX_PENDING 1024

enum kind { SEND, RECV };

static struct {
    MPI_Request request;
    uint64_t id;
    enum kind kind;
} g_pending[MAX_PENDING];
static int g_pending_count;
static uint64_t g_next_request;

static int recorded(MPI_Comm comm) NO_INSTRUMENT;
static int recorded(MPI_Comm comm) {
    return measure_active && comm == MPI_COMM_WORLD;
}

static uint64_t bytes(int count, MPI_Datatype type) NO_INSTRUMENT;
static uint64_t bytes(int count, MPI_Datatype type) {
    int size;
    PMPI_Type_size(type, &size);
    return (uint64_t)count * (uint64_t)size;
}

static uint64_t received(MPI_Status *status) NO_INSTRUMENT;
static uint64_t received(MPI_Status *status) {
    int count;
    PMPI_Get_count(status, MPI_BYTE, &count);
    return (uint64_t)count;
}

static uint64_t start_request(MPI_Request request, enum kind kind) NO_INSTRUMENT;
static uint64_t start_request(MPI_Request request, enum kind kind) {
    if (g_pending_count == MAX_PENDING) {
        fprintf(stderr, "otf2-measure: more than %d pending requests\n", MAX_PENDING);
        abort();
    }
    g_pending[g_pending_count].request = request;
    g_pending[g_pending_count].id = g_next_request;
    g_pending[g_pending_count].kind = kind;
    g_pending_count++;
    return g_next_request++;
}

/* Writes the completion record of a request that MPI has just completed; unknown requests write nothing. */
static void complete_request(MPI_Request request, MPI_Status *status) NO_INSTRUMENT;
static void complete_request(MPI_Request request, MPI_Status *status) {
    for (int i = 0; i < g_pending_count; i++) {
        if (g_pending[i].request == request) {
            uint64_t now = measure_now();
            if (g_pending[i].kind == SEND) {
                CHECK(OTF2_EvtWriter_MpiIsendComplete(measure_writer(), NULL, now, g_pending[i].id));
            } else {
                CHECK(OTF2_EvtWriter_MpiIrecv(measure_writer(), NULL, now, (uint32_t)status->MPI_SOURCE, 0,
                                              (uint32_t)status->MPI_TAG, received(status), g_pending[i].id));
            }
            g_pending[i] = g_pending[--g_pending_count];
            return;
        }
    }
}

int MPI_Init(int *argc, char ***argv) {
    uint64_t start = measure_now();
    int result = PMPI_Init(argc, argv);
    measure_open(argc ? *argc : 0, argv ? *argv : NULL, start);
    measure_enter_at(R_MPI_INIT, start);
    measure_leave();
    return result;
}

int MPI_Init_thread(int *argc, char ***argv, int required, int *provided) {
    uint64_t start = measure_now();
    int result = PMPI_Init_thread(argc, argv, required, provided);
    measure_open(argc ? *argc : 0, argv ? *argv : NULL, start);
    measure_enter_at(R_MPI_INIT, start);
    measure_leave();
    return result;
}

int MPI_Finalize(void) {
    if (measure_active) {
        measure_enter(R_MPI_FINALIZE);
        measure_close();
    }
    return PMPI_Finalize();
}

int MPI_Send(const void *buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm) {
    if (!recorded(comm)) {
        return PMPI_Send(buf, count, type, dest, tag, comm);
    }
    measure_enter(R_MPI_SEND);
    if (dest != MPI_PROC_NULL) {
        CHECK(OTF2_EvtWriter_MpiSend(measure_writer(), NULL, measure_now(), (uint32_t)dest, 0, (uint32_t)tag,
                                     bytes(count, type)));
    }
    int result = PMPI_Send(buf, count, type, dest, tag, comm);
    measure_leave();
    return result;
}

int MPI_Recv(void *buf, int count, MPI_Datatype type, int source, int tag, MPI_Comm comm, MPI_Status *status) {
    if (!recorded(comm)) {
        return PMPI_Recv(buf, count, type, source, tag, comm, status);
    }
    measure_enter(R_MPI_RECV);
    MPI_Status own;
    MPI_Status *st = status == MPI_STATUS_IGNORE ? &own : status;
    int result = PMPI_Recv(buf, count, type, source, tag, comm, st);
    if (result == MPI_SUCCESS && st->MPI_SOURCE != MPI_PROC_NULL) {
        CHECK(OTF2_EvtWriter_MpiRecv(measure_writer(), NULL, measure_now(), (uint32_t)st->MPI_SOURCE, 0,
                                     (uint32_t)st->MPI_TAG, received(st)));
    }
    measure_leave();
    return result;
}

int MPI_Isend(const void *buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm,
              MPI_Request *request) {
    if (!recorded(comm) || dest == MPI_PROC_NULL) {
        return PMPI_Isend(buf, count, type, dest, tag, comm, request);
    }
    measure_enter(R_MPI_ISEND);
    uint64_t now = measure_now();
    int result = PMPI_Isend(buf, count, type, dest, tag, comm, request);
    if (result == MPI_SUCCESS) {
        CHECK(OTF2_EvtWriter_MpiIsend(measure_writer(), NULL, now, (uint32_t)dest, 0, (uint32_t)tag,
                                      bytes(count, type), start_request(*request, SEND)));
    }
    measure_leave();
    return result;
}

int MPI_Irecv(void *buf, int count, MPI_Datatype type, int source, int tag, MPI_Comm comm, MPI_Request *request) {
    if (!recorded(comm) || source == MPI_PROC_NULL) {
        return PMPI_Irecv(buf, count, type, source, tag, comm, request);
    }
    measure_enter(R_MPI_IRECV);
    uint64_t now = measure_now();
    int result = PMPI_Irecv(buf, count, type, source, tag, comm, request);
    if (result == MPI_SUCCESS) {
        CHECK(OTF2_EvtWriter_MpiIrecvRequest(measure_writer(), NULL, now, start_request(*request, RECV)));
    }
    measure_leave();
    return result;
}

int MPI_Wait(MPI_Request *request, MPI_Status *status) {
    if (!measure_active) {
        return PMPI_Wait(request, status);
    }
    measure_enter(R_MPI_WAIT);
    MPI_Request handle = *request; /* MPI resets it to MPI_REQUEST_NULL */
    MPI_Status own;
    MPI_Status *st = status == MPI_STATUS_IGNORE ? &own : status;
    int result = PMPI_Wait(request, st);
    if (result == MPI_SUCCESS) {
        complete_request(handle, st);
    }
    measure_leave();
    return result;
}

int MPI_Waitall(int count, MPI_Request requests[], MPI_Status statuses[]) {
    if (!measure_active) {
        return PMPI_Waitall(count, requests, statuses);
    }
    measure_enter(R_MPI_WAITALL);
    MPI_Request *handles = malloc(sizeof(MPI_Request) * (size_t)(count ? count : 1));
    MPI_Status *own = statuses == MPI_STATUSES_IGNORE ? malloc(sizeof(MPI_Status) * (size_t)(count ? count : 1))
                                                      : statuses;
    for (int i = 0; i < count; i++) {
        handles[i] = requests[i];
    }
    int result = PMPI_Waitall(count, requests, own);
    if (result == MPI_SUCCESS) {
        for (int i = 0; i < count; i++) {
            complete_request(handles[i], &own[i]);
        }
    }
    if (own != statuses) {
        free(own);
    }
    free(handles);
    measure_leave();
    return result;
}

int MPI_Barrier(MPI_Comm comm) {
    if (!recorded(comm)) {
        return PMPI_Barrier(comm);
    }
    measure_enter(R_MPI_BARRIER);
    CHECK(OTF2_EvtWriter_MpiCollectiveBegin(measure_writer(), NULL, measure_now()));
    int result = PMPI_Barrier(comm);
    CHECK(OTF2_EvtWriter_MpiCollectiveEnd(measure_writer(), NULL, measure_now(), OTF2_COLLECTIVE_OP_BARRIER, 0,
                                          OTF2_UNDEFINED_UINT32, 0, 0));
    measure_leave();
    return result;
}

int MPI_Bcast(void *buf, int count, MPI_Datatype type, int root, MPI_Comm comm) {
    if (!recorded(comm)) {
        return PMPI_Bcast(buf, count, type, root, comm);
    }
    measure_enter(R_MPI_BCAST);
    CHECK(OTF2_EvtWriter_MpiCollectiveBegin(measure_writer(), NULL, measure_now()));
    int result = PMPI_Bcast(buf, count, type, root, comm);
    uint64_t size = bytes(count, type);
    int is_root = root == measure_rank;
    CHECK(OTF2_EvtWriter_MpiCollectiveEnd(measure_writer(), NULL, measure_now(), OTF2_COLLECTIVE_OP_BCAST, 0,
                                          (uint32_t)root, is_root ? size : 0, is_root ? 0 : size));
    measure_leave();
    return result;
}

int MPI_Allreduce(const void *in, void *out, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm) {
    if (!recorded(comm)) {
        return PMPI_Allreduce(in, out, count, type, op, comm);
    }
    measure_enter(R_MPI_ALLREDUCE);
    CHECK(OTF2_EvtWriter_MpiCollectiveBegin(measure_writer(), NULL, measure_now()));
    int result = PMPI_Allreduce(in, out, count, type, op, comm);
    uint64_t size = bytes(count, type);
    CHECK(OTF2_EvtWriter_MpiCollectiveEnd(measure_writer(), NULL, measure_now(), OTF2_COLLECTIVE_OP_ALLREDUCE, 0,
                                          OTF2_UNDEFINED_UINT32, size, size));
    measure_leave();
    return result;
}
