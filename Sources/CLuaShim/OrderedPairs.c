/*
 * pairs in an order that is the same on every run and every machine.
 *
 * Lua 5.4 seeds its string hashes afresh for each state, so `next`, and with
 * it the standard `pairs`, visits a table's string keys in a different order
 * each run: a plugin that builds its catalogue with pairs would draw it
 * differently each time. This pairs visits the array part first (1, 2, 3, ...
 * as Lua keeps it), then the other keys sorted: numbers by value, strings by
 * their bytes, false before true, and anything else (tables, functions,
 * userdata, which have no order but their address) in the order `next` gives.
 * A table may carry an order of its own (a decoded JSON object keeps its
 * document's): its keys come first in that order, then any added since,
 * sorted. A table's __pairs metamethod is honoured as the standard pairs does.
 *
 * Keys removed during the loop are skipped; keys added are not visited (Lua
 * leaves both undefined for `next`, and this makes them safe).
 */

#include <lua5.4/lauxlib.h>
#include <lua5.4/lua.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "CLuaShim.h"
#include "OrderedPairs.h"

/* The registry's weak-keyed table of key orders, under this address. */
static const char key_orders_anchor = 0;

/* A key as the sort compares it; `position` is its place in the keys array. */
typedef struct {
    int rank; /* 0 numbers, 1 strings, 2 booleans, 3 anything else */
    int is_integer;
    lua_Integer integer;
    lua_Number number;
    uint64_t prefix; /* a string's first eight bytes, big-endian: most compare on it alone */
    const char *bytes;
    size_t length;
    int position;
} sort_key;

static int rank_of(int type) {
    switch (type) {
    case LUA_TNUMBER: return 0;
    case LUA_TSTRING: return 1;
    case LUA_TBOOLEAN: return 2;
    default: return 3;
    }
}

static int compare_numbers(const sort_key *a, const sort_key *b) {
    if (a->is_integer && b->is_integer) return (a->integer > b->integer) - (a->integer < b->integer);
    lua_Number x = a->is_integer ? (lua_Number)a->integer : a->number;
    lua_Number y = b->is_integer ? (lua_Number)b->integer : b->number;
    if (x != y) return (x > y) - (x < y);
    return b->is_integer - a->is_integer; /* 2^53 and 2^53 + 1 as a float: integer first */
}

static int compare_keys(const void *left, const void *right) {
    const sort_key *a = left, *b = right;
    if (a->rank != b->rank) return a->rank - b->rank;
    int order = 0;
    if (a->rank == 1) {
        if (a->prefix != b->prefix) return a->prefix < b->prefix ? -1 : 1;
        size_t shorter = a->length < b->length ? a->length : b->length;
        order = shorter > 8 ? memcmp(a->bytes + 8, b->bytes + 8, shorter - 8) : 0;
        if (order == 0) order = (a->length > b->length) - (a->length < b->length);
    } else if (a->rank == 0) {
        order = compare_numbers(a, b);
    } else if (a->rank == 2) {
        order = (int)(a->integer - b->integer);
    }
    return order != 0 ? order : a->position - b->position;
}

/* Reads the key on top of the stack (left there) into `key`. */
static void read_key(lua_State *L, sort_key *key, int position) {
    key->position = position;
    key->rank = rank_of(lua_type(L, -1));
    key->is_integer = 0;
    if (key->rank == 1) {
        /* The keys array holds the string, so its bytes stay put. */
        key->bytes = lua_tolstring(L, -1, &key->length);
        uint64_t prefix = 0;
        for (size_t i = 0; i < 8; i++) {
            prefix = prefix << 8 | (i < key->length ? (unsigned char)key->bytes[i] : 0);
        }
        key->prefix = prefix;
    } else if (key->rank == 0) {
        key->is_integer = lua_isinteger(L, -1);
        if (key->is_integer) key->integer = lua_tointeger(L, -1); else key->number = lua_tonumber(L, -1);
    } else if (key->rank == 2) {
        key->integer = lua_toboolean(L, -1);
    }
}

/* Tables of up to this many keys to sort are sorted on the C stack. */
#define SMALL_SORT 32

/* Sorts entries first+1 ... count of the keys array at `keys` in place.
 * Returns 0 when the stack cannot grow (the array is left as it was). */
