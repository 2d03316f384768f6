// SPDX-License-Identifier: EPL-2.0
/*
 * The archive, the locations and the regions. Each rank writes its own event files (one location per thread,
 * id RANK * 1000 + thread index in order of first event) with rank-local region ids; MPI_Finalize unifies the
 * regions by name on rank 0, which writes the global definitions (clock properties, system tree, ranks,
 * locations with their event counts, regions, MPI_COMM_WORLD, the OpenMP thread teams), and every location gets
 * mapping tables from its local region and communicator ids to the global ones, as Score-P does.
 *
 * OpenMP thread teams are communicators of paradigm OPENMP: a COMM_LOCATIONS group lists every location of
 * every rank, and each distinct team is a COMM_GROUP of indices into it, thread i of the team at index i, under
 * a communicator whose parent is the team that forked it (none at the outermost level). Their global ids follow
 * MPI_COMM_WORLD's (0) in rank order.
 *
 * Environment: OTF2_MEASURE_DIR, the archive's directory (default "otf2-trace"; it must not exist).
 */
#define _GNU_SOURCE
#include <mpi.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define OTF2_MPI_USE_PMPI /* the archive's own collectives must not be recorded by our wrappers */
#include <otf2/OTF2_MPI_Collectives.h>
#include <otf2/OTF2_OpenMP_Locks.h>

#include "measure.h"

#define LOCATION_STRIDE 1000
#define MAX_THREADS 256
#define MAX_REGIONS 4096
#define MAX_DEPTH 1024
#define CACHE_SIZE 256
#define EVT_CHUNK (1024 * 1024)
#define DEF_CHUNK (4 * 1024 * 1024)

volatile int measure_active;
int measure_rank, measure_size;

struct region {
    void *fn; /* NULL for the MPI regions */
    const char *name;
    OTF2_Paradigm paradigm;
    OTF2_RegionRole role;
};

/* Rank-local regions: the MPI wrappers' first, then functions in order of first call (main before MPI_Init). */
static struct region g_regions[MAX_REGIONS] = {
    [R_MPI_INIT] = { NULL, "MPI_Init", OTF2_PARADIGM_MPI, OTF2_REGION_ROLE_FUNCTION },
    [R_MPI_FINALIZE] = { NULL, "MPI_Finalize", OTF2_PARADIGM_MPI, OTF2_REGION_ROLE_FUNCTION },
    [R_MPI_SEND] = { NULL, "MPI_Send", OTF2_PARADIGM_MPI, OTF2_REGION_ROLE_POINT2POINT },
    [R_MPI_RECV] = { NULL, "MPI_Recv", OTF2_PARADIGM_MPI, OTF2_REGION_ROLE_POINT2POINT },
    [R_MPI_ISEND] = { NULL, "MPI_Isend", OTF2_PARADIGM_MPI, OTF2_REGION_ROLE_POINT2POINT },
    [R_MPI_IRECV] = { NULL, "MPI_Irecv", OTF2_PARADIGM_MPI, OTF2_REGION_ROLE_POINT2POINT },
    [R_MPI_WAIT] = { NULL, "MPI_Wait", OTF2_PARADIGM_MPI, OTF2_REGION_ROLE_POINT2POINT },
    [R_MPI_WAITALL] = { NULL, "MPI_Waitall", OTF2_PARADIGM_MPI, OTF2_REGION_ROLE_POINT2POINT },
    [R_MPI_BARRIER] = { NULL, "MPI_Barrier", OTF2_PARADIGM_MPI, OTF2_REGION_ROLE_BARRIER },
    [R_MPI_BCAST] = { NULL, "MPI_Bcast", OTF2_PARADIGM_MPI, OTF2_REGION_ROLE_COLL_ONE2ALL },
    [R_MPI_ALLREDUCE] = { NULL, "MPI_Allreduce", OTF2_PARADIGM_MPI, OTF2_REGION_ROLE_COLL_ALL2ALL },
};

static uint32_t g_region_count = MPI_REGIONS;
/* Open-addressing table from function address to region id, written under g_lock. */
static struct { void *fn; uint32_t region; } g_by_fn[2 * MAX_REGIONS];

