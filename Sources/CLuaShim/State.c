/*
 * Guarded states: made with their allocator, anchored keys and watchdog,
 * and closed with them.
 */
#include "Guard.h"

#include <stdlib.h>

#include <lua5.4/lauxlib.h>
#include <lua5.4/lua.h>
#include <lua5.4/lualib.h>

lua_State *sbl_newstate(size_t memory_limit) {
    sbl_guard *g = calloc(1, sizeof *g);
    if (g == NULL) return NULL;
    g->limit = memory_limit;
    lua_State *L = lua_newstate(sbl_guarded_alloc, g);
    if (L == NULL) {
        free(g);
        return NULL;
    }
    g->main = L;
    lua_pushcfunction(L, sbl_anchor_plain_keys);
    if (lua_pcall(L, 0, 0, 0) != LUA_OK) {
        lua_close(L);
        sbl_free_chunks(g);
        free(g);
        return NULL;
    }
    pthread_mutex_init(&g->mutex, NULL);
    pthread_condattr_t attributes;
    pthread_condattr_init(&attributes);
    pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC);
    pthread_cond_init(&g->wake, &attributes);
    pthread_condattr_destroy(&attributes);
    if (pthread_create(&g->thread, NULL, sbl_watchdog_main, g) != 0) {
        lua_close(L);
        pthread_mutex_destroy(&g->mutex);
        pthread_cond_destroy(&g->wake);
        sbl_free_chunks(g);
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
    sbl_free_chunks(g);
    free(g);
}
