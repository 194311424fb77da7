/*
 * Calls into Lua under the guard: protected calls with the message
 * handler and traceback, the trampoline of host functions, and runs of item calls.
 */
#include "Guard.h"

#include <stdlib.h>
#include <string.h>

#include <lua5.4/lauxlib.h>
#include <lua5.4/lua.h>
#include <lua5.4/lualib.h>

/* Message handler: keeps the message as it is and files the traceback apart,
 * so errors read `file:line: message` and `--verbose` can add the rest. */
int sbl_message_handler(lua_State *L) {
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
    lua_pushcfunction(L, sbl_message_handler);
    lua_insert(L, base);
    int outer = g->call_depth++ == 0;
    if (outer) {
        g->out_of_memory = 0;
        sbl_arm(g, budget_ms);
    }
    int status = lua_pcall(L, nargs, nresults, base);
    if (outer) sbl_disarm(g);
    g->call_depth--;
    lua_remove(L, base);
    if (timed_out != NULL) *timed_out = status != LUA_OK && sbl_timed_out(g);
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

int sbl_call_items(lua_State *L, int function, int ctx, int64_t section, int64_t row, int64_t first,
                   int count, int64_t budget_ms, sbl_item_sink sink, void *context, int *done, int *timed_out,
                   int *out_of_memory) {
    function = lua_absindex(L, function);
    ctx = lua_absindex(L, ctx);
    *done = 0;
    for (int k = 0; k < count; k++) {
        lua_pushvalue(L, function);
        lua_pushinteger(L, (lua_Integer)section);
        lua_pushinteger(L, (lua_Integer)row);
        lua_pushinteger(L, (lua_Integer)(first + k));
        lua_pushvalue(L, ctx);
        int status = sbl_pcall(L, 4, 1, budget_ms, timed_out, out_of_memory);
        if (status != LUA_OK) return status;
        sbl_field name, color;
        if (!sbl_plain_item(L, -1, &name, &color) || !sink(context, k, &name, &color)) return LUA_OK;
        lua_pop(L, 1);
        *done = k + 1;
    }
    return LUA_OK;
}