struct thread_state {
    OTF2_EvtWriter *writer;
    uint64_t location;
    int depth;
    uint32_t team; /* the fork id of the team the thread is in, OTF2_UNDEFINED_COMM outside teams */
    uint32_t stack[MAX_DEPTH];
    unsigned char recorded[MAX_DEPTH];
    struct { void *fn; uint32_t region; } cache[CACHE_SIZE];
};

static struct thread_state *g_threads[MAX_THREADS];
static int g_thread_count;
static __thread struct thread_state *tl_state;
static pthread_mutex_t g_lock = PTHREAD_MUTEX_INITIALIZER;
static OTF2_Archive *g_archive;
static uint64_t g_start, g_end;
static int g_argc;
static char **g_argv;

static OTF2_FlushType pre_flush(void *data, OTF2_FileType type, OTF2_LocationRef loc, void *caller, bool final)
        NO_INSTRUMENT;
static OTF2_FlushType pre_flush(void *data, OTF2_FileType type, OTF2_LocationRef loc, void *caller, bool final) {
    (void)data; (void)type; (void)loc; (void)caller; (void)final;
    return OTF2_FLUSH;
}

static OTF2_TimeStamp post_flush(void *data, OTF2_FileType type, OTF2_LocationRef loc) NO_INSTRUMENT;
static OTF2_TimeStamp post_flush(void *data, OTF2_FileType type, OTF2_LocationRef loc) {
    (void)data; (void)type; (void)loc;
    return measure_now();
}

static const OTF2_FlushCallbacks FLUSH = { .otf2_pre_flush = pre_flush, .otf2_post_flush = post_flush };

uint64_t measure_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static struct thread_state *thread_state(void) NO_INSTRUMENT;
static struct thread_state *thread_state(void) {
    if (!tl_state) {
        tl_state = calloc(1, sizeof *tl_state);
        if (!tl_state) {
            abort();
        }
        tl_state->team = OTF2_UNDEFINED_COMM;
    }
    return tl_state;
}

OTF2_EvtWriter *measure_writer(void) {
    struct thread_state *s = thread_state();
    if (!s->writer) {
        pthread_mutex_lock(&g_lock);
        if (g_thread_count == MAX_THREADS) {
            fprintf(stderr, "otf2-measure: more than %d threads\n", MAX_THREADS);
            abort();
        }
        s->location = (uint64_t)measure_rank * LOCATION_STRIDE + (uint64_t)g_thread_count;
        g_threads[g_thread_count++] = s;
        s->writer = OTF2_Archive_GetEvtWriter(g_archive, s->location);
        pthread_mutex_unlock(&g_lock);
        if (!s->writer) {
            fprintf(stderr, "otf2-measure: no event writer for location %lu\n", (unsigned long)s->location);
            abort();
        }
    }
    return s->writer;
}

static void push(struct thread_state *s, uint32_t region, int recorded) NO_INSTRUMENT;
static void push(struct thread_state *s, uint32_t region, int recorded) {
    if (s->depth < MAX_DEPTH) {
        s->stack[s->depth] = region;
        s->recorded[s->depth] = (unsigned char)recorded;
    }
    s->depth++;
}

void measure_enter(uint32_t region) {
    struct thread_state *s = thread_state();
    /* Frames past MAX_DEPTH are not recorded: their Leave could not be matched. */
    int recorded = measure_active && s->depth < MAX_DEPTH;
    if (recorded) {
        CHECK(OTF2_EvtWriter_Enter(measure_writer(), NULL, measure_now(), region));
    }
    push(s, region, recorded);
}

void measure_enter_at(uint32_t region, uint64_t time) {
    CHECK(OTF2_EvtWriter_Enter(measure_writer(), NULL, time, region));
    push(thread_state(), region, 1);
}

void measure_leave(void) {
    struct thread_state *s = thread_state();
    if (s->depth == 0) {
        return;
    }
    s->depth--;
    if (s->depth < MAX_DEPTH && s->recorded[s->depth] && measure_active) {
        CHECK(OTF2_EvtWriter_Leave(s->writer, NULL, measure_now(), s->stack[s->depth]));
    }
}

