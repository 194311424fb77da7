/*
 * The time budget: a watchdog thread per state that sets the hook which
 * stops a call past its budget, and stops the process when a call inside a
 * library function cannot be interrupted.
 *
 * Arming a call costs a few atomic stores: no lock and no clock, which a
 * lazy source's tens of thousands of calls a render would pay each time.
 * The watchdog instead wakes every eighth of the budget while calls run,
 * and times out a call it has seen running for a whole budget: a call is
 * stopped after at least its budget and at most a quarter more (it may
 * start just after one look, and pass its budget just after another).
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
    if (!(sbl_timed_out(g) && __atomic_load_n(&g->armed, __ATOMIC_RELAXED)) && !g->out_of_memory) {
        /* A hook left on a coroutine from an earlier call, or set as a
         * call ended: drop it. */
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
    const char *what = sbl_timed_out(g) ? "script timed out" : "not enough memory";
    if (lua_getinfo(L, "Sl", ar) && ar->currentline > 0) {
        luaL_error(L, "%s:%d: %s", ar->short_src, ar->currentline, what);
    }
    luaL_error(L, "%s", what);
}

void sbl_set_timeout_hook(lua_State *L) {
    lua_sethook(L, timeout_hook, LUA_MASKCOUNT | LUA_MASKCALL, 1);
}

static int64_t now_ms(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (int64_t)now.tv_sec * 1000 + now.tv_nsec / 1000000;
}

/* A call that ran out of its budget and still runs this long after is stuck
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

static struct timespec at_ms(int64_t ms) {
    struct timespec t = { .tv_sec = (time_t)(ms / 1000), .tv_nsec = (long)(ms % 1000) * 1000000 };
    return t;
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

/* The watchdog, with the mutex held but while it waits. Without a call
 * it waits to be woken; while calls run it looks every eighth of the budget
 * at which call runs. One it sees still running a whole budget after it
 * first saw it gets the hook, and one still running a grace after that
 * stops the process. */
void *sbl_watchdog_main(void *arg) {
    sbl_guard *g = (sbl_guard *)arg;
    uint64_t seen = 0;      /* the call last seen running */
    int64_t seen_at = 0;    /* when it was first seen */
    int64_t stop_at = 0;    /* when the call timed out is stopped, if still running */
    pthread_mutex_lock(&g->mutex);
    while (!g->quit) {
        /* Idle is published before `armed` is read, and arming publishes
         * `armed` before it reads idle: one of the two sees the other, so a
         * call armed now is never left to an untimed wait. */
        __atomic_store_n(&g->watchdog_idle, 1, __ATOMIC_SEQ_CST);
        if (!__atomic_load_n(&g->armed, __ATOMIC_SEQ_CST)) {
            pthread_cond_wait(&g->wake, &g->mutex);
            seen = 0;
            continue;
        }
        __atomic_store_n(&g->watchdog_idle, 0, __ATOMIC_SEQ_CST);
        uint64_t call = __atomic_load_n(&g->call, __ATOMIC_SEQ_CST);
        int64_t budget = __atomic_load_n(&g->budget_ms, __ATOMIC_RELAXED);
        int64_t now = now_ms();
        if (call != seen) {
            seen = call;
            seen_at = now;
        } else if (__atomic_load_n(&g->timed_out_call, __ATOMIC_RELAXED) == call) {
            if (now >= stop_at && __atomic_load_n(&g->armed, __ATOMIC_SEQ_CST)
                && __atomic_load_n(&g->call, __ATOMIC_SEQ_CST) == call) {
                stop_stuck(g);
            }
        } else if (now - seen_at >= budget) {
            /* A call that ended just now and the next one tell this one
             * apart by its number: the hook of a call not timed out drops
             * itself. lua_sethook is documented as safe to call asynchronously. */
            __atomic_store_n(&g->timed_out_call, call, __ATOMIC_RELAXED);
            stop_at = now + STUCK_GRACE_MS;
            sbl_set_timeout_hook(g->main);
            lua_State *running = __atomic_load_n(&g->running, __ATOMIC_SEQ_CST);
            if (running != NULL) sbl_set_timeout_hook(running);
        }
        int64_t step = budget / 8 > 0 ? budget / 8 : 1;
        struct timespec until = at_ms(__atomic_load_n(&g->timed_out_call, __ATOMIC_RELAXED) == call
                                          ? stop_at : now + step);
        pthread_cond_timedwait(&g->wake, &g->mutex, &until);
    }
    pthread_mutex_unlock(&g->mutex);
    return NULL;
}

void sbl_arm(sbl_guard *g, int64_t budget_ms) {
    __atomic_store_n(&g->budget_ms, budget_ms, __ATOMIC_RELAXED);
    __atomic_store_n(&g->running, NULL, __ATOMIC_SEQ_CST);
    uint64_t previous = __atomic_fetch_add(&g->call, 1, __ATOMIC_SEQ_CST);
    __atomic_store_n(&g->armed, 1, __ATOMIC_SEQ_CST);
    /* The watchdog waits for a call, or sleeps out the grace of the call
     * before, which may end after this one's budget: wake it. */
    if (__atomic_load_n(&g->watchdog_idle, __ATOMIC_SEQ_CST)
        || __atomic_load_n(&g->timed_out_call, __ATOMIC_RELAXED) == previous) {
        pthread_mutex_lock(&g->mutex);
        pthread_cond_signal(&g->wake);
        pthread_mutex_unlock(&g->mutex);
    }
}

void sbl_disarm(sbl_guard *g) {
    __atomic_store_n(&g->armed, 0, __ATOMIC_SEQ_CST);
    if (sbl_timed_out(g) || g->out_of_memory) {
        pthread_mutex_lock(&g->mutex);
        lua_sethook(g->main, NULL, 0, 0);
        pthread_mutex_unlock(&g->mutex);
    }
}

/* coroutine.resume that tells the watchdog which thread runs. */
int sbl_guarded_resume(lua_State *L) {
    lua_State *co = lua_tothread(L, 1);
    luaL_argexpected(L, co != NULL, 1, "coroutine");
    sbl_guard *g = guard_of(L);
    pthread_mutex_lock(&g->mutex);
    lua_State *previous = g->running;
    __atomic_store_n(&g->running, co, __ATOMIC_SEQ_CST);
    if (sbl_timed_out(g) || g->out_of_memory) sbl_set_timeout_hook(co);
    pthread_mutex_unlock(&g->mutex);

    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);

    pthread_mutex_lock(&g->mutex);
    __atomic_store_n(&g->running, previous, __ATOMIC_SEQ_CST);
    if (sbl_timed_out(g) || g->out_of_memory) sbl_set_timeout_hook(L);
    pthread_mutex_unlock(&g->mutex);
    return lua_gettop(L);
}
