/*
 * Function forms of lua.h macros, which Swift cannot import.
 */
#include "Guard.h"

#include <lua5.4/lauxlib.h>
#include <lua5.4/lua.h>
#include <lua5.4/lualib.h>

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