uint32_t measure_function_region(void *fn, OTF2_Paradigm paradigm, OTF2_RegionRole role) {
    struct thread_state *s = thread_state();
    size_t slot = ((uintptr_t)fn >> 4) % CACHE_SIZE;
    if (s->cache[slot].fn == fn) {
        return s->cache[slot].region;
    }
    pthread_mutex_lock(&g_lock);
    size_t h = ((uintptr_t)fn >> 4) % (2 * MAX_REGIONS);
    while (g_by_fn[h].fn && g_by_fn[h].fn != fn) {
        h = (h + 1) % (2 * MAX_REGIONS);
    }
    if (!g_by_fn[h].fn) {
        if (g_region_count == MAX_REGIONS) {
            fprintf(stderr, "otf2-measure: more than %d regions\n", MAX_REGIONS);
            abort();
        }
        g_regions[g_region_count] = (struct region){ fn, NULL, paradigm, role };
        g_by_fn[h].fn = fn;
        g_by_fn[h].region = g_region_count++;
    }
    uint32_t region = g_by_fn[h].region;
    pthread_mutex_unlock(&g_lock);
    s->cache[slot].fn = fn;
    s->cache[slot].region = region;
    return region;
}

uint64_t measure_location(void) {
    measure_writer();
    return tl_state->location;
}

/* A set of thread teams, each (parent, threads' locations) once, found by hashing. */
struct team {
    uint32_t parent, size;
    uint64_t *members;
};

struct teams {
    struct team *v;
    uint32_t count, capacity;
    uint32_t *slots; /* team index + 1, 0 for an empty slot; at most half full */
    uint32_t slot_count;
};

static uint64_t team_hash(uint32_t parent, uint32_t size, const uint64_t *members) NO_INSTRUMENT;
static uint64_t team_hash(uint32_t parent, uint32_t size, const uint64_t *members) {
    uint64_t h = 1469598103934665603u ^ parent;
    for (uint32_t i = 0; i < size; i++) {
        h = (h ^ members[i]) * 1099511628211u;
    }
    return h ^ size;
}

static void *grown(void *array, uint32_t count, uint32_t *capacity, size_t size) NO_INSTRUMENT;
static void *grown(void *array, uint32_t count, uint32_t *capacity, size_t size) {
    if (count < *capacity) {
        return array;
    }
    *capacity = *capacity ? 2 * *capacity : 64;
    array = realloc(array, size * *capacity);
    if (!array) {
        abort();
    }
    return array;
}

static uint32_t teams_intern(struct teams *t, uint32_t parent, uint32_t size, const uint64_t *members)
        NO_INSTRUMENT;
static uint32_t teams_intern(struct teams *t, uint32_t parent, uint32_t size, const uint64_t *members) {
    if (2 * (t->count + 1) > t->slot_count) {
        free(t->slots);
        t->slot_count = t->slot_count ? 2 * t->slot_count : 64;
        t->slots = calloc(t->slot_count, sizeof(uint32_t));
        if (!t->slots) {
            abort();
        }
        for (uint32_t i = 0; i < t->count; i++) {
            uint64_t h = team_hash(t->v[i].parent, t->v[i].size, t->v[i].members) % t->slot_count;
            while (t->slots[h]) {
                h = (h + 1) % t->slot_count;
            }
            t->slots[h] = i + 1;
        }
    }
    uint64_t h = team_hash(parent, size, members) % t->slot_count;
    for (; t->slots[h]; h = (h + 1) % t->slot_count) {
        struct team *e = &t->v[t->slots[h] - 1];
        if (e->parent == parent && e->size == size && memcmp(e->members, members, size * sizeof(uint64_t)) == 0) {
            return t->slots[h] - 1;
        }
    }
    t->v = grown(t->v, t->count, &t->capacity, sizeof(struct team));
    uint64_t *copy = malloc(sizeof(uint64_t) * (size ? size : 1));
    if (!copy) {
        abort();
    }
    memcpy(copy, members, size * sizeof(uint64_t));
    t->v[t->count] = (struct team){ parent, size, copy };
    t->slots[h] = t->count + 1;
    return t->count++;
}

/* Fork id f (1, 2, ...) is g_forks[f - 1]: the fork id of the team that forked it (OTF2_UNDEFINED_COMM at the
 * outermost level) and its team in g_joined (whose parents are such fork ids), NO_TEAM until it joins. At
 * MPI_Finalize, g_teams holds the rank's distinct teams (parents are indices in g_teams) and g_final[t] is
 * the one of g_joined's team t. Forks and joins update them under g_lock. */
