// SPDX-License-Identifier: EPL-2.0
/*
 * A 2-D Jacobi stencil over MPI + OpenMP, the workload of the OTF2 captures (tools/capture/otf2-mpi.sh).
 * The ranks form a periodic PX x PY grid; each owns an N x N block with a one-cell halo. An iteration
 * exchanges the four halo edges with non-blocking MPI_Irecv/MPI_Isend completed by MPI_Wait, sweeps the block
 * with an OpenMP parallel loop (one update_row call per row, so worker threads have their own call stacks),
 * and MPI_Allreduces the residual. Rank 0 MPI_Bcasts the parameters, every CHECKPOINT iterations the other
 * ranks MPI_Send their block's checksum to rank 0's MPI_Recv, and MPI_Barriers bracket the run.
 * Functions are not static so that their names are in the executable's symbol table.
 *
 *   mpi-stencil [N [ITERATIONS]]   (defaults 16 and 10)
 */
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define CHECKPOINT 5

enum { NORTH, SOUTH, WEST, EAST };

struct block {
    int n, rank, size, neighbour[4];
    double *cur, *next, *edge_out[4], *edge_in[4];
};

#define AT(b, a, i, j) ((a)[(size_t)(i) * (size_t)((b)->n + 2) + (size_t)(j)])

__attribute__((noinline)) void setup_block(struct block *b, int n) {
    MPI_Comm_rank(MPI_COMM_WORLD, &b->rank);
    MPI_Comm_size(MPI_COMM_WORLD, &b->size);
    int px = 1;
    for (int d = 1; d * d <= b->size; d++) {
        if (b->size % d == 0) {
            px = d;
        }
    }
    int py = b->size / px, x = b->rank % px, y = b->rank / px;
    b->neighbour[NORTH] = ((y + py - 1) % py) * px + x;
    b->neighbour[SOUTH] = ((y + 1) % py) * px + x;
    b->neighbour[WEST] = y * px + (x + px - 1) % px;
    b->neighbour[EAST] = y * px + (x + 1) % px;
    b->n = n;
    size_t cells = (size_t)(n + 2) * (size_t)(n + 2);
    b->cur = calloc(cells, sizeof(double));
    b->next = calloc(cells, sizeof(double));
    for (int d = 0; d < 4; d++) {
        b->edge_out[d] = calloc((size_t)n, sizeof(double));
        b->edge_in[d] = calloc((size_t)n, sizeof(double));
    }
    for (int i = 1; i <= n; i++) {
        for (int j = 1; j <= n; j++) {
            AT(b, b->cur, i, j) = (double)((b->rank * 7 + i * 3 + j) % 11);
        }
    }
}

/* Copies an edge of the block out (north/south rows, west/east columns). */
__attribute__((noinline)) void pack_edge(struct block *b, int d) {
    for (int k = 1; k <= b->n; k++) {
        int i = d == NORTH ? 1 : d == SOUTH ? b->n : k;
        int j = d == WEST ? 1 : d == EAST ? b->n : k;
        b->edge_out[d][k - 1] = AT(b, b->cur, i, j);
    }
}

/* Copies a received edge into the halo on that side. */
__attribute__((noinline)) void unpack_edge(struct block *b, int d) {
    for (int k = 1; k <= b->n; k++) {
        int i = d == NORTH ? 0 : d == SOUTH ? b->n + 1 : k;
        int j = d == WEST ? 0 : d == EAST ? b->n + 1 : k;
        AT(b, b->cur, i, j) = b->edge_in[d][k - 1];
    }
}

__attribute__((noinline)) void exchange_halo(struct block *b) {
    MPI_Request recv[4], send[4];
    for (int d = 0; d < 4; d++) {
        /* What my north neighbour sends south arrives as my north halo: the tag is the direction of travel. */
        MPI_Irecv(b->edge_in[d], b->n, MPI_DOUBLE, b->neighbour[d], d ^ 1, MPI_COMM_WORLD, &recv[d]);
    }
    for (int d = 0; d < 4; d++) {
        pack_edge(b, d);
        MPI_Isend(b->edge_out[d], b->n, MPI_DOUBLE, b->neighbour[d], d, MPI_COMM_WORLD, &send[d]);
    }
    for (int d = 0; d < 4; d++) {
        MPI_Wait(&recv[d], MPI_STATUS_IGNORE);
        unpack_edge(b, d);
    }
    for (int d = 0; d < 4; d++) {
        MPI_Wait(&send[d], MPI_STATUS_IGNORE);
    }
}

__attribute__((noinline)) double update_row(struct block *b, int i) {
    double change = 0;
    for (int j = 1; j <= b->n; j++) {
        double v = 0.25 * (AT(b, b->cur, i - 1, j) + AT(b, b->cur, i + 1, j) + AT(b, b->cur, i, j - 1)
                           + AT(b, b->cur, i, j + 1));
        change += fabs(v - AT(b, b->cur, i, j));
        AT(b, b->next, i, j) = v;
    }
    return change;
}

__attribute__((noinline)) double sweep(struct block *b) {
    double change = 0;
#pragma omp parallel for reduction(+ : change) schedule(static)
    for (int i = 1; i <= b->n; i++) {
        change += update_row(b, i);
    }
    double *t = b->cur;
    b->cur = b->next;
    b->next = t;
    return change;
}

__attribute__((noinline)) double checksum(struct block *b) {
    double sum = 0;
    for (int i = 1; i <= b->n; i++) {
        for (int j = 1; j <= b->n; j++) {
            sum += AT(b, b->cur, i, j);
        }
    }
    return sum;
}

/* Rank 0 gathers the blocks' checksums by point-to-point messages. */
__attribute__((noinline)) double report(struct block *b, int iteration) {
    double mine = checksum(b), total = mine;
    if (b->rank == 0) {
        for (int r = 1; r < b->size; r++) {
            double theirs;
            MPI_Recv(&theirs, 1, MPI_DOUBLE, r, 100 + iteration, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            total += theirs;
        }
    } else {
        MPI_Send(&mine, 1, MPI_DOUBLE, 0, 100 + iteration, MPI_COMM_WORLD);
    }
    return total;
}

int main(int argc, char **argv) {
    int provided;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
    struct block b;
    int params[2] = { argc > 1 ? atoi(argv[1]) : 16, argc > 2 ? atoi(argv[2]) : 10 };
    MPI_Bcast(params, 2, MPI_INT, 0, MPI_COMM_WORLD);
    setup_block(&b, params[0]);
    MPI_Barrier(MPI_COMM_WORLD);
    double residual = 0, total = 0;
    for (int it = 1; it <= params[1]; it++) {
        exchange_halo(&b);
        double change = sweep(&b);
        MPI_Allreduce(&change, &residual, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
        if (it % CHECKPOINT == 0) {
            total = report(&b, it);
        }
    }
    MPI_Barrier(MPI_COMM_WORLD);
    if (b.rank == 0) {
        printf("ranks %d, block %d, iterations %d, residual %.6f, checksum %.6f\n", b.size, b.n, params[1], residual,
               total);
    }
    MPI_Finalize();
    return 0;
}
