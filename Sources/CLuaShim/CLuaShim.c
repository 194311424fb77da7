/*
 * The C edge of Swatchbook's Lua runtime: guarded states, the error
 * trampoline for host functions, the sandboxed standard library, and the
 * function forms of lua.h macros that Swift cannot import.
 */
#include "CLuaShim.h"
#include "OrderedPairs.h"
#include "StringFormat.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <lua5.4/lauxlib.h>
#include <lua5.4/lua.h>
#include <lua5.4/lualib.h>

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
    KEY_ROWS, KEY_SELECTED, KEY_EXPANDED, PLAIN_KEY_COUNT
};
static const char *const plain_keys[PLAIN_KEY_COUNT] = {
    "name", "color", "count", "id", "fields", "data", "items", "children", "rows", "selected", "expanded"};
static const char plain_keys_anchor = 0;
_Static_assert(SBL_KEY_NAME == 1u << KEY_NAME && SBL_KEY_CHILDREN == 1u << KEY_CHILDREN
                   && SBL_KEY_EXPANDED == 1u << KEY_EXPANDED,
               "the header's key bits follow the anchored keys");

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

    pthread_mutex_t mutex;
    pthread_cond_t wake;
    pthread_t thread;
    int quit;
    int armed;
    int timed_out;         /* the deadline passed during the current call */
    int sleeping_until_deadline; /* the watchdog will wake by itself */
    struct timespec deadline;     /* CLOCK_MONOTONIC */
    struct timespec stop_at;      /* when a call still stuck is stopped */
    char *stuck_message;          /* the line the stop writes */
    lua_State *main;
    lua_State *running;    /* the coroutine currently resumed, if any */
    int call_depth;

    char *traceback;
    const void *plain_key_objects[PLAIN_KEY_COUNT]; /* the anchored keys, by KEY_ */
};

static sbl_guard *guard_of(lua_State *L) {
    void *ud = NULL;
    lua_getallocf(L, &ud);
    return (sbl_guard *)ud;
}

static void set_timeout_hook(lua_State *L);
static int message_handler(lua_State *L);

static int pool_class(size_t size) { return (int)((size + 15) >> 4) - 1; }

/* A block of at least `size` (1...POOL_LARGEST) bytes; NULL when out of memory. */
static void *pool_take(sbl_guard *g, size_t size) {
    int c = pool_class(size);
    pool_block *block = g->free_blocks[c];
    if (block != NULL) {
        g->free_blocks[c] = block->next;
        return block;
    }
    size_t rounded = (size_t)(c + 1) << 4;
    if (g->fresh == NULL || (size_t)(g->fresh_end - g->fresh) < rounded) {
        /* 16 bytes of header keep blocks 16-byte aligned. */
        pool_chunk *chunk = malloc(POOL_CHUNK);
        if (chunk == NULL) return NULL;
        chunk->next = g->chunks;
        g->chunks = chunk;
        g->fresh = (char *)chunk + 16;
        g->fresh_end = (char *)chunk + POOL_CHUNK;
    }
    void *fresh = g->fresh;
    g->fresh += rounded;
    return fresh;
}

static void pool_give(sbl_guard *g, void *block, size_t size) {
    int c = pool_class(size);
    ((pool_block *)block)->next = g->free_blocks[c];
    g->free_blocks[c] = block;
}

/* Frees a block Lua says is `size` bytes, to whichever of pool and malloc owns it. */
static void release(sbl_guard *g, void *block, size_t size) {
    if (size <= POOL_LARGEST) pool_give(g, block, size); else free(block);
}

/* Resizes a block between the pools and malloc. When a shrink cannot get a
 * new block it keeps the old one, which is at least as big: Lua requires a
 * shrink to succeed, and a block is only ever read up to its stated size. */
static void *resize(sbl_guard *g, void *ptr, size_t old, size_t nsize) {
    int pooled_before = ptr != NULL && old <= POOL_LARGEST;
    if (nsize <= POOL_LARGEST) {
        if (pooled_before && pool_class(old) == pool_class(nsize)) return ptr;
        void *block = pool_take(g, nsize);
        if (block == NULL) return ptr != NULL && nsize <= old ? ptr : NULL;
        if (ptr != NULL) {
            memcpy(block, ptr, old < nsize ? old : nsize);
            release(g, ptr, old);
        }
        return block;
    }
    if (!pooled_before) return realloc(ptr, nsize);
    void *block = malloc(nsize);
    if (block == NULL) return NULL;
    memcpy(block, ptr, old);
    pool_give(g, ptr, old);
    return block;
}