#define NO_TEAM UINT32_MAX
static struct { uint32_t parent, team; } *g_forks;
static uint32_t g_fork_count, g_fork_capacity;
static struct teams g_joined, g_teams;
static uint32_t *g_final;

uint32_t measure_fork(uint32_t requested) {
    struct thread_state *s = thread_state();
    CHECK(OTF2_EvtWriter_ThreadFork(measure_writer(), NULL, measure_now(), OTF2_PARADIGM_OPENMP, requested));
    pthread_mutex_lock(&g_lock);
    g_forks = grown(g_forks, g_fork_count, &g_fork_capacity, sizeof *g_forks);
    g_forks[g_fork_count].parent = s->team;
    g_forks[g_fork_count].team = NO_TEAM;
    uint32_t team = ++g_fork_count;
    pthread_mutex_unlock(&g_lock);
    return team;
}

uint32_t measure_team_begin(uint32_t team) {
    struct thread_state *s = thread_state();
    CHECK(OTF2_EvtWriter_ThreadTeamBegin(measure_writer(), NULL, measure_now(), team));
    uint32_t previous = s->team;
    s->team = team;
    return previous;
}

void measure_team_end(uint32_t team, uint32_t previous) {
    CHECK(OTF2_EvtWriter_ThreadTeamEnd(measure_writer(), NULL, measure_now(), team));
    thread_state()->team = previous;
}

void measure_join(uint32_t team, const uint64_t *members, uint32_t size) {
    pthread_mutex_lock(&g_lock);
    g_forks[team - 1].team = teams_intern(&g_joined, g_forks[team - 1].parent, size, members);
    pthread_mutex_unlock(&g_lock);
    CHECK(OTF2_EvtWriter_ThreadJoin(measure_writer(), NULL, measure_now(), OTF2_PARADIGM_OPENMP));
}

/* The index in g_teams of fork f's team: teams that differ only by parent forks of the same team are one. */
static uint32_t final_team(uint32_t f) NO_INSTRUMENT;
static uint32_t final_team(uint32_t f) {
    uint32_t joined = g_forks[f - 1].team;
    if (joined == NO_TEAM) {
        fprintf(stderr, "otf2-measure: MPI_Finalize inside an OpenMP parallel region\n");
        abort();
    }
    if (g_final[joined] == NO_TEAM) {
        struct team *t = &g_joined.v[joined];
        uint32_t parent = t->parent == OTF2_UNDEFINED_COMM ? OTF2_UNDEFINED_COMM : final_team(t->parent);
        g_final[joined] = teams_intern(&g_teams, parent, t->size, t->members);
    }
    return g_final[joined];
}

void measure_open(int argc, char **argv, uint64_t start) {
    PMPI_Comm_rank(MPI_COMM_WORLD, &measure_rank);
    PMPI_Comm_size(MPI_COMM_WORLD, &measure_size);
    const char *dir = getenv("OTF2_MEASURE_DIR");
    g_archive = OTF2_Archive_Open(dir ? dir : "otf2-trace", "traces", OTF2_FILEMODE_WRITE, EVT_CHUNK, DEF_CHUNK,
                                  OTF2_SUBSTRATE_POSIX, OTF2_COMPRESSION_NONE);
    if (!g_archive) {
        fprintf(stderr, "otf2-measure: cannot create the archive in %s\n", dir ? dir : "otf2-trace");
        abort();
    }
    CHECK(OTF2_Archive_SetFlushCallbacks(g_archive, &FLUSH, NULL));
    CHECK(OTF2_MPI_Archive_SetCollectiveCallbacks(g_archive, MPI_COMM_WORLD, MPI_COMM_NULL));
    CHECK(OTF2_OpenMP_Archive_SetLockingCallbacks(g_archive));
    CHECK(OTF2_Archive_OpenEvtFiles(g_archive));
    /* The program's name and arguments are global strings 0..argc-1 (rank 0 writes them; all ranks share them). */
    g_argc = argc;
    OTF2_StringRef args[argc > 1 ? argc - 1 : 1];
    for (int i = 1; i < argc; i++) {
        args[i - 1] = (OTF2_StringRef)i;
    }
    g_argv = argv;
    g_start = start;
    measure_active = 1;
    CHECK(OTF2_EvtWriter_ProgramBegin(measure_writer(), NULL, g_start, 0, (uint32_t)(argc > 1 ? argc - 1 : 0),
                                      args));
    struct thread_state *s = thread_state();
    for (int d = 0; d < s->depth && d < MAX_DEPTH; d++) {
        CHECK(OTF2_EvtWriter_Enter(s->writer, NULL, g_start, s->stack[d]));
        s->recorded[d] = 1;
    }
}