static int sort_tail(lua_State *L, int keys, int first, int count) {
    int n = count - first;
    if (n < 2) return 1;
    sort_key small[SMALL_SORT];
    sort_key *sorted = small;
    if (n > SMALL_SORT) sorted = lua_newuserdatauv(L, (size_t)n * sizeof *sorted, 0);
    for (int k = 0; k < n; k++) {
        lua_rawgeti(L, keys, first + 1 + k);
        read_key(L, &sorted[k], first + 1 + k);
        lua_pop(L, 1);
    }
    qsort(sorted, (size_t)n, sizeof *sorted, compare_keys);
    /* Every key is also a key of the table being iterated, which keeps each
     * string alive while the array is rearranged. A few are moved through
     * the stack, more through a second array. */
    if (n <= SMALL_SORT) {
        if (!lua_checkstack(L, n)) return 0;
        for (int k = 0; k < n; k++) lua_rawgeti(L, keys, sorted[k].position);
        for (int k = n; k > 0; k--) lua_rawseti(L, keys, first + k);
        return 1;
    }
    lua_createtable(L, n, 0);
    int moved = lua_gettop(L);
    for (int k = 0; k < n; k++) {
        lua_rawgeti(L, keys, sorted[k].position);
        lua_rawseti(L, moved, k + 1);
    }
    for (int k = 0; k < n; k++) {
        lua_rawgeti(L, moved, k + 1);
        lua_rawseti(L, keys, first + 1 + k);
    }
    lua_pop(L, 2);
    return 1;
}

/* Pushes the order recorded for the table at `table`, or nil. */
static int push_recorded_order(lua_State *L, int table) {
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &key_orders_anchor) != LUA_TTABLE) return LUA_TNIL;
    lua_pushvalue(L, table);
    int type = lua_rawget(L, -2);
    lua_remove(L, -2);
    return type;
}

/* The number of keys of the table at `table`. */
static int count_keys(lua_State *L, int table) {
    int total = 0;
    lua_pushnil(L);
    while (lua_next(L, table) != 0) {
        lua_pop(L, 1);
        total++;
    }
    return total;
}

/* Fills the array at `keys` with the keys of `table` in the order recorded
 * in the array on top (popped): those still there, then any added since.
 * Returns how many; *fixed is how many were in the recorded order. */