static void *guarded_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
    sbl_guard *g = (sbl_guard *)ud;
    size_t old = ptr != NULL ? osize : 0;
    if (nsize == 0) {
        if (ptr != NULL) release(g, ptr, old);
        g->used -= old;
        return NULL;
    }
    if (nsize > old && g->host_depth == 0 && g->used - old + nsize > g->limit) {
        /* Refuse, and keep refusing: the hook raises at every instruction
         * until the call ends, so a script that catches the error cannot
         * go on asking. */
        g->out_of_memory = 1;
        if (g->call_depth > 0) {
            set_timeout_hook(g->main);
            if (g->running != NULL) set_timeout_hook(g->running);
        }
        return NULL;
    }
    void *grown = resize(g, ptr, old, nsize);
    if (grown == NULL) return NULL;
    g->used = g->used - old + nsize;
    return grown;
}

/* ---- Time budget ---- */

static void timeout_hook(lua_State *L, lua_Debug *ar) {
    sbl_guard *g = guard_of(L);
    if (!__atomic_load_n(&g->timed_out, __ATOMIC_RELAXED) && !g->out_of_memory) {
        /* A hook left on a coroutine from an earlier call: drop it. */
        lua_sethook(L, NULL, 0, 0);
        return;
    }
    /* The message handler of an error raised outside the hook (by a C
     * function that saw the guard trip) runs with hooks allowed: raising
     * again from it would replace that error, and its line, with this one. */
    if (ar->event == LUA_HOOKCALL) {
        lua_getinfo(L, "f", ar);
        int handling = lua_tocfunction(L, -1) == message_handler;
        lua_pop(L, 1);
        if (handling) return;
    }
    /* The hook stays installed, so a script that catches this error with
     * pcall meets it again at its next instruction. The message names the
     * line that was running, which luaL_error cannot see from a hook. */
    const char *what = __atomic_load_n(&g->timed_out, __ATOMIC_RELAXED) ? "script timed out" : "not enough memory";
    if (lua_getinfo(L, "Sl", ar) && ar->currentline > 0) {
        luaL_error(L, "%s:%d: %s", ar->short_src, ar->currentline, what);
    }
    luaL_error(L, "%s", what);
}

static void set_timeout_hook(lua_State *L) {
    lua_sethook(L, timeout_hook, LUA_MASKCOUNT | LUA_MASKCALL, 1);
}

static int deadline_passed(const struct timespec *deadline) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return now.tv_sec > deadline->tv_sec
        || (now.tv_sec == deadline->tv_sec && now.tv_nsec >= deadline->tv_nsec);
}

/* A call that passed its deadline and still runs this long after is stuck
 * in C, where the hook never fires: a backtracking string.find, a long plain
 * search, a read that blocks. Nothing can unwind it safely, so the process
 * ends, the way a signal would end it. */
#define STUCK_GRACE_MS 1000

static void (*stop_hook)(void);

void sbl_set_stop_hook(void (*hook)(void)) { stop_hook = hook; }

void sbl_set_stuck_message(lua_State *L, const char *message) {
    sbl_guard *g = guard_of(L);
    free(g->stuck_message);
    g->stuck_message = strdup(message);
}

static struct timespec later(struct timespec from, int64_t ms) {
    int64_t ns = (int64_t)from.tv_nsec + (ms % 1000) * 1000000;
    from.tv_sec += (time_t)(ms / 1000) + (time_t)(ns / 1000000000);
    from.tv_nsec = (long)(ns % 1000000000);
    return from;
}

static void stop_stuck(sbl_guard *g) {
    if (stop_hook != NULL) stop_hook();
    const char *message = g->stuck_message != NULL ? g->stuck_message : "a script call could not be stopped";
    size_t length = strlen(message);
    while (length > 0) {
        ssize_t written = write(2, message, length);
        if (written <= 0 && errno != EINTR) break;
        if (written > 0) { message += written; length -= (size_t)written; }
    }
    (void)!write(2, "\n", 1);
    _exit(65);
}