/* rank 0's string table for the global definitions */
static OTF2_GlobalDefWriter *g_defs;
static uint32_t g_string_count;

static OTF2_StringRef def_string(const char *s) NO_INSTRUMENT;
static OTF2_StringRef def_string(const char *s) {
    CHECK(OTF2_GlobalDefWriter_WriteString(g_defs, g_string_count, s));
    return g_string_count++;
}

/* A rank's regions travel to rank 0 as records "paradigm role name\0". */
static char *pack_regions(int *size) NO_INSTRUMENT;
static char *pack_regions(int *size) {
    size_t total = 0;
    for (uint32_t i = 0; i < g_region_count; i++) {
        if (!g_regions[i].name) {
            const char *name = symbol_name(g_regions[i].fn);
            if (!name) {
                char *unknown = malloc(32);
                snprintf(unknown, 32, "fn@%p", g_regions[i].fn);
                name = unknown;
            }
            g_regions[i].name = name;
        }
        total += 2 + strlen(g_regions[i].name) + 1;
    }
    char *blob = malloc(total ? total : 1), *p = blob;
    for (uint32_t i = 0; i < g_region_count; i++) {
        *p++ = (char)g_regions[i].paradigm;
        *p++ = (char)g_regions[i].role;
        p = stpcpy(p, g_regions[i].name) + 1;
    }
    *size = (int)total;
    return blob;
}

static void write_global_definitions(int *region_counts, char *blobs, int *blob_offsets, uint32_t *global_ids,
                                     int *thread_counts, uint64_t *events, char **argv) NO_INSTRUMENT;
