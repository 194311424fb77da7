/*
 * The time budget: a watchdog thread per state that sets the hook which
 * stops a call past its deadline, and stops the process when a call inside a
 * library function cannot be interrupted.
 */
#include "Guard.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <lua5.4/lauxlib.h>
#include <lua5.4/lua.h>
#include <lua5.4/lualib.h>

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
        int handling = lua_tocfunction(L, -1) == sbl_message_handler;
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

void sbl_set_timeout_hook(lua_State *L) {
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
void *sbl_watchdog_main(void *arg) {
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
            sbl_set_timeout_hook(g->main);
            if (g->running != NULL) sbl_set_timeout_hook(g->running);
        } else if (g->timed_out && deadline_passed(&g->stop_at)) {
            stop_stuck(g);
        }
    }
    pthread_mutex_unlock(&g->mutex);
    return NULL;
}

void sbl_arm(sbl_guard *g, int64_t budget_ms) {
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

void sbl_disarm(sbl_guard *g) {
    pthread_mutex_lock(&g->mutex);
    g->armed = 0;
    if (g->timed_out || g->out_of_memory) lua_sethook(g->main, NULL, 0, 0);
    pthread_mutex_unlock(&g->mutex);
}

/* coroutine.resume that tells the watchdog which thread runs. */
int sbl_guarded_resume(lua_State *L) {
    lua_State *co = lua_tothread(L, 1);
    luaL_argexpected(L, co != NULL, 1, "coroutine");
    sbl_guard *g = guard_of(L);
    pthread_mutex_lock(&g->mutex);
    lua_State *previous = g->running;
    g->running = co;
    if (g->timed_out || g->out_of_memory) sbl_set_timeout_hook(co);
    pthread_mutex_unlock(&g->mutex);

    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);

    pthread_mutex_lock(&g->mutex);
    g->running = previous;
    if (g->timed_out || g->out_of_memory) sbl_set_timeout_hook(L);
    pthread_mutex_unlock(&g->mutex);
    return lua_gettop(L);
}