/* The watchdog sleeps until the current call's deadline. Calls in a row push
 * the deadline later without waking it: when it wakes it re-reads the
 * deadline and sleeps again, so arming a call costs a lock, not a wake-up.
 * Past the deadline it arms the hook, then sleeps out the grace. */
static void *watchdog_main(void *arg) {
    sbl_guard *g = (sbl_guard *)arg;
    pthread_mutex_lock(&g->mutex);
    while (!g->quit) {
        if (!g->armed) {
            g->sleeping_until_deadline = 0;
            pthread_cond_wait(&g->wake, &g->mutex);
            continue;
        }
        g->sleeping_until_deadline = 1;
        struct timespec until = g->timed_out ? g->stop_at : g->deadline;
        pthread_cond_timedwait(&g->wake, &g->mutex, &until);
        if (!g->armed || g->quit) continue;
        if (!g->timed_out && deadline_passed(&g->deadline)) {
            /* lua_sethook is documented as safe to call asynchronously. */
            __atomic_store_n(&g->timed_out, 1, __ATOMIC_RELAXED);
            g->stop_at = later(g->deadline, STUCK_GRACE_MS);
            set_timeout_hook(g->main);
            if (g->running != NULL) set_timeout_hook(g->running);
        } else if (g->timed_out && deadline_passed(&g->stop_at)) {
            stop_stuck(g);
        }
    }
    pthread_mutex_unlock(&g->mutex);
    return NULL;
}

static void arm(sbl_guard *g, int64_t budget_ms) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    pthread_mutex_lock(&g->mutex);
    g->deadline = later(now, budget_ms);
    /* After a timeout the watchdog sleeps out the grace, which may end
     * after this call's deadline. */
    if (g->timed_out) g->sleeping_until_deadline = 0;
    g->armed = 1;
    g->timed_out = 0;
    g->running = NULL;
    if (!g->sleeping_until_deadline) pthread_cond_signal(&g->wake);
    pthread_mutex_unlock(&g->mutex);
}

static void disarm(sbl_guard *g) {
    pthread_mutex_lock(&g->mutex);
    g->armed = 0;
    if (g->timed_out || g->out_of_memory) lua_sethook(g->main, NULL, 0, 0);
    pthread_mutex_unlock(&g->mutex);
}

/* coroutine.resume that tells the watchdog which thread runs. */
static int guarded_resume(lua_State *L) {
    lua_State *co = lua_tothread(L, 1);
    luaL_argexpected(L, co != NULL, 1, "coroutine");
    sbl_guard *g = guard_of(L);
    pthread_mutex_lock(&g->mutex);
    lua_State *previous = g->running;
    g->running = co;
    if (g->timed_out || g->out_of_memory) set_timeout_hook(co);
    pthread_mutex_unlock(&g->mutex);

    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);

    pthread_mutex_lock(&g->mutex);
    g->running = previous;
    if (g->timed_out || g->out_of_memory) set_timeout_hook(L);
    pthread_mutex_unlock(&g->mutex);
    return lua_gettop(L);
}

/* ---- States ---- */

static int anchor_plain_keys(lua_State *L) {
    sbl_guard *g = guard_of(L);
    lua_createtable(L, PLAIN_KEY_COUNT, 0);
    for (int k = 0; k < PLAIN_KEY_COUNT; k++) {
        lua_pushstring(L, plain_keys[k]);
        g->plain_key_objects[k] = lua_topointer(L, -1);
        lua_rawseti(L, -2, k + 1);
    }
    lua_rawsetp(L, LUA_REGISTRYINDEX, &plain_keys_anchor);
    return 0;
}

/* Reads the table at `index` in one pass for a plain shape: every key in
 * `wanted` (a mask of 1 << KEY_) present with the Lua type `types` gives
 * it, no key in `refused`; other keys are left alone, as the full readers
 * leave them. Fills `fields` by KEY_: strings point into the table, which
 * keeps them alive. Nothing is left on the stack and nothing can raise. */