static void write_global_definitions(int *region_counts, char *blobs, int *blob_offsets, uint32_t *global_ids,
                                     int *thread_counts, uint64_t *events, char **argv) {
    g_defs = OTF2_Archive_GetGlobalDefWriter(g_archive);
    CHECK(OTF2_GlobalDefWriter_WriteClockProperties(g_defs, 1000000000u, g_start, g_end - g_start,
                                                    OTF2_UNDEFINED_TIMESTAMP));
    for (int i = 0; i < g_argc; i++) {
        def_string(argv[i]);
    }
    if (g_argc == 0) {
        def_string(""); /* ProgramBegin names string 0 */
    }
    char host[256] = "localhost";
    gethostname(host, sizeof host - 1);
    CHECK(OTF2_GlobalDefWriter_WriteSystemTreeNode(g_defs, 0, def_string(host), def_string("node"),
                                                   OTF2_UNDEFINED_SYSTEM_TREE_NODE));
    /* Regions: the first rank to name one gives it its global id, in rank order. */
    uint32_t next_global = 0;
    const char **names = NULL;
    int k = 0;
    for (int r = 0; r < measure_size; r++) {
        const char *p = blobs + blob_offsets[r];
        for (int i = 0; i < region_counts[r]; i++, k++) {
            OTF2_Paradigm paradigm = (OTF2_Paradigm)p[0];
            OTF2_RegionRole role = (OTF2_RegionRole)p[1];
            const char *name = p + 2;
            p = name + strlen(name) + 1;
            uint32_t g = 0;
            while (g < next_global && strcmp(names[g], name) != 0) {
                g++;
            }
            if (g == next_global) {
                names = realloc(names, sizeof(char *) * (next_global + 1));
                names[next_global++] = name;
                OTF2_StringRef s = def_string(name);
                CHECK(OTF2_GlobalDefWriter_WriteRegion(g_defs, g, s, s, def_string(""), role, paradigm,
                                                       OTF2_REGION_FLAG_NONE, OTF2_UNDEFINED_STRING, 0, 0));
            }
            global_ids[k] = g;
        }
    }
    free(names);
    uint64_t masters[measure_size], ranks[measure_size];
    int t = 0;
    for (int r = 0; r < measure_size; r++) {
        char name[64];
        snprintf(name, sizeof name, "MPI Rank %d", r);
        CHECK(OTF2_GlobalDefWriter_WriteLocationGroup(g_defs, (uint32_t)r, def_string(name),
                                                      OTF2_LOCATION_GROUP_TYPE_PROCESS, 0,
                                                      OTF2_UNDEFINED_LOCATION_GROUP));
        for (int i = 0; i < thread_counts[r]; i++, t++) {
            snprintf(name, sizeof name, i == 0 ? "Master thread" : "thread %d", i);
            CHECK(OTF2_GlobalDefWriter_WriteLocation(g_defs, (uint64_t)r * LOCATION_STRIDE + (uint64_t)i,
                                                     def_string(name), OTF2_LOCATION_TYPE_CPU_THREAD, events[t],
                                                     (uint32_t)r));
        }
        masters[r] = (uint64_t)r * LOCATION_STRIDE;
        ranks[r] = (uint64_t)r;
    }
    CHECK(OTF2_GlobalDefWriter_WriteGroup(g_defs, 0, def_string("MPI_COMM_WORLD locations"),
                                          OTF2_GROUP_TYPE_COMM_LOCATIONS, OTF2_PARADIGM_MPI, OTF2_GROUP_FLAG_NONE,
                                          (uint32_t)measure_size, masters));
    OTF2_StringRef world = def_string("MPI_COMM_WORLD");
    CHECK(OTF2_GlobalDefWriter_WriteGroup(g_defs, 1, world, OTF2_GROUP_TYPE_COMM_GROUP, OTF2_PARADIGM_MPI,
                                          OTF2_GROUP_FLAG_NONE, (uint32_t)measure_size, ranks));
    CHECK(OTF2_GlobalDefWriter_WriteComm(g_defs, 0, world, 1, OTF2_UNDEFINED_COMM, OTF2_COMM_FLAG_NONE));
}

/* The rank's distinct teams travel to rank 0 as words: parent (an index among the rank's teams, or
 * OTF2_UNDEFINED_COMM), size, then the members' locations. */
static uint64_t *pack_teams(int *size) NO_INSTRUMENT;
static uint64_t *pack_teams(int *size) {
    size_t total = 0;
    for (uint32_t i = 0; i < g_teams.count; i++) {
        total += 2 + g_teams.v[i].size;
    }
    uint64_t *words = malloc(sizeof(uint64_t) * (total ? total : 1)), *w = words;
    for (uint32_t i = 0; i < g_teams.count; i++) {
        *w++ = g_teams.v[i].parent;
        *w++ = g_teams.v[i].size;
        memcpy(w, g_teams.v[i].members, g_teams.v[i].size * sizeof(uint64_t));
        w += g_teams.v[i].size;
    }
    *size = (int)total;
    return words;
}

/* Rank 0 defines the teams after MPI_COMM_WORLD (groups 0 and 1, communicator 0): the OpenMP COMM_LOCATIONS
 * group 2 lists every location in definition order, then team k (communicator k, 1, 2, ... in rank order) is
 * group k + 2, the indices of its threads' locations in group 2. */
