/*
 * The per-state guard the shim's parts share: the allocator's user data,
 * holding the memory account, the pools, the watchdog's state and the
 * traceback of the last error. Private to CLuaShim.
 */
#ifndef SBL_GUARD_H
#define SBL_GUARD_H

#include "CLuaShim.h"

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include <lua5.4/lua.h>

/* Small blocks (strings, tables, closures: most of what a script makes) come
 * from per-state pools, one free list per 16-byte size class, carved from
 * 64 KiB chunks; larger ones from malloc. Lua always passes a block's size
 * back with it, so the size tells which of the two owns a block. */
#define POOL_LARGEST 256
#define POOL_CLASSES (POOL_LARGEST / 16)
#define POOL_CHUNK (64 * 1024)

typedef struct pool_block { struct pool_block *next; } pool_block;
typedef struct pool_chunk { struct pool_chunk *next; } pool_chunk;

/* The keys the plain readers know, kept alive in the registry under the
 * address of `plain_keys_anchor`. Short strings are interned, so a key of a
 * table is one of these exactly when it is the same string object. */
enum {
    KEY_NAME, KEY_COLOR, KEY_COUNT, KEY_ID, KEY_FIELDS, KEY_DATA, KEY_ITEMS, KEY_CHILDREN,
    KEY_ROWS, KEY_SELECTED, KEY_EXPANDED, KEY_DESCRIPTION, KEY_REF, KEY_KEY, KEY_SWATCH, KEY_EXTENSIONS,
    KEY_SCOPE,
    PLAIN_KEY_COUNT
};

/* Per-state guard: memory accounting and the time-budget watchdog. It is the
 * allocator's user data, so any function holding the state can reach it. */
struct sbl_guard {
    size_t used;
    size_t limit;
    int host_depth;     /* > 0 while host code runs: allocations may pass the cap */
    int out_of_memory;  /* the cap refused an allocation since the last call */

    pool_block *free_blocks[POOL_CLASSES];
    char *fresh, *fresh_end;  /* the uncarved rest of the newest chunk */
    pool_chunk *chunks;       /* every chunk, freed with the state */

    /* The watchdog. A call is armed and disarmed with a few atomic stores,
     * no lock and no clock: the watchdog samples which call runs, and times
     * out one it has seen running for the whole budget. */
    pthread_mutex_t mutex;
    pthread_cond_t wake;
    pthread_t thread;
    int quit;                /* under mutex */
    int armed;               /* atomic: an outer call runs */
    uint64_t call;           /* atomic: the number of the current (or last) outer call, from 1 */
    uint64_t timed_out_call; /* atomic: the call whose budget ran out, 0 for none */
    int64_t budget_ms;       /* atomic: the current call's budget */
    int watchdog_idle;       /* atomic: the watchdog waits for a call, and arming must wake it */
    char *stuck_message;     /* the line the stop writes */
    lua_State *main;
    lua_State *running;      /* the coroutine currently resumed, if any */
    int call_depth;

    char *traceback;
    const void *plain_key_objects[PLAIN_KEY_COUNT]; /* the anchored keys, by KEY_ */
};

/* Whether the current call ran out of its time budget. */
static inline int sbl_timed_out(sbl_guard *g) {
    uint64_t timed_out = __atomic_load_n(&g->timed_out_call, __ATOMIC_RELAXED);
    return timed_out != 0 && timed_out == __atomic_load_n(&g->call, __ATOMIC_RELAXED);
}

static inline sbl_guard *guard_of(lua_State *L) {
    void *ud = NULL;
    lua_getallocf(L, &ud);
    return (sbl_guard *)ud;
}

/* Allocator.c */
void *sbl_guarded_alloc(void *ud, void *ptr, size_t osize, size_t nsize);
void sbl_free_chunks(sbl_guard *g);

/* Watchdog.c */
void sbl_set_timeout_hook(lua_State *L);
void *sbl_watchdog_main(void *arg);
void sbl_arm(sbl_guard *g, int64_t budget_ms);
void sbl_disarm(sbl_guard *g);
int sbl_guarded_resume(lua_State *L);

/* Calls.c */
int sbl_message_handler(lua_State *L);

/* PlainReaders.c */
int sbl_anchor_plain_keys(lua_State *L);

#endif