static int read_plain(lua_State *L, int index, unsigned wanted, unsigned refused,
                      const int types[PLAIN_KEY_COUNT], sbl_field fields[PLAIN_KEY_COUNT]) {
    /* A key and its value above the table; callers may be outside any C
     * function, where Lua promises no free slots. */
    if (lua_type(L, index) != LUA_TTABLE || !lua_checkstack(L, 3)) return 0;
    const void *const *keys = guard_of(L)->plain_key_objects;
    int top = lua_gettop(L);
    unsigned found = 0;
    int plain = 1;
    lua_pushnil(L);
    while (plain && lua_next(L, index) != 0) {
        /* A key the host does not know at all is a mistake the full reader
         * warns about, so the table is not plain. */
        int known = 0;
        if (lua_type(L, -2) == LUA_TSTRING) {
            const void *key = lua_topointer(L, -2);
            for (int k = 0; k < PLAIN_KEY_COUNT; k++) {
                if (key != keys[k]) continue;
                known = 1;
                unsigned bit = 1u << k;
                if (refused & bit) {
                    plain = 0;
                } else if (wanted & bit) {
                    if (types[k] == LUA_TSTRING && lua_type(L, -1) == LUA_TSTRING) {
                        fields[k].bytes = lua_tolstring(L, -1, &fields[k].length);
                    } else if (types[k] == LUA_TNUMBER && lua_isinteger(L, -1)) {
                        fields[k].integer = (int64_t)lua_tointeger(L, -1);
                    } else {
                        plain = 0;
                    }
                    found |= bit;
                }
                break;
            }
        }
        if (!known) plain = 0;
        lua_pop(L, 1);
    }
    lua_settop(L, top);
    return plain && found == wanted;
}

int sbl_plain_item(lua_State *L, int index, sbl_field *name, sbl_field *color) {
    static const int types[PLAIN_KEY_COUNT] = {[KEY_NAME] = LUA_TSTRING, [KEY_COLOR] = LUA_TSTRING};
    sbl_field fields[PLAIN_KEY_COUNT];
    int plain = read_plain(L, lua_absindex(L, index), 1u << KEY_NAME | 1u << KEY_COLOR,
                           1u << KEY_ID | 1u << KEY_FIELDS | 1u << KEY_DATA, types, fields);
    if (plain) {
        *name = fields[KEY_NAME];
        *color = fields[KEY_COLOR];
    }
    return plain;
}

int sbl_plain_row(lua_State *L, int index, sbl_field *name, sbl_field *count) {
    static const int types[PLAIN_KEY_COUNT] = {[KEY_NAME] = LUA_TSTRING, [KEY_COUNT] = LUA_TNUMBER};
    sbl_field fields[PLAIN_KEY_COUNT];
    int plain = read_plain(L, lua_absindex(L, index), 1u << KEY_NAME | 1u << KEY_COUNT,
                           1u << KEY_ID | 1u << KEY_ITEMS | 1u << KEY_FIELDS | 1u << KEY_CHILDREN,
                           types, fields);
    if (plain) {
        *name = fields[KEY_NAME];
        *count = fields[KEY_COUNT];
    }
    return plain;
}

int sbl_unknown_keys(lua_State *L, int index, unsigned known) {
    index = lua_absindex(L, index);
    if (lua_type(L, index) != LUA_TTABLE || !lua_checkstack(L, 3)) return 0;
    const void *const *keys = guard_of(L)->plain_key_objects;
    int top = lua_gettop(L);
    int unknown = 0;
    lua_pushnil(L);
    while (lua_next(L, index) != 0) {
        int found = 0;
        if (lua_type(L, -2) == LUA_TSTRING) {
            const void *key = lua_topointer(L, -2);
            for (int k = 0; k < PLAIN_KEY_COUNT; k++) {
                if (key == keys[k]) {
                    found = (known >> k) & 1u;
                    break;
                }
            }
        }
        unknown += !found;
        lua_pop(L, 1);
    }
    lua_settop(L, top);
    return unknown;
}

int sbl_call_items(lua_State *L, int function, int64_t section, int64_t row, int64_t first, int count,
                   int64_t budget_ms, sbl_item_sink sink, void *context, int *done, int *timed_out,
                   int *out_of_memory) {
    function = lua_absindex(L, function);
    *done = 0;
    for (int k = 0; k < count; k++) {
        lua_pushvalue(L, function);
        lua_pushinteger(L, (lua_Integer)section);
        lua_pushinteger(L, (lua_Integer)row);
        lua_pushinteger(L, (lua_Integer)(first + k));
        int status = sbl_pcall(L, 3, 1, budget_ms, timed_out, out_of_memory);
        if (status != LUA_OK) return status;
        sbl_field name, color;
        if (!sbl_plain_item(L, -1, &name, &color) || !sink(context, k, &name, &color)) return LUA_OK;
        lua_pop(L, 1);
        *done = k + 1;
    }
    return LUA_OK;
}