static void write_team_definitions(int *team_counts, uint64_t *words, int *thread_counts) NO_INSTRUMENT;
static void write_team_definitions(int *team_counts, uint64_t *words, int *thread_counts) {
    int first_location[measure_size], teams = 0, locations = 0;
    for (int r = 0; r < measure_size; r++) {
        first_location[r] = locations;
        locations += thread_counts[r];
        teams += team_counts[r];
    }
    if (teams == 0) {
        return;
    }
    uint64_t all[locations];
    for (int r = 0, i = 0; r < measure_size; r++) {
        for (int t = 0; t < thread_counts[r]; t++) {
            all[i++] = (uint64_t)r * LOCATION_STRIDE + (uint64_t)t;
        }
    }
    CHECK(OTF2_GlobalDefWriter_WriteGroup(g_defs, 2, def_string("OpenMP locations"), OTF2_GROUP_TYPE_COMM_LOCATIONS,
                                          OTF2_PARADIGM_OPENMP, OTF2_GROUP_FLAG_NONE, (uint32_t)locations, all));
    uint32_t comm = 1;
    const uint64_t *w = words;
    for (int r = 0; r < measure_size; r++) {
        uint32_t rank_first = comm;
        for (int k = 0; k < team_counts[r]; k++, comm++) {
            uint32_t parent = (uint32_t)*w++, size = (uint32_t)*w++;
            uint64_t indices[size ? size : 1];
            for (uint32_t i = 0; i < size; i++, w++) {
                indices[i] = (uint64_t)first_location[*w / LOCATION_STRIDE] + *w % LOCATION_STRIDE;
            }
            char name[64];
            snprintf(name, sizeof name, "MPI Rank %d team %d", r, k);
            OTF2_StringRef s = def_string(name);
            CHECK(OTF2_GlobalDefWriter_WriteGroup(g_defs, comm + 2, s, OTF2_GROUP_TYPE_COMM_GROUP,
                                                  OTF2_PARADIGM_OPENMP, OTF2_GROUP_FLAG_NONE, size, indices));
            CHECK(OTF2_GlobalDefWriter_WriteComm(g_defs, comm, s, comm + 2,
                                                 parent == OTF2_UNDEFINED_COMM ? OTF2_UNDEFINED_COMM
                                                                               : rank_first + parent,
                                                 OTF2_COMM_FLAG_NONE));
        }
    }
}

