/*
 * The guarded allocator: per-state pools of small blocks, malloc for the
 * rest, and the memory cap, which refuses and keeps refusing until the call ends.
 */
#include "Guard.h"

#include <stdlib.h>
#include <string.h>

#include <lua5.4/lauxlib.h>
#include <lua5.4/lua.h>
#include <lua5.4/lualib.h>

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

/* Refuse, and keep refusing: the hook raises at every instruction until the
 * call ends, so a script that catches the error cannot go on asking. */
static void trip(sbl_guard *g) {
    g->out_of_memory = 1;
    if (g->call_depth > 0) {
        sbl_set_timeout_hook(g->main);
        if (g->running != NULL) sbl_set_timeout_hook(g->running);
    }
}

int sbl_check_cap(lua_State *L, size_t more) {
    sbl_guard *g = guard_of(L);
    if (g->used <= g->limit && more <= g->limit - g->used) return 1;
    trip(g);
    return 0;
}

void *sbl_guarded_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
    sbl_guard *g = (sbl_guard *)ud;
    size_t old = ptr != NULL ? osize : 0;
    if (nsize == 0) {
        if (ptr != NULL) release(g, ptr, old);
        g->used -= old;
        return NULL;
    }
    if (nsize > old && g->host_depth == 0 && g->used - old + nsize > g->limit) {
        trip(g);
        return NULL;
    }
    void *grown = resize(g, ptr, old, nsize);
    if (grown == NULL) return NULL;
    g->used = g->used - old + nsize;
    return grown;
}

void sbl_free_chunks(sbl_guard *g) {
    for (pool_chunk *chunk = g->chunks, *next; chunk != NULL; chunk = next) {
        next = chunk->next;
        free(chunk);
    }
}