static int fill_in_recorded_order(lua_State *L, int table, int keys, int total, int *fixed) {
    int order = lua_gettop(L);
    int count = 0;
    lua_Integer length = (lua_Integer)lua_rawlen(L, order);
    for (lua_Integer k = 1; k <= length; k++) {
        lua_rawgeti(L, order, k);
        lua_pushvalue(L, -1);
        if (lua_rawget(L, table) != LUA_TNIL) {
            lua_pop(L, 1);
            lua_rawseti(L, keys, ++count);
        } else {
            lua_pop(L, 2);
        }
    }
    *fixed = count;
    if (total > count) {
        /* Keys added since: those not in the order, found with a set. */
        lua_createtable(L, 0, count);
        int seen = lua_gettop(L);
        for (int k = 1; k <= count; k++) {
            lua_rawgeti(L, keys, k);
            lua_pushboolean(L, 1);
            lua_rawset(L, seen);
        }
        lua_pushnil(L);
        while (lua_next(L, table) != 0) {
            lua_pop(L, 1);
            lua_pushvalue(L, -1);
            if (lua_rawget(L, seen) == LUA_TNIL) {
                lua_pushvalue(L, -2);
                lua_rawseti(L, keys, ++count);
            }
            lua_pop(L, 1);
        }
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    return count;
}

/* Fills the array at `keys` with the keys of `table` as `next` gives them.
 * Returns how many; *fixed is how many lead in place (the array part,
 * which `next` visits first: 1, 2, 3, ...). */
static int fill_as_next_gives(lua_State *L, int table, int keys, int *fixed) {
    int count = 0;
    int in_order = 1;
    *fixed = 0;
    lua_pushnil(L);
    while (lua_next(L, table) != 0) {
        lua_pop(L, 1);
        lua_pushvalue(L, -1);
        lua_rawseti(L, keys, ++count);
        if (in_order && lua_isinteger(L, -1) && lua_tointeger(L, -1) == count) {
            *fixed = count;
        } else {
            in_order = 0;
        }
    }
    return count;
}

/* The common case, a table of up to SMALL_SORT keys with no recorded
 * order, in one traversal: the keys are kept on the stack as `next` gives
 * them, sorted there, and left on it in order. Returns how many, or -1
 * (the stack as it was) for a table of more keys. The caller has made room
 * for 2 * SMALL_SORT + 4 values. */
static int push_few_keys_in_order(lua_State *L, int table) {
    int base = lua_gettop(L);
    sort_key few[SMALL_SORT];
    int n = 0;
    int fixed = 0;
    lua_pushnil(L);
    while (lua_next(L, table) != 0) {
        lua_pop(L, 1);
        if (n == SMALL_SORT) {
            lua_settop(L, base);
            return -1;
        }
        /* The key stays where it is, and a copy goes on for `next`. */
        read_key(L, &few[n], base + 1 + n);
        if (fixed == n && few[n].is_integer && few[n].integer == n + 1) fixed = n + 1;
        n++;
        lua_pushvalue(L, -1);
    }
    if (n - fixed < 2) return n;
    qsort(few + fixed, (size_t)(n - fixed), sizeof *few, compare_keys);
    for (int k = 0; k < n; k++) lua_pushvalue(L, few[k].position);
    lua_rotate(L, base + 1, n);
    lua_settop(L, base + n);
    return n;
}

int sbl_push_keys_in_order(lua_State *L, int table) {
    table = lua_absindex(L, table);
    if (!lua_checkstack(L, 2 * SMALL_SORT + 8)) return -1;
    int base = lua_gettop(L);
    if (push_recorded_order(L, table) == LUA_TNIL) {
        lua_pop(L, 1);
        int few = push_few_keys_in_order(L, table);
        if (few >= 0) {
            lua_createtable(L, few, 0);
            lua_rotate(L, base + 1, 1);
            for (int k = few; k > 0; k--) lua_rawseti(L, base + 1, k);
            return few;
        }
    } else {
        lua_pop(L, 1);
    }
    /* Counted first, so the array is made at its size once. */
    int total = count_keys(L, table);
    lua_createtable(L, total, 0);
    int keys = lua_gettop(L);
    int fixed = 0;
    int count = push_recorded_order(L, table) == LUA_TTABLE
        ? fill_in_recorded_order(L, table, keys, total, &fixed)
        : (lua_pop(L, 1), fill_as_next_gives(L, table, keys, &fixed));
    if (!sort_tail(L, keys, fixed, count)) {
        lua_settop(L, base);
        return -1;
    }
    return count;
}

/* The iterator: upvalue 1 the keys array, 2 its length, 3 the next place. */
static int next_in_order(lua_State *L) {
    lua_Integer count = lua_tointeger(L, lua_upvalueindex(2));
    lua_Integer at = lua_tointeger(L, lua_upvalueindex(3));
    while (at < count) {
        at++;
        lua_rawgeti(L, lua_upvalueindex(1), at);
        lua_pushvalue(L, -1);
        if (lua_rawget(L, 1) != LUA_TNIL) {
            lua_pushinteger(L, at);
            lua_replace(L, lua_upvalueindex(3));
            return 2;
        }
        lua_pop(L, 2); /* removed during the loop */
    }
    lua_pushinteger(L, at);
    lua_replace(L, lua_upvalueindex(3));
    return 0;
}

/* The iterator of a few keys: upvalue 1 the next place, then the keys. */
static int next_of_few(lua_State *L) {
    lua_Integer at = lua_tointeger(L, lua_upvalueindex(1));
    for (;;) {
        at++;
        /* Past the last key, the upvalue index reads as none. */
        if (lua_type(L, lua_upvalueindex((int)at + 1)) == LUA_TNONE) break;
        lua_pushvalue(L, lua_upvalueindex((int)at + 1));
        lua_pushvalue(L, -1);
        if (lua_rawget(L, 1) != LUA_TNIL) {
            lua_pushinteger(L, at);
            lua_replace(L, lua_upvalueindex(1));
            return 2;
        }
        lua_pop(L, 2); /* removed during the loop */
    }
    lua_pushinteger(L, at - 1);
    lua_replace(L, lua_upvalueindex(1));
    return 0;
}

static int ordered_pairs(lua_State *L) {
    if (luaL_getmetafield(L, 1, "__pairs") != LUA_TNIL) {
        lua_pushvalue(L, 1);
        lua_call(L, 1, 3);
        return 3;
    }
    luaL_checktype(L, 1, LUA_TTABLE);
    luaL_checkstack(L, 2 * SMALL_SORT + 8, NULL);
    /* A few keys ride in the iterator itself, with no array for them. */
    if (push_recorded_order(L, 1) == LUA_TNIL) {
        lua_pop(L, 1);
        lua_pushinteger(L, 0);
        int few = push_few_keys_in_order(L, 1);
        if (few >= 0) {
            lua_pushcclosure(L, next_of_few, few + 1);
            lua_pushvalue(L, 1);
            lua_pushnil(L);
            return 3;
        }
        lua_pop(L, 1);
    } else {
        lua_pop(L, 1);
    }
    int count = sbl_push_keys_in_order(L, 1);
    if (count < 0) return luaL_error(L, "stack overflow");
    lua_pushinteger(L, count);
    lua_pushinteger(L, 0);
    lua_pushcclosure(L, next_in_order, 3);
    lua_pushvalue(L, 1);
    lua_pushnil(L);
    return 3;
}

void sbl_keep_key_order(lua_State *L, int table) {
    table = lua_absindex(L, table);
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &key_orders_anchor) != LUA_TTABLE) {
        lua_pop(L, 1);
        lua_newtable(L);
        lua_createtable(L, 0, 1);
        lua_pushliteral(L, "k");
        lua_setfield(L, -2, "__mode");
        lua_setmetatable(L, -2);
        lua_pushvalue(L, -1);
        lua_rawsetp(L, LUA_REGISTRYINDEX, &key_orders_anchor);
    }
    lua_pushvalue(L, table);
    lua_pushvalue(L, -3); /* the order, below the orders table */
    lua_rawset(L, -3);
    lua_pop(L, 2);
}

void sbl_install_ordered_pairs(lua_State *L, int globals) {
    lua_pushcfunction(L, ordered_pairs);
    lua_setfield(L, globals, "pairs");
}