static void free_chunks(sbl_guard *g) {
    for (pool_chunk *chunk = g->chunks, *next; chunk != NULL; chunk = next) {
        next = chunk->next;
        free(chunk);
    }
}

lua_State *sbl_newstate(size_t memory_limit) {
    sbl_guard *g = calloc(1, sizeof *g);
    if (g == NULL) return NULL;
    g->limit = memory_limit;
    lua_State *L = lua_newstate(guarded_alloc, g);
    if (L == NULL) {
        free(g);
        return NULL;
    }
    g->main = L;
    lua_pushcfunction(L, anchor_plain_keys);
    if (lua_pcall(L, 0, 0, 0) != LUA_OK) {
        lua_close(L);
        free_chunks(g);
        free(g);
        return NULL;
    }
    pthread_mutex_init(&g->mutex, NULL);
    pthread_condattr_t attributes;
    pthread_condattr_init(&attributes);
    pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC);
    pthread_cond_init(&g->wake, &attributes);
    pthread_condattr_destroy(&attributes);
    if (pthread_create(&g->thread, NULL, watchdog_main, g) != 0) {
        lua_close(L);
        pthread_mutex_destroy(&g->mutex);
        pthread_cond_destroy(&g->wake);
        free_chunks(g);
        free(g);
        return NULL;
    }
    return L;
}

void sbl_close(lua_State *L) {
    if (L == NULL) return;
    sbl_guard *g = guard_of(L);
    pthread_mutex_lock(&g->mutex);
    g->quit = 1;
    pthread_cond_signal(&g->wake);
    pthread_mutex_unlock(&g->mutex);
    pthread_join(g->thread, NULL);
    lua_close(L);
    pthread_mutex_destroy(&g->mutex);
    pthread_cond_destroy(&g->wake);
    free(g->traceback);
    free(g->stuck_message);
    free_chunks(g);
    free(g);
}

/* ---- Calls ---- */

/* Message handler: keeps the message as it is and files the traceback apart,
 * so errors read `file:line: message` and `--verbose` can add the rest. */
static int message_handler(lua_State *L) {
    sbl_guard *g = guard_of(L);
    g->host_depth++;
    if (lua_type(L, 1) != LUA_TSTRING && lua_type(L, 1) != LUA_TNUMBER) {
        lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
        lua_replace(L, 1);
    }
    luaL_traceback(L, L, NULL, 1);
    free(g->traceback);
    g->traceback = strdup(lua_tostring(L, -1));
    lua_pop(L, 1);
    g->host_depth--;
    return 1;
}

int sbl_pcall(lua_State *L, int nargs, int nresults, int64_t budget_ms,
              int *timed_out, int *out_of_memory) {
    sbl_guard *g = guard_of(L);
    int base = lua_gettop(L) - nargs;
    lua_pushcfunction(L, message_handler);
    lua_insert(L, base);
    int outer = g->call_depth++ == 0;
    if (outer) {
        g->out_of_memory = 0;
        arm(g, budget_ms);
    }
    int status = lua_pcall(L, nargs, nresults, base);
    if (outer) disarm(g);
    g->call_depth--;
    lua_remove(L, base);
    if (timed_out != NULL) *timed_out = status != LUA_OK && g->timed_out;
    if (out_of_memory != NULL) *out_of_memory = status != LUA_OK && g->out_of_memory;
    return status;
}

const char *sbl_last_traceback(lua_State *L) {
    const char *t = guard_of(L)->traceback;
    return t != NULL ? t : "";
}

static int trampoline(lua_State *L) {
    sbl_host_fn fn = (sbl_host_fn)lua_touserdata(L, lua_upvalueindex(1));
    void *context = lua_touserdata(L, lua_upvalueindex(2));
    sbl_guard *g = guard_of(L);
    g->host_depth++;
    int results = fn(L, context);
    if (results >= 0 && g->host_depth == 1 && g->used > g->limit) {
        g->out_of_memory = 1;
        lua_pushliteral(L, "not enough memory");
        results = -1;
    }
    g->host_depth--;
    if (results < 0) {
        /* Name the Lua line that called the host function, as luaL_error would. */
        g->host_depth++;
        luaL_where(L, 1);
        lua_insert(L, -2);
        lua_concat(L, 2);
        g->host_depth--;
        return lua_error(L);
    }
    return results;
}

