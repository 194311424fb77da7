/*
 * Loading text chunks and the sandboxed standard library.
 */
#include "Guard.h"
#include "OrderedPairs.h"
#include "StringFormat.h"

#include <string.h>

#include <lua5.4/lauxlib.h>
#include <lua5.4/lua.h>
#include <lua5.4/lualib.h>

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
                && (sbl_timed_out(g) || g->out_of_memory)) {
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
    lua_pushcclosure(L, sbl_guarded_resume, 1);
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