void measure_close(void) {
    g_end = measure_now();
    /* Leave every frame still open on every thread, innermost first, then stop recording. */
    for (int i = 0; i < g_thread_count; i++) {
        struct thread_state *s = g_threads[i];
        for (int d = (s->depth < MAX_DEPTH ? s->depth : MAX_DEPTH) - 1; d >= 0; d--) {
            if (s->recorded[d]) {
                CHECK(OTF2_EvtWriter_Leave(s->writer, NULL, g_end, s->stack[d]));
                s->recorded[d] = 0;
            }
        }
    }
    CHECK(OTF2_EvtWriter_ProgramEnd(measure_writer(), NULL, g_end, 0));
    measure_active = 0;

    int threads = g_thread_count;
    uint64_t events[threads];
    for (int i = 0; i < threads; i++) {
        CHECK(OTF2_EvtWriter_GetNumberOfEvents(g_threads[i]->writer, &events[i]));
        CHECK(OTF2_Archive_CloseEvtWriter(g_archive, g_threads[i]->writer));
    }
    CHECK(OTF2_Archive_CloseEvtFiles(g_archive));

    g_final = malloc(sizeof(uint32_t) * (g_joined.count ? g_joined.count : 1));
    for (uint32_t i = 0; i < g_joined.count; i++) {
        g_final[i] = NO_TEAM;
    }
    for (uint32_t f = 1; f <= g_fork_count; f++) {
        final_team(f);
    }

    int size = measure_size, root = measure_rank == 0;
    int blob_size, count = (int)g_region_count, team_count = (int)g_teams.count, team_words;
    char *blob = pack_regions(&blob_size);
    uint64_t *teams = pack_teams(&team_words);
    int region_counts[size], blob_sizes[size], blob_offsets[size], id_offsets[size], thread_counts[size],
        event_offsets[size], team_counts[size], word_counts[size], word_offsets[size];
    PMPI_Gather(&count, 1, MPI_INT, region_counts, 1, MPI_INT, 0, MPI_COMM_WORLD);
    PMPI_Gather(&blob_size, 1, MPI_INT, blob_sizes, 1, MPI_INT, 0, MPI_COMM_WORLD);
    PMPI_Gather(&threads, 1, MPI_INT, thread_counts, 1, MPI_INT, 0, MPI_COMM_WORLD);
    PMPI_Gather(&team_count, 1, MPI_INT, team_counts, 1, MPI_INT, 0, MPI_COMM_WORLD);
    PMPI_Gather(&team_words, 1, MPI_INT, word_counts, 1, MPI_INT, 0, MPI_COMM_WORLD);
    int blob_total = 0, id_total = 0, thread_total = 0, word_total = 0;
    if (root) {
        for (int r = 0; r < size; r++) {
            blob_offsets[r] = blob_total;
            blob_total += blob_sizes[r];
            id_offsets[r] = id_total;
            id_total += region_counts[r];
            event_offsets[r] = thread_total;
            thread_total += thread_counts[r];
            word_offsets[r] = word_total;
            word_total += word_counts[r];
        }
    }
    char *blobs = malloc(blob_total ? (size_t)blob_total : 1);
    uint32_t *global_ids = malloc(sizeof(uint32_t) * (size_t)(id_total ? id_total : 1));
    uint64_t *all_events = malloc(sizeof(uint64_t) * (size_t)(thread_total ? thread_total : 1));
    uint64_t *all_teams = malloc(sizeof(uint64_t) * (size_t)(word_total ? word_total : 1));
    PMPI_Gatherv(blob, blob_size, MPI_CHAR, blobs, blob_sizes, blob_offsets, MPI_CHAR, 0, MPI_COMM_WORLD);
    PMPI_Gatherv(events, threads, MPI_UINT64_T, all_events, thread_counts, event_offsets, MPI_UINT64_T, 0,
                 MPI_COMM_WORLD);
    PMPI_Gatherv(teams, team_words, MPI_UINT64_T, all_teams, word_counts, word_offsets, MPI_UINT64_T, 0,
                 MPI_COMM_WORLD);
    /* The rank's teams are communicators 1 + (the teams of the ranks before it) onwards. */
    int teams_before = 0;
    PMPI_Exscan(&team_count, &teams_before, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (root) {
        teams_before = 0; /* MPI_Exscan leaves rank 0's result undefined */
    }
    uint64_t start = g_start, end = g_end;
    PMPI_Reduce(&start, &g_start, 1, MPI_UINT64_T, MPI_MIN, 0, MPI_COMM_WORLD);
    PMPI_Reduce(&end, &g_end, 1, MPI_UINT64_T, MPI_MAX, 0, MPI_COMM_WORLD);
    if (root) {
        write_global_definitions(region_counts, blobs, blob_offsets, global_ids, thread_counts, all_events,
                                 g_argv);
        write_team_definitions(team_counts, all_teams, thread_counts);
    }
    uint32_t mine[count];
    PMPI_Scatterv(global_ids, region_counts, id_offsets, MPI_UINT32_T, mine, count, MPI_UINT32_T, 0,
                  MPI_COMM_WORLD);

    CHECK(OTF2_Archive_OpenDefFiles(g_archive));
    OTF2_IdMap *map = OTF2_IdMap_Create(OTF2_ID_MAP_DENSE, (uint64_t)count);
    for (int i = 0; i < count; i++) {
        CHECK(OTF2_IdMap_AddIdPair(map, (uint64_t)i, mine[i]));
    }
    /* Communicator 0 is MPI_COMM_WORLD everywhere; fork ids become their distinct teams' global ids. */
    OTF2_IdMap *comms = OTF2_IdMap_Create(OTF2_ID_MAP_DENSE, 1 + (uint64_t)g_fork_count);
    CHECK(OTF2_IdMap_AddIdPair(comms, 0, 0));
    for (uint32_t f = 1; f <= g_fork_count; f++) {
        CHECK(OTF2_IdMap_AddIdPair(comms, f, 1 + (uint64_t)teams_before + final_team(f)));
    }
    for (int i = 0; i < threads; i++) {
        OTF2_DefWriter *dw = OTF2_Archive_GetDefWriter(g_archive, g_threads[i]->location);
        CHECK(OTF2_DefWriter_WriteMappingTable(dw, OTF2_MAPPING_REGION, map));
        if (g_fork_count > 0) {
            CHECK(OTF2_DefWriter_WriteMappingTable(dw, OTF2_MAPPING_COMM, comms));
        }
        CHECK(OTF2_Archive_CloseDefWriter(g_archive, dw));
    }
    OTF2_IdMap_Free(map);
    OTF2_IdMap_Free(comms);
    CHECK(OTF2_Archive_CloseDefFiles(g_archive));
    CHECK(OTF2_Archive_Close(g_archive));
    free(blob);
    free(blobs);
    free(global_ids);
    free(all_events);
    free(teams);
    free(all_teams);
}