void sbl_push_host_function(lua_State *L, sbl_host_fn fn, void *context) {
    lua_pushlightuserdata(L, (void *)fn);
    lua_pushlightuserdata(L, context);
    lua_pushcclosure(L, trampoline, 2);
}

int sbl_protected(lua_State *L, sbl_host_fn fn, void *context, int nargs, int nresults) {
    sbl_push_host_function(L, fn, context);
    lua_insert(L, -1 - nargs);
    return lua_pcall(L, nargs, nresults, 0);
}

/* ---- Loading and the sandbox ---- */

int sbl_loadtext(lua_State *L, const char *text, size_t length, const char *chunkname) {
    return luaL_loadbufferx(L, text, length, chunkname, "t");
}

/* `load` that refuses binary chunks whatever mode the script asks for. */
static int text_only_load(lua_State *L) {
    lua_settop(L, 4);
    lua_pushliteral(L, "t");
    lua_replace(L, 3);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, 4, LUA_MULTRET);
    return lua_gettop(L);
}

/* `setmetatable` that refuses a `__gc` field. A finalizer is script code run
 * whenever the collector decides: inside host code, or as a state closes,
 * and always with hooks turned off (Lua does so for every finalizer), so no
 * time budget could stop one that never ends. A sandboxed plugin holds no
 * resource a finalizer could release. */
static int guarded_setmetatable(lua_State *L) {
    if (lua_type(L, 2) == LUA_TTABLE) {
        lua_pushliteral(L, "__gc");
        if (lua_rawget(L, 2) != LUA_TNIL) {
            return luaL_error(L, "setmetatable: __gc finalizers are not available to plugins");
        }
        lua_pop(L, 1);
    }
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, 1);
    return 1;
}

/* luaL_checktype for a table, or a value whose metatable has `field`. */
static void check_table_like(lua_State *L, int arg, const char *field) {
    if (lua_type(L, arg) == LUA_TTABLE) return;
    if (lua_getmetatable(L, arg)) {
        int has = lua_getfield(L, -1, field) != LUA_TNIL;
        lua_pop(L, 2);
        if (has) return;
    }
    luaL_checktype(L, arg, LUA_TTABLE);
}

/* table.move that heeds the guard: the standard one moves up to 2^63
 * elements of a plain table without running one instruction, so the hook
 * could never stop `table.move({}, 1, 2^40, 1)`. */
static int guarded_move(lua_State *L) {
    lua_Integer f = luaL_checkinteger(L, 2);
    lua_Integer e = luaL_checkinteger(L, 3);
    lua_Integer t = luaL_checkinteger(L, 4);
    int to = lua_isnoneornil(L, 5) ? 1 : 5;
    check_table_like(L, 1, "__index");
    check_table_like(L, to, "__newindex");
    if (e >= f) {
        luaL_argcheck(L, f > 0 || e < LUA_MAXINTEGER + f, 3, "too many elements to move");
        lua_Integer n = e - f + 1;
        luaL_argcheck(L, t <= LUA_MAXINTEGER - n + 1, 4, "destination wrap around");
        sbl_guard *g = guard_of(L);
        /* Forwards unless the ranges overlap with the destination after the source. */
        int forwards = t > e || t <= f || (to != 1 && !lua_compare(L, 1, to, LUA_OPEQ));
        for (lua_Integer k = 0; k < n; k++) {
            if ((k & 4095) == 4095
                && (__atomic_load_n(&g->timed_out, __ATOMIC_RELAXED) || g->out_of_memory)) {
                return luaL_error(L, g->out_of_memory ? "not enough memory" : "script timed out");
            }
            lua_Integer i = forwards ? k : n - 1 - k;
            lua_geti(L, 1, f + i);
            lua_seti(L, to, t + i);
        }
    }
    lua_pushvalue(L, to);
    return 1;
}

static void open_library(lua_State *L, const char *name, lua_CFunction open) {
    luaL_requiref(L, name, open, 1);
    lua_pop(L, 1);
}

static void remove_field(lua_State *L, int table, const char *name) {
    lua_pushnil(L);
    lua_setfield(L, table, name);
}

static void copy_field(lua_State *L, int from, int to, const char *name) {
    lua_getfield(L, from, name);
    lua_setfield(L, to, name);
}

static int open_sandbox(lua_State *L) {
    int64_t seed = (int64_t)lua_tointeger(L, 1);
    open_library(L, LUA_GNAME, luaopen_base);
    open_library(L, LUA_STRLIBNAME, luaopen_string);
    open_library(L, LUA_TABLIBNAME, luaopen_table);
    open_library(L, LUA_MATHLIBNAME, luaopen_math);
    open_library(L, LUA_UTF8LIBNAME, luaopen_utf8);
    open_library(L, LUA_COLIBNAME, luaopen_coroutine);

    lua_pushglobaltable(L);
    int G = lua_gettop(L);
    lua_getfield(L, G, LUA_STRLIBNAME);
    sbl_install_fast_format(L, lua_gettop(L));
    lua_pop(L, 1);
    remove_field(L, G, "dofile");
    remove_field(L, G, "loadfile");
    lua_getfield(L, G, "load");
    lua_pushcclosure(L, text_only_load, 1);
    lua_setfield(L, G, "load");
    lua_getfield(L, G, "setmetatable");
    lua_pushcclosure(L, guarded_setmetatable, 1);
    lua_setfield(L, G, "setmetatable");
    sbl_install_ordered_pairs(L, G);
    lua_getfield(L, G, LUA_TABLIBNAME);
    lua_pushcfunction(L, guarded_move);
    lua_setfield(L, -2, "move");
    lua_pop(L, 1);

    /* os: only the clock and the calendar. */
    luaL_requiref(L, LUA_OSLIBNAME, luaopen_os, 0);
    int os = lua_gettop(L);
    lua_createtable(L, 0, 3);
    copy_field(L, os, os + 1, "time");
    copy_field(L, os, os + 1, "clock");
    copy_field(L, os, os + 1, "date");
    lua_setfield(L, G, "os");
    lua_pop(L, 1);

    /* coroutine.resume and wrap that let the watchdog follow coroutines. */
    lua_getfield(L, G, "coroutine");
    int co = lua_gettop(L);
    lua_getfield(L, co, "resume");
    lua_pushcclosure(L, guarded_resume, 1);
    lua_setfield(L, co, "resume");
    luaL_dostring(L,
        "local create, resume, pack, unpack = coroutine.create, coroutine.resume, table.pack, table.unpack\n"
        "coroutine.wrap = function(f)\n"
        "  local co = create(f)\n"
        "  return function(...)\n"
        "    local r = pack(resume(co, ...))\n"
        "    if r[1] then return unpack(r, 2, r.n) end\n"
        "    error(r[2], 0)\n"
        "  end\n"
        "end\n");
    lua_pop(L, 1);

    /* The package library is never opened; its registry entries go too. */
    lua_getfield(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
    remove_field(L, lua_gettop(L), LUA_OSLIBNAME);
    lua_pop(L, 1);

    lua_getfield(L, G, "math");
    lua_getfield(L, -1, "randomseed");
    lua_pushinteger(L, (lua_Integer)seed);
    lua_call(L, 1, 0);
    lua_pop(L, 2);
    return 0;
}

void sbl_open_sandbox(lua_State *L, int64_t seed) {
    sbl_guard *g = guard_of(L);
    g->host_depth++;
    lua_pushcfunction(L, open_sandbox);
    lua_pushinteger(L, (lua_Integer)seed);
    if (lua_pcall(L, 1, 0, 0) != LUA_OK) lua_pop(L, 1);
    g->host_depth--;
}

/* ---- Macro forms ---- */

void sbl_pop(lua_State *L, int n) { lua_pop(L, n); }
const char *sbl_tostring(lua_State *L, int index, size_t *length) {
    return lua_tolstring(L, index, length);
}
int64_t sbl_tointeger(lua_State *L, int index, int *isnum) {
    return (int64_t)lua_tointegerx(L, index, isnum);
}
double sbl_tonumber(lua_State *L, int index, int *isnum) {
    return (double)lua_tonumberx(L, index, isnum);
}
int sbl_registryindex(void) { return LUA_REGISTRYINDEX; }
void sbl_pushglobaltable(lua_State *L) { lua_pushglobaltable(L); }
void sbl_collect_garbage(lua_State *L) { lua_gc(L, LUA_GCCOLLECT); }
